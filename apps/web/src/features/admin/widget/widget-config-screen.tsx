import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function WidgetConfigScreen() {
  return <PlaceholderScreen title="Widget" />;
}
