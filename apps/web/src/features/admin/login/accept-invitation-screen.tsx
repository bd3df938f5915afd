import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InvitationLookupResponse } from '@scheduler/contract/admin/accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link as RouterLink } from '../../../components/app-link';
import { clearAuthSession, hasAdminSession } from '../../../lib/auth-session';
import { notify } from '../../../lib/notify';
import { logout } from '../shared/api/session-api';
import { loginPath } from '../shared/admin-paths';
import { LoadingBlock } from '../shared/components/query-state';
import { FocusedError, NewAccountForm } from './accept-invitation-forms';
import { linkTokenOf } from './link-token';
import { acceptInvitation, lookupInvitation } from './login-api';
import { signInErrorMessage } from './login-errors';
import { PublicPage } from './public-page';
import { roleLabel } from '../shared/status-labels';

function expiryText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** Someone with an account accepts while signed in as it (their consent), or signs in first. */
function ExistingAccountStep({ token, invitation }: { token: string; invitation: InvitationLookupResponse }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ['admin'] });
      void notify(t`You joined ${invitation.clientName}`, 'success');
      await navigate('/', { replace: true });
    },
  });
  const signInFirst = () =>
    void navigate(loginPath(), { state: { from: `${location.pathname}${location.hash}` } });
  if (!hasAdminSession()) {
    return (
      <Stack spacing={2}>
        <Typography>
          <Trans>
            Sign in as <strong>{invitation.email}</strong> to accept. You will come back here.
          </Trans>
        </Typography>
        <Button variant="contained" size="large" onClick={signInFirst}>
          <Trans>Sign in to accept</Trans>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <FocusedError message={accept.error ? signInErrorMessage(accept.error) : null} />
      <Typography>
        <Trans>
          Accept with your account <strong>{invitation.email}</strong>. If you are signed in as someone else,
          sign out first.
        </Trans>
      </Typography>
      <Button variant="contained" size="large" disabled={accept.isPending} onClick={() => accept.mutate()}>
        {accept.isPending ? t`Accepting…` : t`Accept the invitation`}
      </Button>
    </Stack>
  );
}

/** A browser signed in to some account cannot make a new one: the invitation's person signs out first. */
function SignOutFirst({ email, onSignedOut }: { email: string; onSignedOut: () => void }) {
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    try {
      await logout();
    } catch {
      // forgotten here whatever the server answered
    } finally {
      clearAuthSession();
      setPending(false);
      onSignedOut();
    }
  };
  return (
    <Stack spacing={2}>
      <Alert severity="info">
        <Trans>
          This browser is signed in to another account. To create the account for {email}, sign out first.
        </Trans>
      </Alert>
      <Button variant="contained" disabled={pending} onClick={() => void signOut()}>
        <Trans>Sign out</Trans>
      </Button>
    </Stack>
  );
}

/**
 * `/admin/accept-invitation#token=…` (the e-mailed link, or the link an owner passed on): shows the
 * practice and role, then accepts — signed in as the invited account, or by choosing one's own name
 * and password for a new account.
 */
export function AcceptInvitationScreen() {
  const { t } = useLingui();
  const location = useLocation();
  const token = linkTokenOf(location.hash);
  const [, setSignedOut] = useState(0);
  const lookup = useQuery({
    queryKey: ['invitation', 'lookup', token],
    queryFn: () => lookupInvitation(token ?? ''),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  let body;
  if (token === null) {
    body = (
      <FocusedError message={t`This invitation link is not valid. Open the link from the e-mail again.`} />
    );
  } else if (lookup.isPending) {
    body = <LoadingBlock label={t`Checking the invitation…`} />;
  } else if (lookup.isError) {
    body = <FocusedError message={signInErrorMessage(lookup.error)} />;
  } else {
    const invitation = lookup.data;
    let step;
    if (invitation.accountExists) step = <ExistingAccountStep token={token} invitation={invitation} />;
    else if (hasAdminSession())
      step = <SignOutFirst email={invitation.email} onSignedOut={() => setSignedOut((count) => count + 1)} />;
    else step = <NewAccountForm token={token} invitation={invitation} />;
    body = (
      <Stack spacing={2}>
        <Typography>
          <Trans>
            You are invited to join <strong>{invitation.clientName}</strong> as{' '}
            <strong>{roleLabel(invitation.role)}</strong>. The invitation is for {invitation.email} and works
            until {expiryText(invitation.expiresAt)}.
          </Trans>
        </Typography>
        {step}
      </Stack>
    );
  }
  return (
    <PublicPage title={t`Accept an invitation`} heading={t`Join a practice`} noReferrer>
      {body}
      <Link component={RouterLink} to={loginPath()} sx={{ display: 'block', mt: 3, textAlign: 'center' }}>
        <Trans>Go to sign-in</Trans>
      </Link>
    </PublicPage>
  );
}
