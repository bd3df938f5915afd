import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function ProviderControlScreen() {
  return <PlaceholderScreen title="Provider control" />;
}
