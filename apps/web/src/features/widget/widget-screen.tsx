import { PlaceholderScreen } from '../../components/placeholder-screen';

export function WidgetScreen() {
  return <PlaceholderScreen title="Booking widget" />;
}
