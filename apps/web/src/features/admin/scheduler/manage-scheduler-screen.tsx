import { PlaceholderScreen } from '../../../components/placeholder-screen';

export function ManageSchedulerScreen() {
  return <PlaceholderScreen title="Manage scheduler" />;
}
