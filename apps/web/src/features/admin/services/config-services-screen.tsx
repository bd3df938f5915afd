import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function ConfigServicesScreen() {
  return <PlaceholderScreen title="Service configuration" />;
}
