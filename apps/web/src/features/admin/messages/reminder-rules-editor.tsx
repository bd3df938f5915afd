import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_REMINDER_RULES, MESSAGE_CHANNELS, type MessageRules } from '@scheduler/contract/admin/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { notifySaved, SaveErrorAlert } from '../shared/components/save-feedback';
import { messageChannelLabel } from '../shared/status-labels';
import { fetchMessageRules, ruleKeys, saveMessageRules } from './reminder-rules-api';
import {
  formOf,
  newRowKey,
  OFFSET_UNITS,
  offsetUnitLabel,
  rulesOf,
  serverRulesErrors,
  validateRules,
  type RuleRow,
  type RulesErrors,
  type RulesForm,
} from './reminder-rules-model';

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

interface RowProps {
  row: RuleRow;
  index: number;
  error: string | undefined;
  readOnly: boolean;
  onChange: (patch: Partial<RuleRow>) => void;
  onRemove: () => void;
}

function RuleRowFields({ row, index, error, readOnly, onChange, onRemove }: RowProps) {
  const { t } = useLingui();
  const position = index + 1;
  const name = t`Reminder ${position}`;
  return (
    <Box
      role="group"
      aria-label={name}
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <TextField
        select
        size="small"
        label={t`Channel`}
        value={row.channel}
        disabled={readOnly}
        onChange={(event) => onChange({ channel: event.target.value === 'sms' ? 'sms' : 'email' })}
        slotProps={nativeSelect}
        sx={{ minWidth: 120 }}
      >
        {MESSAGE_CHANNELS.map((channel) => (
          <option key={channel} value={channel}>
            {messageChannelLabel(channel)}
          </option>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t`How long before`}
        value={row.amount}
        disabled={readOnly}
        error={error !== undefined}
        helperText={error}
        onChange={(event) => onChange({ amount: event.target.value })}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ width: 160 }}
      />
      <TextField
        select
        size="small"
        label={t`Unit`}
        value={row.unit}
        disabled={readOnly}
        onChange={(event) =>
          onChange({ unit: OFFSET_UNITS.find((unit) => unit === event.target.value) ?? 'minutes' })
        }
        slotProps={nativeSelect}
        sx={{ minWidth: 120 }}
      >
        {OFFSET_UNITS.map((unit) => (
          <option key={unit} value={unit}>
            {offsetUnitLabel(unit)}
          </option>
        ))}
      </TextField>
      {readOnly ? null : (
        <Button onClick={onRemove} aria-label={t`Remove reminder ${position}`} sx={{ mt: 0.5 }}>
          <Trans>Remove</Trans>
        </Button>
      )}
    </Box>
  );
}

function QuietHoursFields({
  form,
  errors,
  readOnly,
  set,
}: {
  form: RulesForm;
  errors: RulesErrors;
  readOnly: boolean;
  set: (patch: Partial<RulesForm>) => void;
}) {
  const { t } = useLingui();
  return (
    <Box role="group" aria-labelledby="quiet-hours-title">
      <Typography id="quiet-hours-title" variant="subtitle1" component="h3">
        <Trans>Quiet hours</Trans>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        <Trans>
          No text message is sent between these times at the appointment&apos;s location; a reminder that
          would fall there goes earlier.
        </Trans>
      </Typography>
      <Stack direction="row" spacing={2}>
        {(['quietStart', 'quietEnd'] as const).map((name) => {
          const path = name === 'quietStart' ? 'quietHours.start' : 'quietHours.end';
          return (
            <TextField
              key={name}
              type="time"
              size="small"
              label={name === 'quietStart' ? t`From` : t`Until`}
              value={form[name]}
              disabled={readOnly}
              error={errors[path] !== undefined}
              helperText={errors[path]}
              onChange={(event) => set({ [name]: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 150 }}
            />
          );
        })}
      </Stack>
    </Box>
  );
}

function RulesFormView({
  clientId,
  ruleId,
  rules,
  canWrite,
  onReload,
}: {
  clientId: string;
  ruleId: string;
  rules: MessageRules;
  canWrite: boolean;
  onReload: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<RulesForm>(() => formOf(rules));
  const [errors, setErrors] = useState<RulesErrors>({});
  const save = useMutation({
    mutationFn: () =>
      saveMessageRules(clientId, ruleId, {
        reminders: rulesOf(form),
        quietHours: { start: form.quietStart, end: form.quietEnd },
        version: rules.version,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(ruleKeys.one(clientId, ruleId), answer);
      notifySaved(t`Reminders saved`);
    },
    onError: (error) => setErrors(serverRulesErrors(error)),
  });
  const set = (patch: Partial<RulesForm>) => setForm((current) => ({ ...current, ...patch }));
  const setRow = (index: number, patch: Partial<RuleRow>) =>
    set({ rows: form.rows.map((row, at) => (at === index ? { ...row, ...patch } : row)) });
  const submit = () => {
    const found = validateRules(form);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Typography color="text.secondary">
        {rules.isDefault
          ? t`The defaults are in effect: an e-mail 2 days before and a text message 2 hours before.`
          : t`Reminders before each confirmed appointment of this scheduler.`}
      </Typography>
      <Box role="group" aria-labelledby="reminders-title">
        <Typography id="reminders-title" variant="subtitle1" component="h3" sx={{ mb: 1.5 }}>
          <Trans>Reminders</Trans>
        </Typography>
        <Stack spacing={2}>
          {form.rows.length === 0 ? <Typography>{t`No reminder is sent.`}</Typography> : null}
          {form.rows.map((row, index) => (
            <RuleRowFields
              key={row.key}
              row={row}
              index={index}
              error={errors[`reminders.${index}.offsetMinutes`] ?? errors[`reminders.${index}`]}
              readOnly={!canWrite}
              onChange={(patch) => setRow(index, patch)}
              onRemove={() => set({ rows: form.rows.filter((_, at) => at !== index) })}
            />
          ))}
        </Stack>
        {errors.reminders ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errors.reminders}
          </Alert>
        ) : null}
        {canWrite ? (
          <Button
            sx={{ mt: 1.5 }}
            disabled={form.rows.length >= MAX_REMINDER_RULES}
            onClick={() =>
              set({ rows: [...form.rows, { key: newRowKey(), channel: 'email', amount: '1', unit: 'days' }] })
            }
          >
            <Trans>Add reminder</Trans>
          </Button>
        ) : null}
      </Box>
      <QuietHoursFields form={form} errors={errors} readOnly={!canWrite} set={set} />
      <SaveErrorAlert error={save.error} onReload={onReload} />
      {canWrite ? (
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? t`Saving…` : t`Save reminders`}
          </Button>
        </Box>
      ) : (
        <Alert severity="info">
          <Trans>Your role may read the reminders but not change them.</Trans>
        </Alert>
      )}
    </Stack>
  );
}

/** The reminder rules of the scheduler in the URL: the list of {channel, how long before} and quiet hours. */
export function ReminderRulesEditor({
  clientId,
  ruleId,
  canWrite,
}: {
  clientId: string;
  ruleId: string;
  canWrite: boolean;
}) {
  const { t } = useLingui();
  const rules = useQuery({
    queryKey: ruleKeys.one(clientId, ruleId),
    queryFn: ({ signal }) => fetchMessageRules(clientId, ruleId, signal),
  });
  if (rules.isPending) return <LoadingBlock label={t`Loading the reminders…`} />;
  if (rules.isError)
    return <ErrorBlock error={rules.error} what={t`the reminders`} onRetry={() => void rules.refetch()} />;
  const current = rules.data.rules;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <RulesFormView
        key={current.version}
        clientId={clientId}
        ruleId={ruleId}
        rules={current}
        canWrite={canWrite}
        onReload={() => void rules.refetch()}
      />
    </Paper>
  );
}
