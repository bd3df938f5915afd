import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { loginRequestSchema } from '@scheduler/contract/admin-auth';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { setRemindEmail } from '../state/admin-login-slice';
import { setAdminDetails, setPermissions } from '../state/admin-slice';
import { useAdminDispatch, useAdminSelector } from '../state/hooks';
import { isApiError } from '../../../lib/api-client';
import { storeAuthSession } from '../../../lib/auth-session';
import { FormTextField } from '../shared/components/form-fields';
import { login, sessionKeys } from '../shared/api/session-api';
import { lockoutMessage, shouldUseBearerToken } from './login-helpers';

interface LoginForm {
  email: string;
  password: string;
}

interface LoginLocationState {
  from?: unknown;
  reason?: unknown;
}

/** Where to go after signing in: the admin page the user was sent away from, else the admin home. */
function returnPath(state: LoginLocationState | null): string {
  const from = state?.from;
  return typeof from === 'string' && from.startsWith('/admin/') ? from : '/';
}

export function AdminLoginScreen() {
  const dispatch = useAdminDispatch();
  const remembered = useAdminSelector((state) => state.adminLogin.remindEmail);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const locationState = (location.state ?? null) as LoginLocationState | null;
  const [rememberEmail, setRememberEmail] = useState(remembered !== '');
  const [serverError, setServerError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const { control, handleSubmit, formState, setFocus } = useForm<LoginForm>({
    defaultValues: { email: remembered, password: '' },
    resolver: zodResolver(loginRequestSchema),
  });

  useEffect(() => {
    setFocus(remembered ? 'password' : 'email');
  }, [remembered, setFocus]);

  useEffect(() => {
    if (serverError) alertRef.current?.focus();
  }, [serverError]);

  const onSubmit = handleSubmit(async (credentials) => {
    setServerError(null);
    try {
      const answer = await login(credentials);
      storeAuthSession(
        shouldUseBearerToken()
          ? { expiresAt: answer.expiresAt, token: answer.token }
          : { expiresAt: answer.expiresAt },
      );
      dispatch(setRemindEmail(rememberEmail ? credentials.email : ''));
      dispatch(setAdminDetails([answer.session.user]));
      dispatch(setPermissions(answer.session.permissions));
      queryClient.setQueryData(sessionKeys.user, answer.session);
      await navigate(returnPath(locationState), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 429) setServerError(lockoutMessage(error));
      else if (isApiError(error) && error.status === 401) setServerError(lockoutMessage(error));
      else if (isApiError(error)) setServerError(error.message);
      else setServerError('Something went wrong. Please try again.');
    }
  });

  const expired = locationState?.reason === 'expired';

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <title>Sign in · Scheduler admin</title>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Admin login
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Sign in to manage your practice&apos;s online scheduling.
        </Typography>
        {expired && !serverError ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            Your session has ended. Please sign in again.
          </Alert>
        ) : null}
        {serverError ? (
          <Alert severity="error" sx={{ mb: 2 }} ref={alertRef} tabIndex={-1} role="alert">
            {serverError}
          </Alert>
        ) : null}
        <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <Stack spacing={2}>
            <FormTextField
              control={control}
              name="email"
              label="E-mail"
              type="email"
              autoComplete="username"
              required
              fullWidth
            />
            <FormTextField
              control={control}
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              fullWidth
            />
            <FormControlLabel
              control={
                <Checkbox checked={rememberEmail} onChange={(_event, checked) => setRememberEmail(checked)} />
              }
              label="Remember my e-mail"
            />
            <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Signing in…' : 'Sign in'}
            </Button>
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
}
