import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function InsuranceConfigScreen() {
  return <PlaceholderScreen title="Insurance configuration" />;
}
