import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function AdminLoginScreen() {
  return <PlaceholderScreen title="Admin login" />;
}
