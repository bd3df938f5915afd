import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function LocationConfigScreen() {
  return <PlaceholderScreen title="Location configuration" />;
}
