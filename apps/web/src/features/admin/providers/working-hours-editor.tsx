import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  updateProviderInfoRequestSchema,
  type ProviderDetail,
  type UpdateProviderInfoRequest,
} from '@scheduler/contract/admin/providers';
import { useMemo, useState } from 'react';
import {
  useFieldArray,
  useForm,
  type Control,
  type FieldArrayWithId,
  type UseFieldArrayAppend,
  type UseFieldArrayRemove,
} from 'react-hook-form';
import * as z from 'zod';
import { FormTextField } from '../shared/components/form-fields';
import { applyServerFieldErrors, notifySaved, validatedAs } from '../shared/components/save-feedback';
import { staffText } from '../shared/contract-texts';
import { ProviderListForm } from './provider-list-form';
import { useSaveProvider } from './use-save-provider';
import { useSyncProviderForm } from './use-sync-provider-form';

/**
 * Monday first, as a practice reads its week; values are 0 = Sunday … 6 = Saturday. `name` is the
 * English key (element ids), `label` what staff read.
 */
export const WEEKDAYS = [
  { value: 1, name: 'Monday', label: msg`Monday` },
  { value: 2, name: 'Tuesday', label: msg`Tuesday` },
  { value: 3, name: 'Wednesday', label: msg`Wednesday` },
  { value: 4, name: 'Thursday', label: msg`Thursday` },
  { value: 5, name: 'Friday', label: msg`Friday` },
  { value: 6, name: 'Saturday', label: msg`Saturday` },
  { value: 0, name: 'Sunday', label: msg`Sunday` },
] as const;

type HoursRow = {
  locationId: string;
  weekday: number;
  startTime: string;
  endTime: string;
  effectiveFrom: string | null;
  effectiveTo: string | null;
};

interface HoursFormValues {
  providerId: string;
  version: number;
  workingHours: HoursRow[];
}

const hoursFormSchema = z
  .object({
    providerId: z.string(),
    version: z.number(),
    workingHours: z.array(
      z.object({
        locationId: z.string(),
        weekday: z.number(),
        startTime: z.string(),
        endTime: z.string(),
        effectiveFrom: z.string().nullable(),
        effectiveTo: z.string().nullable(),
      }),
    ),
  })
  .transform(validatedAs(updateProviderInfoRequestSchema));

function valuesOf(provider: ProviderDetail): HoursFormValues {
  return {
    providerId: provider.providerId,
    version: provider.version,
    workingHours: provider.workingHours.map((row) => ({ ...row })),
  };
}

function nextInterval(existing: readonly HoursRow[]): { startTime: string; endTime: string } {
  const last = [...existing].sort((a, b) => a.endTime.localeCompare(b.endTime)).at(-1);
  if (!last || last.endTime >= '22:00') return { startTime: '09:00', endTime: '17:00' };
  const [hours = 0] = last.endTime.split(':').map(Number);
  const start = Math.min(hours + 1, 22);
  const pad = (value: number) => String(value).padStart(2, '0');
  return { startTime: `${pad(start)}:00`, endTime: `${pad(Math.min(start + 2, 23))}:00` };
}

interface WeekdayHoursProps {
  weekday: (typeof WEEKDAYS)[number];
  locationId: string;
  control: Control<HoursFormValues, unknown, UpdateProviderInfoRequest>;
  fields: FieldArrayWithId<HoursFormValues, 'workingHours'>[];
  rows: HoursRow[];
  append: UseFieldArrayAppend<HoursFormValues, 'workingHours'>;
  remove: UseFieldArrayRemove;
}

/** One weekday at the chosen location: its intervals (start, end, remove) and Add hours. */
function WeekdayHours({ weekday, locationId, control, fields, rows, append, remove }: WeekdayHoursProps) {
  const indexes = fields
    .map((field, index) => ({ field, index }))
    .filter(({ index }) => rows[index]?.locationId === locationId && rows[index]?.weekday === weekday.value);
  const { t, i18n } = useLingui();
  const headingId = `hours-${weekday.name}`;
  const day = i18n._(weekday.label);
  return (
    <Box
      key={weekday.value}
      role="group"
      aria-labelledby={headingId}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '140px 1fr' },
        gap: 1,
        alignItems: 'start',
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ pt: 1 }}>
        {day}
      </Typography>
      <Stack spacing={1}>
        {indexes.length === 0 ? (
          <Typography color="text.secondary" sx={{ pt: 1 }}>
            <Trans>Not working</Trans>
          </Typography>
        ) : null}
        {indexes.map(({ field, index }) => {
          const row = rows[index];
          const start = row?.startTime ?? '';
          const end = row?.endTime ?? '';
          const from = row?.effectiveFrom ?? t`from the start`;
          const to = row?.effectiveTo ?? t`no end date`;
          return (
            <Stack
              key={field.id}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}
            >
              <FormTextField
                control={control}
                name={`workingHours.${index}.startTime`}
                label={t`Start`}
                type="time"
                size="small"
                sx={{ width: 150 }}
              />
              <FormTextField
                control={control}
                name={`workingHours.${index}.endTime`}
                label={t`End`}
                type="time"
                size="small"
                sx={{ width: 150 }}
              />
              <Button
                onClick={() => remove(index)}
                color="error"
                aria-label={t`Remove ${day} hours ${start} to ${end}`}
                sx={{ mt: 0.5 }}
              >
                <Trans>Remove</Trans>
              </Button>
              {row?.effectiveFrom || row?.effectiveTo ? (
                <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
                  <Trans>
                    Applies {from} to {to}
                  </Trans>
                </Typography>
              ) : null}
            </Stack>
          );
        })}
        <Box>
          <Button
            size="small"
            onClick={() =>
              append({
                locationId,
                weekday: weekday.value,
                ...nextInterval(
                  indexes.map(({ index }) => rows[index]).filter((row): row is HoursRow => row !== undefined),
                ),
                effectiveFrom: null,
                effectiveTo: null,
              })
            }
            aria-label={t`Add hours on ${day}`}
          >
            <Trans>Add hours</Trans>
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** Weekly working hours per location: add or remove intervals per weekday; saved as the whole week. */
export function WorkingHoursEditor({
  provider,
  onReload,
}: {
  provider: ProviderDetail;
  onReload: () => void;
}) {
  const { t } = useLingui();
  const initial = useMemo(() => valuesOf(provider), [provider]);
  const form = useForm<HoursFormValues, unknown, UpdateProviderInfoRequest>({
    resolver: zodResolver(hoursFormSchema),
    defaultValues: initial,
  });
  const { control, handleSubmit, reset, setError, formState, watch } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'workingHours' });
  const save = useSaveProvider();
  useSyncProviderForm(form, initial);

  const locations = useMemo(() => {
    const known = new Map(provider.locations.map((location) => [location.locationId, location]));
    for (const row of provider.workingHours) {
      if (!known.has(row.locationId)) {
        const id = row.locationId;
        known.set(row.locationId, {
          locationId: row.locationId,
          name: t`Location ${id} (not mapped)`,
          timeZone: '',
        });
      }
    }
    return [...known.values()];
  }, [provider, t]);
  const [selected, setSelected] = useState<string | undefined>(locations[0]?.locationId);
  const locationId = locations.some((location) => location.locationId === selected)
    ? selected
    : locations[0]?.locationId;
  const rows = watch('workingHours');

  const onSubmit = handleSubmit(async (request) => {
    try {
      await save.mutateAsync({
        providerId: request.providerId,
        version: request.version,
        workingHours: request.workingHours,
      });
      notifySaved(t`Working hours saved`);
    } catch (error) {
      applyServerFieldErrors(error, setError);
    }
  });

  if (locations.length === 0 || locationId === undefined) {
    return (
      <Typography>
        <Trans>Map this provider to a location (below) before setting working hours.</Trans>
      </Typography>
    );
  }
  const location = locations.find((candidate) => candidate.locationId === locationId);
  const zone = location?.timeZone ?? '';
  const arrayError = formState.errors.workingHours;
  const rootMessage: unknown = arrayError?.message ?? arrayError?.root?.message;
  const arrayMessage = typeof rootMessage === 'string' ? staffText(rootMessage) : undefined;

  return (
    <ProviderListForm
      label={t`Working hours`}
      onSubmit={onSubmit}
      saveError={save.error}
      onReload={onReload}
      submitting={formState.isSubmitting}
      dirty={formState.isDirty}
      submitLabel={t`Save working hours`}
      onDiscard={() => reset(initial)}
    >
      <Tabs
        value={locationId}
        onChange={(_event, value: string) => setSelected(value)}
        variant="scrollable"
        aria-label={t`Location of the working hours`}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {locations.map((candidate) => (
          <Tab key={candidate.locationId} value={candidate.locationId} label={candidate.name} />
        ))}
      </Tabs>
      {location?.timeZone ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          <Trans>Times are local to the location ({zone}).</Trans>
        </Typography>
      ) : null}
      <Stack spacing={2}>
        {WEEKDAYS.map((weekday) => (
          <WeekdayHours
            key={weekday.value}
            weekday={weekday}
            locationId={locationId}
            control={control}
            fields={fields}
            rows={rows}
            append={append}
            remove={remove}
          />
        ))}
      </Stack>
      {arrayMessage ? (
        <Typography color="error" role="alert" sx={{ mt: 1 }}>
          {arrayMessage}
        </Typography>
      ) : null}
    </ProviderListForm>
  );
}
