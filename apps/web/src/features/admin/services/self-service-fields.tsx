import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { Control, FieldValues, Path } from 'react-hook-form';
import type { ServiceAdmin } from '@scheduler/contract/admin/services';
import { FormTextField } from '../shared/components/form-fields';

/**
 * Issue 18: a service's rules for the patient's manage link — "Patients may cancel online until N
 * hours before" (default 24), the same for rescheduling (24), and how often one appointment may be
 * rescheduled online (2). The server enforces them; this is where staff set them.
 */

export const SELF_SERVICE_KEYS = [
  'patientCancelCutoffHours',
  'patientRescheduleCutoffHours',
  'patientRescheduleLimit',
] as const;
export type SelfServiceKey = (typeof SELF_SERVICE_KEYS)[number];

export const SELF_SERVICE_DEFAULTS: Readonly<Record<SelfServiceKey, number>> = {
  patientCancelCutoffHours: 24,
  patientRescheduleCutoffHours: 24,
  patientRescheduleLimit: 2,
};

/** The contract's bounds (packages/contract/src/admin/services.ts checks them, on both sides). */
export const MAX_CUTOFF_HOURS = 720;
export const MAX_RESCHEDULE_LIMIT = 20;

export type SelfServiceFormValues = Record<SelfServiceKey, string>;

/** The form's text values of a service (the defaults for a new one). */
export function selfServiceValuesOf(
  service: Pick<ServiceAdmin, SelfServiceKey> | null,
): SelfServiceFormValues {
  const read = (key: SelfServiceKey): string => String(service?.[key] ?? SELF_SERVICE_DEFAULTS[key]);
  return {
    patientCancelCutoffHours: read('patientCancelCutoffHours'),
    patientRescheduleCutoffHours: read('patientRescheduleCutoffHours'),
    patientRescheduleLimit: read('patientRescheduleLimit'),
  };
}

/** The three fields, in the order staff see them. */
const SELF_SERVICE_FIELDS: readonly {
  name: SelfServiceKey;
  label: MessageDescriptor;
  helperText: MessageDescriptor;
  max: number;
}[] = [
  {
    name: 'patientCancelCutoffHours',
    label: msg`Patients may cancel online until (hours before)`,
    helperText: msg`Default 24`,
    max: MAX_CUTOFF_HOURS,
  },
  {
    name: 'patientRescheduleCutoffHours',
    label: msg`Patients may reschedule online until (hours before)`,
    helperText: msg`Default 24`,
    max: MAX_CUTOFF_HOURS,
  },
  {
    name: 'patientRescheduleLimit',
    label: msg`Online reschedules per appointment`,
    helperText: msg`Default 2; 0 turns online rescheduling off`,
    max: MAX_RESCHEDULE_LIMIT,
  },
];

export function SelfServiceFields<T extends FieldValues & SelfServiceFormValues, TOut>({
  control,
}: {
  control: Control<T, unknown, TOut>;
}) {
  const { i18n } = useLingui();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Box component="legend" sx={{ fontWeight: 500, mb: 1, p: 0 }}>
        <Trans>Patient self-service (manage link)</Trans>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {SELF_SERVICE_FIELDS.map((field) => (
          <FormTextField
            key={field.name}
            control={control}
            name={field.name as Path<T>}
            label={i18n._(field.label)}
            helperText={i18n._(field.helperText)}
            type="number"
            min={0}
            max={field.max}
            required
          />
        ))}
      </Stack>
    </Box>
  );
}
