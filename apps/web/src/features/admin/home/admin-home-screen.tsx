import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function AdminHomeScreen() {
  return <PlaceholderScreen title="Admin home" />;
}
