import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  totpCodeSchema,
  twoFactorEnrolRequestSchema,
  type TwoFactorEnrolResponse,
} from '@scheduler/contract/admin/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import * as z from 'zod';
import { FormTextField } from '../shared/components/form-fields';
import { applyServerFieldErrors, notifySaved, SaveErrorAlert } from '../shared/components/save-feedback';
import { accountKeys, confirmTwoFactor, disableTwoFactor, enrolTwoFactor } from './account-api';
import { OtpauthQrCode } from './otpauth-qr-code';

/** Runs `save`; a refusal goes onto the fields (details.fields) or, failing that, into `setFailure`. */
async function saving<T extends FieldValues>(
  save: () => Promise<void>,
  setError: Parameters<typeof applyServerFieldErrors<T>>[1],
  setFailure: (error: unknown) => void,
): Promise<void> {
  setFailure(null);
  try {
    await save();
  } catch (error) {
    if (!applyServerFieldErrors(error, setError)) setFailure(error);
  }
}

function StepForm({
  label,
  onSubmit,
  submitting,
  submitLabel,
  failure,
  onCancel,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  submitting: boolean;
  submitLabel: string;
  failure: unknown;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Box component="form" noValidate aria-label={label} onSubmit={(event) => void onSubmit(event)}>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        {children}
        <SaveErrorAlert error={failure} />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={submitting}>
            {submitting ? t`Checking…` : submitLabel}
          </Button>
          <Button onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

function CodeField<T extends FieldValues>({ control, name }: { control: Control<T>; name: Path<T> }) {
  const { t } = useLingui();
  return (
    <FormTextField
      control={control}
      name={name}
      label={t`6-digit code from the app`}
      autoComplete="one-time-code"
      required
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 } }}
    />
  );
}

function CurrentPasswordField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T>;
}) {
  const { t } = useLingui();
  return (
    <FormTextField
      control={control}
      name={name}
      label={t`Current password`}
      type="password"
      autoComplete="current-password"
      required
      fullWidth
    />
  );
}

/** Step 1 of the set-up: the current password (a stolen open session alone cannot enrol). */
export function EnrolPasswordForm({
  onEnrolled,
  onCancel,
}: {
  onEnrolled: (answer: TwoFactorEnrolResponse) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [failure, setFailure] = useState<unknown>(null);
  const { control, handleSubmit, formState, setError, setFocus } = useForm({
    defaultValues: { currentPassword: '' },
    resolver: zodResolver(twoFactorEnrolRequestSchema),
  });
  useEffect(() => setFocus('currentPassword'), [setFocus]);
  const onSubmit = handleSubmit(({ currentPassword }) =>
    saving(async () => onEnrolled(await enrolTwoFactor(currentPassword)), setError, setFailure),
  );
  return (
    <StepForm
      label={t`Confirm your password`}
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      submitLabel={t`Continue`}
      failure={failure}
      onCancel={onCancel}
    >
      <Typography>
        <Trans>Enter your password to set up two-factor sign-in.</Trans>
      </Typography>
      <CurrentPasswordField control={control} name="currentPassword" />
    </StepForm>
  );
}

const codeFormSchema = z.object({ code: totpCodeSchema });

/** The key in groups of four, easier to type into an app by hand. */
function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** Step 2: scan the QR code (or type the key), then confirm with a code: only then is it on. */
export function ConfirmCodeForm({
  enrolment,
  onDone,
  onCancel,
}: {
  enrolment: TwoFactorEnrolResponse;
  onDone: () => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const [failure, setFailure] = useState<unknown>(null);
  const { control, handleSubmit, formState, setError } = useForm({
    defaultValues: { code: '' },
    resolver: zodResolver(codeFormSchema),
  });
  const onSubmit = handleSubmit(({ code }) =>
    saving(
      async () => {
        await confirmTwoFactor(code);
        await queryClient.invalidateQueries({ queryKey: accountKeys.account });
        notifySaved(t`Two-factor sign-in is on`);
        onDone();
      },
      setError,
      setFailure,
    ),
  );
  return (
    <StepForm
      label={t`Confirm two-factor sign-in`}
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      submitLabel={t`Turn on`}
      failure={failure}
      onCancel={onCancel}
    >
      <Typography>
        <Trans>
          Scan this QR code with your authenticator app (for example Google Authenticator, Microsoft
          Authenticator or 1Password), then enter the code it shows.
        </Trans>
      </Typography>
      <OtpauthQrCode uri={enrolment.otpauthUri} />
      <Typography variant="body2">
        <Trans>Can&apos;t scan it? Enter this key in the app:</Trans>{' '}
        <Box component="code" sx={{ fontSize: '1rem', userSelect: 'all', wordBreak: 'break-all' }}>
          {groupedSecret(enrolment.secret)}
        </Box>
      </Typography>
      <CodeField control={control} name="code" />
    </StepForm>
  );
}

const disableFormSchema = z.object({
  currentPassword: twoFactorEnrolRequestSchema.shape.currentPassword,
  code: totpCodeSchema,
});

/** Turning it off takes the password and a current code. */
export function DisableTwoFactorForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const [failure, setFailure] = useState<unknown>(null);
  const { control, handleSubmit, formState, setError, setFocus } = useForm({
    defaultValues: { currentPassword: '', code: '' },
    resolver: zodResolver(disableFormSchema),
  });
  useEffect(() => setFocus('currentPassword'), [setFocus]);
  const onSubmit = handleSubmit(({ currentPassword, code }) =>
    saving(
      async () => {
        await disableTwoFactor(currentPassword, code);
        await queryClient.invalidateQueries({ queryKey: accountKeys.account });
        notifySaved(t`Two-factor sign-in is off`);
        onDone();
      },
      setError,
      setFailure,
    ),
  );
  return (
    <StepForm
      label={t`Turn off two-factor sign-in`}
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      submitLabel={t`Turn off`}
      failure={failure}
      onCancel={onCancel}
    >
      <CurrentPasswordField control={control} name="currentPassword" />
      <CodeField control={control} name="code" />
    </StepForm>
  );
}
