import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function EditProviderScreen() {
  return <PlaceholderScreen title="Edit provider" />;
}
