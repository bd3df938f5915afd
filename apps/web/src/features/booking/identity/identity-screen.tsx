import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function IdentityScreen() {
  return <PlaceholderScreen title="Identity" />;
}
