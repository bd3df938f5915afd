import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function FindAppointmentScreen() {
  return <PlaceholderScreen title="Find appointment" />;
}
