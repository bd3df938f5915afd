import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function ReportsScreen() {
  return <PlaceholderScreen title="Reports" />;
}
