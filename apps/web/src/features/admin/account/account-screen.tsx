import { Trans, useLingui } from '@lingui/react/macro';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { AdminPage } from '../shared/components/admin-page';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { accountKeys, fetchAccount } from './account-api';
import { ChangePasswordCard } from './change-password-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** account (every role): one's own password, sessions and two-factor sign-in. */
export function AccountScreen() {
  const { t } = useLingui();
  const account = useQuery({ queryKey: accountKeys.account, queryFn: ({ signal }) => fetchAccount(signal) });
  return (
    <AdminPage
      title={t`Your account`}
      maxWidth={900}
      description={t`Your password, where you are signed in, and two-factor sign-in.`}
    >
      {account.isPending ? <LoadingBlock label={t`Loading your account…`} /> : null}
      {account.isError ? (
        <ErrorBlock error={account.error} what={t`your account`} onRetry={() => void account.refetch()} />
      ) : null}
      {account.data ? (
        <Stack spacing={3}>
          <Typography>
            <Trans>
              Signed in as <strong>{account.data.displayName}</strong> ({account.data.email})
            </Trans>
          </Typography>
          <ChangePasswordCard email={account.data.email} />
          <TwoFactorCard account={account.data} />
          <SessionsCard />
        </Stack>
      ) : null}
    </AdminPage>
  );
}
