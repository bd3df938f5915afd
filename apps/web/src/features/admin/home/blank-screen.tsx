import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function BlankScreen() {
  return <PlaceholderScreen title="Blank" />;
}
