import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function PatientDetailsScreen() {
  return <PlaceholderScreen title="Patient details" />;
}
