import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function ThankYouScreen() {
  return <PlaceholderScreen title="Thank you" />;
}
