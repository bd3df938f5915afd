import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function WaitlistScreen() {
  return <PlaceholderScreen title="Waitlist" />;
}
