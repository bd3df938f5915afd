import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import { dateOfBirthIssue, patientIdentitySchema, type PatientIdentity } from '@scheduler/contract/patient';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessageOf } from '../shared/api/admin-request';
import { FormSwitch, FormTextField } from '../shared/components/form-fields';
import { usePatientSearch } from './front-desk-api';

/** Who the appointment is for: a patient on file, or a new person (the public identity step's fields). */
export type ChosenPatient =
  | { kind: 'on-file'; patientId: string; name: string; dateOfBirth: string }
  | { kind: 'new'; identity: PatientIdentity };

export function patientName(patient: ChosenPatient): string {
  return patient.kind === 'on-file'
    ? patient.name
    : `${patient.identity.firstName} ${patient.identity.lastName}`;
}

/** The public identity step's schema, and a plausible date of birth on `today` (the location's). */
export function newPatientSchema(today: string) {
  return patientIdentitySchema.superRefine((identity, ctx) => {
    const issue = dateOfBirthIssue(identity.dateOfBirth, today);
    if (issue !== null) ctx.addIssue({ code: 'custom', message: issue, path: ['dateOfBirth'] });
  });
}

const EMPTY_PERSON = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  phone: '',
  email: '',
  smsPermission: false,
  emailPermission: false,
};

/** The new patient's details; submitting the form (id `formId`) hands the checked identity to `onDone`. */
export function NewPatientForm({
  formId,
  today,
  initial,
  serverErrors,
  onDone,
}: {
  formId: string;
  today: string;
  initial: PatientIdentity | null;
  /** Field messages the server gave for the new patient (paths relative to it). */
  serverErrors: readonly { path: string; message: string }[];
  onDone: (identity: PatientIdentity) => void;
}) {
  const { t } = useLingui();
  const { control, handleSubmit, setError, setFocus } = useForm({
    resolver: zodResolver(newPatientSchema(today)),
    defaultValues: initial ?? EMPTY_PERSON,
  });
  useEffect(() => {
    for (const { path, message } of serverErrors)
      setError(path as keyof typeof EMPTY_PERSON, { type: 'server', message });
    const first = serverErrors[0]?.path;
    if (first !== undefined && first in EMPTY_PERSON) setFocus(first as keyof typeof EMPTY_PERSON);
  }, [serverErrors, setError, setFocus]);
  return (
    <Box
      component="form"
      id={formId}
      noValidate
      aria-label={t`New patient`}
      onSubmit={(event) => void handleSubmit((identity) => onDone(identity))(event)}
    >
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="firstName"
            label={t`First name`}
            required
            fullWidth
            autoComplete="off"
          />
          <FormTextField
            control={control}
            name="lastName"
            label={t`Last name`}
            required
            fullWidth
            autoComplete="off"
          />
        </Stack>
        <FormTextField
          control={control}
          name="dateOfBirth"
          label={t`Date of birth`}
          type="date"
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="phone" label={t`Phone`} type="tel" required fullWidth />
          <FormTextField control={control} name="email" label={t`E-mail`} type="email" required fullWidth />
        </Stack>
        <FormSwitch
          control={control}
          name="smsPermission"
          label={t`The patient agrees to receive text messages`}
        />
        <FormSwitch
          control={control}
          name="emailPermission"
          label={t`The patient agrees to receive e-mails`}
        />
      </Stack>
    </Box>
  );
}

/** Finds a patient on file with the staff search (name, phone, e-mail or date of birth in one box). */
export function PatientSearch({
  clientId,
  chosen,
  onChoose,
}: {
  clientId: string;
  chosen: ChosenPatient | null;
  onChoose: (patient: ChosenPatient) => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const resultsId = useId();
  const search = usePatientSearch(clientId, text);
  const items = search.data?.items ?? [];
  const bornText = (dateOfBirth: string) => t`Born ${dateOfBirth}`;
  return (
    <Box>
      <TextField
        label={t`Find the patient`}
        helperText={t`Name, phone, e-mail or date of birth`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        fullWidth
        autoFocus
        slotProps={{ htmlInput: { 'aria-controls': resultsId, maxLength: 100 } }}
      />
      <Box id={resultsId} aria-live="polite" sx={{ mt: 1 }}>
        {text.trim().length < 2 ? null : search.isPending ? (
          <CircularProgress size={24} aria-label={t`Searching patients`} />
        ) : search.isError ? (
          <Alert severity="error">
            {errorMessageOf(search.error, t`The search did not work. Please try again.`)}
          </Alert>
        ) : items.length === 0 ? (
          <Typography variant="body2" role="status">
            <Trans>No patient found. Check the spelling, or enter a new patient.</Trans>
          </Typography>
        ) : (
          <List dense aria-label={t`Patients found`}>
            {items.map((item) => {
              const name = `${item.firstName} ${item.lastName}`;
              const selected = chosen?.kind === 'on-file' && chosen.patientId === item.patientId;
              return (
                <ListItemButton
                  key={item.patientId}
                  selected={selected}
                  aria-pressed={selected}
                  onClick={() =>
                    onChoose({
                      kind: 'on-file',
                      patientId: item.patientId,
                      name,
                      dateOfBirth: item.dateOfBirth,
                    })
                  }
                >
                  <ListItemText
                    primary={name}
                    secondary={[bornText(item.dateOfBirth), item.phone, item.email]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItemButton>
              );
            })}
          </List>
        )}
      </Box>
    </Box>
  );
}

export type PatientMode = 'find' | 'new';

export function PatientModeChoice({
  mode,
  onMode,
}: {
  mode: PatientMode;
  onMode: (mode: PatientMode) => void;
}) {
  const { t } = useLingui();
  return (
    <RadioGroup
      row
      aria-label={t`Patient`}
      value={mode}
      onChange={(event) => onMode(event.target.value === 'new' ? 'new' : 'find')}
      sx={{ mb: 2 }}
    >
      <FormControlLabel value="find" control={<Radio />} label={t`Patient on file`} />
      <FormControlLabel value="new" control={<Radio />} label={t`New patient`} />
    </RadioGroup>
  );
}
