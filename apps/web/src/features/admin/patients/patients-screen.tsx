import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function PatientsScreen() {
  return <PlaceholderScreen title="Patients" />;
}
