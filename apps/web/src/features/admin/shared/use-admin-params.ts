import { useParams } from 'react-router';

/** The brand (ClientId) and scheduler (ruleId) of the admin URL. */
export function useAdminParams(): { clientId: string; ruleId: string } {
  const { ClientId = '', ruleId = '' } = useParams();
  return { clientId: ClientId, ruleId };
}
