import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function LandingScreen() {
  return <PlaceholderScreen title="Landing" />;
}
