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
  const account = useQuery({ queryKey: accountKeys.account, queryFn: ({ signal }) => fetchAccount(signal) });
  return (
    <AdminPage
      title="Your account"
      maxWidth={900}
      description="Your password, where you are signed in, and two-factor sign-in."
    >
      {account.isPending ? <LoadingBlock label="Loading your account…" /> : null}
      {account.isError ? (
        <ErrorBlock error={account.error} what="your account" onRetry={() => void account.refetch()} />
      ) : null}
      {account.data ? (
        <Stack spacing={3}>
          <Typography>
            Signed in as <strong>{account.data.displayName}</strong> ({account.data.email})
          </Typography>
          <ChangePasswordCard email={account.data.email} />
          <TwoFactorCard account={account.data} />
          <SessionsCard />
        </Stack>
      ) : null}
    </AdminPage>
  );
}
