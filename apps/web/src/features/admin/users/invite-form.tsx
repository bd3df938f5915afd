import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  INVITATION_LIFETIME_HOURS,
  createInvitationRequestSchema,
  type InvitationCreatedResponse,
} from '@scheduler/contract/admin/accounts';
import { ROLES, type Role } from '@scheduler/domain/roles';
import { i18n } from '../../../i18n/catalogs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormSelect, FormTextField } from '../shared/components/form-fields';
import { applyServerFieldErrors, notifySaved, SaveErrorAlert } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import { roleLabel } from '../shared/status-labels';
import { inviteUser, usersKeys } from './users-api';

/** The roles as choices, named in the active language. */
export function roleOptions(): { value: Role; label: string }[] {
  return ROLES.map((role) => ({ value: role, label: roleLabel(role) }));
}
const ROLE_HELP: Record<Role, MessageDescriptor> = {
  owner: msg`everything, including people`,
  admin: msg`configuration and patients`,
  staff: msg`patients, waitlist and reports`,
  viewer: msg`reports only`,
};

const inviteFormSchema = createInvitationRequestSchema.pick({ email: true, role: true });

/**
 * Invites a person by e-mail with a role. They accept from the e-mailed link, choosing their own
 * password; without an e-mail transport the owner gets the link to pass on (`onLink`).
 */
export function InviteForm({ onLink }: { onLink: (answer: InvitationCreatedResponse) => void }) {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const { control, handleSubmit, reset, setError, formState } = useForm({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { email: '', role: 'staff' as Role },
  });
  const invite = useMutation({
    mutationFn: (values: { email: string; role: Role }) => inviteUser(clientId, values),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: usersKeys.invitations(clientId) });
      reset();
      if (answer.delivery === 'link' && answer.link) onLink(answer);
      else notifySaved(t`Invitation sent to ${answer.invitation.email}`);
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
    } catch (error) {
      applyServerFieldErrors(error, setError);
    }
  });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="invite-title" sx={{ p: 2, mb: 3 }}>
      <Typography id="invite-title" variant="h6" component="h2" gutterBottom>
        <Trans>Invite a person</Trans>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        <Trans>
          They get an e-mail with a link that works once, for {INVITATION_LIFETIME_HOURS} hours, and choose
          their own password. Someone who already has an account accepts while signed in.
        </Trans>
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <FormTextField
            control={control}
            name="email"
            label={t`E-mail`}
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            fullWidth
          />
          <FormSelect
            control={control}
            name="role"
            label={t`Role`}
            options={roleOptions()}
            sx={{ minWidth: 180 }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting}
            sx={{ mt: { md: 1 }, flexShrink: 0 }}
          >
            {formState.isSubmitting ? t`Sending…` : t`Send invitation`}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <Trans>
            Roles: {ROLES.map((role) => `${roleLabel(role)} (${i18n._(ROLE_HELP[role])})`).join('; ')}.
          </Trans>
        </Typography>
        <SaveErrorAlert error={invite.error} />
      </Box>
    </Paper>
  );
}
