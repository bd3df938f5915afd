import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function AdditionalDetailsScreen() {
  return <PlaceholderScreen title="Additional details" />;
}
