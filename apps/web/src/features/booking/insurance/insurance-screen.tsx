import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function InsuranceScreen() {
  return <PlaceholderScreen title="Insurance" />;
}
