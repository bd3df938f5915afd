import { useLingui } from '@lingui/react/macro';
import type { WaitlistEntry } from '@scheduler/contract/admin/waitlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notify';
import { errorMessageOf } from '../shared/api/admin-request';
import { configKeys } from '../shared/api/config-keys';
import { notifySaved } from '../shared/components/save-feedback';
import { removeWaitlistEntry, updateWaitlistEntry } from './waitlist-api';

/** The waitlist's changes: remove an entry (`onRemoved` closes its dialog) or mark it contacted. */
export function useWaitlistChanges(clientId: string, onRemoved: () => void) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const refreshWaitlist = () => {
    void queryClient.invalidateQueries({ queryKey: configKeys.waitlist(clientId) });
  };
  const remove = useMutation({
    mutationFn: (entry: WaitlistEntry) => removeWaitlistEntry(clientId, entry.waitlistEntryId),
    onSuccess: (_answer, entry) => {
      onRemoved();
      const name = `${entry.firstName} ${entry.lastName}`;
      notifySaved(t`Removed ${name} from the waitlist`);
      refreshWaitlist();
    },
  });
  const markContacted = useMutation({
    mutationFn: (entry: WaitlistEntry) =>
      updateWaitlistEntry(clientId, { waitlistEntryId: entry.waitlistEntryId, status: 'contacted' }),
    onSuccess: (_answer, entry) => {
      const name = `${entry.firstName} ${entry.lastName}`;
      notifySaved(t`Marked ${name} as contacted`);
      refreshWaitlist();
    },
    onError: (error) => {
      void notify(errorMessageOf(error, t`The entry could not be changed. Please try again.`), 'error');
    },
  });
  return { refreshWaitlist, remove, markContacted };
}
