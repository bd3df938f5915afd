import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  updateProviderInfoRequestSchema,
  type ProviderDetail,
  type UpdateProviderInfoRequest,
} from '@scheduler/contract/admin/providers';
import { useMemo } from 'react';
import { useFieldArray, useForm, type Control } from 'react-hook-form';
import * as z from 'zod';
import { FormSelect, FormTextField, type SelectOption } from '../shared/components/form-fields';
import { applyServerFieldErrors, notifySaved, validatedAs } from '../shared/components/save-feedback';
import { toLocalInput, toUtcInstant } from './time-off-model';
import { ProviderListForm } from './provider-list-form';
import { useSaveProvider } from './use-save-provider';
import { useSyncProviderForm } from './use-sync-provider-form';

type TimeOffRow = {
  /** '' = every location. */
  locationId: string;
  /** 'YYYY-MM-DDTHH:mm' on the location's wall clock. */
  startLocal: string;
  endLocal: string;
  reason: string;
};

interface TimeOffFormValues {
  providerId: string;
  version: number;
  timeOff: TimeOffRow[];
}

/** Time off with a location is entered on that location's clock; "every location" on the first location's. */
function zoneFor(provider: ProviderDetail, locationId: string): string {
  const location =
    provider.locations.find((candidate) => candidate.locationId === locationId) ?? provider.locations[0];
  return location?.timeZone || 'UTC';
}

function timeOffFormSchema(provider: ProviderDetail) {
  const row = z.object({
    locationId: z.string(),
    startLocal: z.string(),
    endLocal: z.string(),
    reason: z.string(),
  });
  return z
    .object({ providerId: z.string(), version: z.number(), timeOff: z.array(row) })
    .transform((values) => ({
      providerId: values.providerId,
      version: values.version,
      timeOff: values.timeOff.map((entry) => {
        const zone = zoneFor(provider, entry.locationId);
        return {
          locationId: entry.locationId === '' ? null : entry.locationId,
          startUtc: toUtcInstant(entry.startLocal, zone),
          endUtc: toUtcInstant(entry.endLocal, zone),
          reason: entry.reason,
        };
      }),
    }))
    .transform(
      validatedAs(updateProviderInfoRequestSchema, (path) =>
        path.map((part) => (part === 'startUtc' ? 'startLocal' : part === 'endUtc' ? 'endLocal' : part)),
      ),
    );
}

/** One period of time off: location, start, end, reason, and its remove button. */
function TimeOffRow({
  index,
  control,
  locationOptions,
  onRemove,
}: {
  index: number;
  control: Control<TimeOffFormValues, unknown, UpdateProviderInfoRequest>;
  locationOptions: readonly SelectOption[];
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const number = index + 1;
  return (
    <Stack
      role="group"
      aria-label={t`Time off ${number}`}
      direction={{ xs: 'column', md: 'row' }}
      spacing={1}
      sx={{ alignItems: { md: 'flex-start' }, pb: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <FormSelect
        control={control}
        name={`timeOff.${index}.locationId`}
        label={t`Location`}
        options={locationOptions}
        size="small"
        sx={{ minWidth: 200 }}
      />
      <FormTextField
        control={control}
        name={`timeOff.${index}.startLocal`}
        label={t`Starts`}
        type="datetime-local"
        size="small"
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <FormTextField
        control={control}
        name={`timeOff.${index}.endLocal`}
        label={t`Ends`}
        type="datetime-local"
        size="small"
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <FormTextField
        control={control}
        name={`timeOff.${index}.reason`}
        label={t`Reason`}
        size="small"
        maxLength={200}
        sx={{ flexGrow: 1 }}
      />
      <Button color="error" onClick={onRemove} aria-label={t`Remove time off ${number}`}>
        <Trans>Remove</Trans>
      </Button>
    </Stack>
  );
}

/** Time off of one provider (at one location or all), entered on the location's clock; saved as the whole list. */
export function TimeOffEditor({ provider, onReload }: { provider: ProviderDetail; onReload: () => void }) {
  const { t } = useLingui();
  const initial = useMemo<TimeOffFormValues>(
    () => ({
      providerId: provider.providerId,
      version: provider.version,
      timeOff: [...provider.timeOff]
        .sort((a, b) => a.startUtc.localeCompare(b.startUtc))
        .map((entry) => {
          const zone = zoneFor(provider, entry.locationId ?? '');
          return {
            locationId: entry.locationId ?? '',
            startLocal: toLocalInput(entry.startUtc, zone),
            endLocal: toLocalInput(entry.endUtc, zone),
            reason: entry.reason ?? '',
          };
        }),
    }),
    [provider],
  );
  const schema = useMemo(() => timeOffFormSchema(provider), [provider]);
  const form = useForm<TimeOffFormValues, unknown, UpdateProviderInfoRequest>({
    resolver: zodResolver(schema),
    defaultValues: initial,
  });
  const { control, handleSubmit, reset, setError, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'timeOff' });
  const save = useSaveProvider();
  useSyncProviderForm(form, initial);

  const defaultZone = zoneFor(provider, '');
  const locationOptions = [
    { value: '', label: t`Every location` },
    ...provider.locations.map((location) => ({ value: location.locationId, label: location.name })),
  ];

  const onSubmit = handleSubmit(async (request) => {
    try {
      await save.mutateAsync({
        providerId: request.providerId,
        version: request.version,
        timeOff: request.timeOff,
      });
      notifySaved(t`Time off saved`);
    } catch (error) {
      applyServerFieldErrors(error, setError, (path) =>
        path.replace(/\.startUtc$/, '.startLocal').replace(/\.endUtc$/, '.endLocal'),
      );
    }
  });

  return (
    <ProviderListForm
      label={t`Time off`}
      onSubmit={onSubmit}
      saveError={save.error}
      onReload={onReload}
      submitting={formState.isSubmitting}
      dirty={formState.isDirty}
      submitLabel={t`Save time off`}
      onDiscard={() => reset(initial)}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        <Trans>Times are on the location&apos;s clock (for every location: {defaultZone}).</Trans>
      </Typography>
      <Stack spacing={2}>
        {fields.length === 0 ? (
          <Typography>
            <Trans>No time off.</Trans>
          </Typography>
        ) : null}
        {fields.map((field, index) => (
          <TimeOffRow
            key={field.id}
            index={index}
            control={control}
            locationOptions={locationOptions}
            onRemove={() => remove(index)}
          />
        ))}
      </Stack>
      <Button
        sx={{ mt: 1 }}
        onClick={() => {
          const tomorrow = new Date(Date.now() + 86_400_000);
          const day = toLocalInput(tomorrow.toISOString(), zoneFor(provider, '')).slice(0, 10);
          append({ locationId: '', startLocal: `${day}T08:00`, endLocal: `${day}T18:00`, reason: '' });
        }}
      >
        <Trans>Add time off</Trans>
      </Button>
    </ProviderListForm>
  );
}
