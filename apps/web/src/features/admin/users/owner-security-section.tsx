import { Trans, useLingui } from '@lingui/react/macro';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBlock } from '../shared/components/query-state';
import { notifySaveFailed, notifySaved } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import { fetchAccountSecurity, saveAccountSecurity, usersKeys } from './users-api';

/** The brand's rule: owners must sign in with two-factor (each sets it up under Account). */
export function OwnerSecuritySection() {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const security = useQuery({
    queryKey: usersKeys.security(clientId),
    queryFn: ({ signal }) => fetchAccountSecurity(clientId, signal),
  });
  const save = useMutation({
    mutationFn: (required: boolean) => saveAccountSecurity(clientId, required),
    onSuccess: (answer) => {
      queryClient.setQueryData(usersKeys.security(clientId), answer);
      notifySaved(
        answer.requireOwnerTwoFactor
          ? t`Owners must now use two-factor sign-in`
          : t`Two-factor sign-in is now optional for owners`,
      );
    },
    onError: notifySaveFailed,
  });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="security-title" sx={{ p: 2, mb: 3 }}>
      <Typography id="security-title" variant="h6" component="h2" gutterBottom>
        <Trans>Sign-in security</Trans>
      </Typography>
      {security.isError ? (
        <ErrorBlock
          error={security.error}
          what={t`the sign-in rules`}
          onRetry={() => void security.refetch()}
        />
      ) : (
        <FormControlLabel
          control={
            <Switch
              checked={security.data?.requireOwnerTwoFactor ?? false}
              disabled={security.isPending || save.isPending}
              onChange={(_event, checked) => save.mutate(checked)}
            />
          }
          label={t`Require two-factor sign-in for owners`}
        />
      )}
      <Typography variant="body2" color="text.secondary">
        <Trans>Anyone can turn on two-factor sign-in for their own account under Account.</Trans>
      </Typography>
    </Paper>
  );
}
