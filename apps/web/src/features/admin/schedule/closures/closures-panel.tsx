import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { i18n } from '../../../../i18n/catalogs';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { createClosureRequestSchema, type Closure } from '@scheduler/contract/admin/closures';
import { dayOfWeek } from '@scheduler/domain/local-date';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { zoneLongName } from '../../../../lib/zoned-time';
import { AppointmentsToRebook } from '../../shared/components/appointments-to-rebook';
import { FormTextField } from '../../shared/components/form-fields';
import { ErrorBlock, LoadingBlock } from '../../shared/components/query-state';
import { SaveErrorAlert, applyServerFieldErrors, validatedAs } from '../../shared/components/save-feedback';
import { formatIsoDate } from '../../shared/format';
import { useStaffAccess } from '../../shared/use-staff-access';
import { scheduleKeys } from '../schedule-api';
import {
  closureKeys,
  createClosure,
  deleteClosure,
  fetchClosures,
  importUsFederalHolidays,
} from './closures-api';

const WEEKDAYS = [
  msg`Sunday`,
  msg`Monday`,
  msg`Tuesday`,
  msg`Wednesday`,
  msg`Thursday`,
  msg`Friday`,
  msg`Saturday`,
] as const;

/** 'Thursday 11/25/2027': a closed day (a calendar date of the location, no time, no zone). */
export function closedDayText(date: string): string {
  const weekday = i18n._(WEEKDAYS[dayOfWeek(date)] ?? WEEKDAYS[0]);
  const day = formatIsoDate(date);
  return i18n._(msg`${weekday} ${day}`);
}

function appointmentsText(count: number): string {
  if (count === 0) return i18n._(msg`No appointment on it needs rebooking.`);
  return plural(count, { one: '# appointment on it to rebook.', other: '# appointments on it to rebook.' });
}

/** 'Thursday 11/25/2027 (Thanksgiving) is open again.' */
function reopenedText(closure: Closure): string {
  const day = closedDayText(closure.date);
  const name = closure.name;
  return i18n._(msg`${day} (${name}) is open again.`);
}

/** The Reopen button's name: 'Reopen Thursday 11/25/2027, Thanksgiving'. */
function reopenLabel(closure: Closure): string {
  const day = closedDayText(closure.date);
  const name = closure.name;
  return i18n._(msg`Reopen ${day}, ${name}`);
}

interface AddValues {
  date: string;
  name: string;
}

const addSchema = z
  .object({ date: z.string(), name: z.string() })
  .transform(validatedAs(createClosureRequestSchema.pick({ date: true, name: true })));

export interface ClosuresPanelProps {
  clientId: string;
  locationId: string;
}

/**
 * The location's closed days (holidays, training days) on the Schedule screen: no slot is offered
 * on them and they are not business days. Lists them, adds one (date and name), reopens one,
 * imports a year's US federal holidays, and lists the appointments already on closed days for
 * rebooking. Changes need config:write; results are announced in the panel's status line.
 */
export function ClosuresPanel({ clientId, locationId }: ClosuresPanelProps) {
  const { t } = useLingui();
  const { can } = useStaffAccess();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [announcement, setAnnouncement] = useState('');
  const canWrite = can('config:write');

  const closures = useQuery({
    queryKey: closureKeys.location(clientId, locationId),
    queryFn: ({ signal }) => fetchClosures(clientId, locationId, signal),
    enabled: clientId !== '' && locationId !== '',
  });
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: closureKeys.location(clientId, locationId) }),
      queryClient.invalidateQueries({ queryKey: scheduleKeys.all(clientId) }),
    ]);
  };

  const reopen = useMutation({
    mutationFn: (closure: Closure) => deleteClosure(clientId, locationId, closure.date),
    onSuccess: async (_answer, closure) => {
      setAnnouncement(reopenedText(closure));
      await refresh();
    },
    onError: () => setAnnouncement(t`The day could not be reopened. Please try again.`),
  });

  const data = closures.data;
  const zone = data ? zoneLongName(data.location.timeZone) : '';
  const locationName = data?.location.name ?? '';
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        <Trans>Closed days</Trans>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        <Trans>No time is offered on a closed day, and it does not count as a business day.</Trans>
        {data ? ` ${t`Dates are ${locationName}'s (${zone}).`}` : ''}
      </Typography>
      <Typography role="status" aria-live="polite" sx={{ mb: announcement ? 2 : 0, fontWeight: 500 }}>
        {announcement}
      </Typography>
      {closures.isPending ? <LoadingBlock label={t`Loading the closed days…`} /> : null}
      {closures.isError ? (
        <ErrorBlock
          error={closures.error}
          what={t`the closed days`}
          onRetry={() => void closures.refetch()}
        />
      ) : null}
      {data ? (
        <Stack spacing={3}>
          {data.closures.length === 0 ? (
            <Typography color="text.secondary">
              <Trans>No closed day from today to the end of next year.</Trans>
            </Typography>
          ) : (
            <List dense aria-label={t`Closed days from today to the end of next year`}>
              {data.closures.map((closure) => (
                <ListItem
                  key={closure.closureId}
                  divider
                  secondaryAction={
                    canWrite ? (
                      <Button
                        size="small"
                        onClick={() => reopen.mutate(closure)}
                        disabled={reopen.isPending}
                        aria-label={reopenLabel(closure)}
                      >
                        <Trans>Reopen</Trans>
                      </Button>
                    ) : undefined
                  }
                >
                  <ListItemText
                    primary={closure.name}
                    secondary={
                      <>
                        {closedDayText(closure.date)}
                        {closure.source === 'us-federal' ? (
                          <Chip component="span" size="small" label={t`US federal holiday`} sx={{ ml: 1 }} />
                        ) : null}
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
          {canWrite ? (
            <>
              <AddClosureForm
                clientId={clientId}
                locationId={locationId}
                onAdded={async (message) => {
                  setAnnouncement(message);
                  await refresh();
                }}
              />
              <ImportHolidays
                clientId={clientId}
                locationId={locationId}
                today={data.today}
                onImported={async (message) => {
                  setAnnouncement(message);
                  await refresh();
                }}
              />
            </>
          ) : null}
          <AppointmentsToRebook
            caption={t`Appointments on closed days, to rebook`}
            appointments={data.appointmentsToRebook}
            emptyText={t`No upcoming appointment falls on a closed day.`}
          />
        </Stack>
      ) : null}
    </Box>
  );
}

function AddClosureForm({
  clientId,
  locationId,
  onAdded,
}: {
  clientId: string;
  locationId: string;
  onAdded: (message: string) => Promise<void>;
}) {
  const { t } = useLingui();
  const { control, handleSubmit, setError, reset, formState } = useForm<AddValues, unknown, AddValues>({
    resolver: zodResolver(addSchema),
    defaultValues: { date: '', name: '' },
  });
  const add = useMutation({
    mutationFn: (values: AddValues) => createClosure(clientId, locationId, values.date, values.name),
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await add.mutateAsync(values);
      reset();
      const day = closedDayText(answer.closure.date);
      const name = answer.closure.name;
      const rebook = appointmentsText(answer.appointmentsToRebook.length);
      await onAdded(t`Closed ${day} (${name}). ${rebook}`);
    } catch (error) {
      applyServerFieldErrors(error, setError);
    }
  });
  return (
    <Box component="form" noValidate aria-label={t`Close a day`} onSubmit={(event) => void onSubmit(event)}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        <Trans>Close a day</Trans>
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <FormTextField
          control={control}
          name="date"
          label={t`Date`}
          type="date"
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormTextField
          control={control}
          name="name"
          label={t`Name`}
          helperText={t`e.g. Staff training`}
          required
          maxLength={100}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ mt: { sm: 1 } }}>
          {formState.isSubmitting ? <Trans>Saving…</Trans> : <Trans>Close this day</Trans>}
        </Button>
      </Stack>
      <SaveErrorAlert error={add.error} />
    </Box>
  );
}

function ImportHolidays({
  clientId,
  locationId,
  today,
  onImported,
}: {
  clientId: string;
  locationId: string;
  /** The location's today: the import offers this year and the next. */
  today: string;
  onImported: (message: string) => Promise<void>;
}) {
  const { t } = useLingui();
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const importYear = useMutation({
    mutationFn: () => importUsFederalHolidays(clientId, locationId, year),
    onSuccess: async (answer) => {
      const added = answer.added.length;
      const kept = answer.alreadyClosed.length;
      const toRebook = answer.appointmentsToRebook.length;
      const parts = [
        plural(added, {
          one: `# US federal holiday of ${year} added.`,
          other: `# US federal holidays of ${year} added.`,
        }),
        ...(kept > 0
          ? [plural(kept, { one: '# day was already closed.', other: '# days were already closed.' })]
          : []),
        ...(toRebook > 0 ? [t`${toRebook} appointments on them to rebook.`] : []),
      ];
      await onImported(parts.join(' '));
    },
  });
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        <Trans>US federal holidays</Trans>
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t`Year`}
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
          sx={{ minWidth: 120 }}
        >
          {[thisYear, thisYear + 1].map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => importYear.mutate()} disabled={importYear.isPending}>
          {importYear.isPending ? (
            <Trans>Importing…</Trans>
          ) : (
            <Trans>Import US federal holidays for {year}</Trans>
          )}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        <Trans>
          Each holiday on the day it is observed (a Saturday holiday on the Friday before, a Sunday one on the
          Monday after). Days already closed are kept.
        </Trans>
      </Typography>
      <SaveErrorAlert error={importYear.error} />
    </Box>
  );
}
