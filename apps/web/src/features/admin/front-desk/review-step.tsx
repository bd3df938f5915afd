import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { i18n } from '../../../i18n/catalogs';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { OVERRIDE_REASON_MAX_LENGTH } from '@scheduler/contract/admin/front-desk';
import { NOTES_MAX_LENGTH } from '@scheduler/contract/booking';
import type { GetFiltersResponse } from '@scheduler/contract/patient-management/patients';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { formatZonedDateTime, zoneLongName } from '../../../lib/zoned-time';
import { FormTextField } from '../shared/components/form-fields';
import type { AppointmentChoice } from './appointment-fields';
import type { ChosenTime } from './free-time-picker';
import type { InsuranceDraft } from './insurance-step';
import { MessageLanguageChoice, type MessageLanguageValue } from './message-language-choice';
import { OVERRIDE_REASON_REQUIRED, OverrideReasonField } from './override-reason-prompt';
import { patientName, type ChosenPatient } from './patient-step';

export interface ReviewValues {
  notes: string;
  overrideReason: string;
}

/** Notes (optional) and, when the time overrides a rule that protects patients, the reason (required). */
export function reviewSchema(reasonNeeded: boolean) {
  return z
    .object({
      notes: z
        .string()
        .trim()
        .max(NOTES_MAX_LENGTH, {
          error: () => i18n._(msg`Keep the notes to ${NOTES_MAX_LENGTH} characters or fewer`),
        }),
      overrideReason: z
        .string()
        .trim()
        .max(OVERRIDE_REASON_MAX_LENGTH, {
          error: () => i18n._(msg`Keep the reason to ${OVERRIDE_REASON_MAX_LENGTH} characters or fewer`),
        }),
    })
    .superRefine((values, ctx) => {
      if (reasonNeeded && values.overrideReason === '')
        ctx.addIssue({
          code: 'custom',
          path: ['overrideReason'],
          message: i18n._(msg`Give the reason for booking this time`),
        });
    });
}

function insuranceText(draft: InsuranceDraft): string {
  if (draft.mode === 'none') return i18n._(msg`None given`);
  if (draft.mode === 'self-pay') return i18n._(msg`Self-pay`);
  const memberId = draft.memberId;
  return i18n._(msg`Plan, member ID ${memberId}`);
}

/**
 * The booking to confirm, in words, with the time on the location's clock and its zone named; the
 * language of the patient's messages ("Messages in"), notes, and the override reason when needed.
 */
export function ReviewStep({
  formId,
  patient,
  time,
  timeZone,
  choice,
  choices,
  insurance,
  reasonNeeded,
  language,
  onSubmit,
}: {
  formId: string;
  patient: ChosenPatient;
  time: ChosenTime;
  timeZone: string;
  choice: AppointmentChoice;
  choices: GetFiltersResponse | undefined;
  insurance: InsuranceDraft;
  reasonNeeded: boolean;
  language: MessageLanguageValue;
  onSubmit: (values: ReviewValues) => Promise<void>;
}) {
  const { t } = useLingui();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(reviewSchema(reasonNeeded)),
    defaultValues: { notes: '', overrideReason: '' },
  });
  const service = choices?.services.find((s) => s.appointmentTypeId === choice.appointmentTypeId)?.name ?? '';
  const location = choices?.locations.find((l) => l.locationId === choice.locationId)?.name ?? '';
  const provider =
    time.providerName || (choices?.providers.find((p) => p.providerId === time.providerId)?.name ?? '');
  const name = patientName(patient);
  const when = formatZonedDateTime(time.startUtc, timeZone, { weekday: true });
  const zone = zoneLongName(timeZone);
  const rows: [string, string][] = [
    [t`Patient`, patient.kind === 'new' ? t`${name} (new patient)` : name],
    [t`Service`, service],
    [t`Provider`, provider],
    [t`Location`, location],
    [t`Time`, t`${when} (${zone})`],
    [t`Insurance`, insuranceText(insurance)],
  ];
  return (
    <Box
      component="form"
      id={formId}
      noValidate
      aria-label={t`Review`}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0, mb: 2 }}
      >
        {rows.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack spacing={2}>
        {reasonNeeded ? (
          <>
            <Alert severity="warning">{i18n._(OVERRIDE_REASON_REQUIRED)}</Alert>
            <OverrideReasonField control={control} autoFocus />
          </>
        ) : null}
        <MessageLanguageChoice value={language.value} source={language.source} onChange={language.onChange} />
        <FormTextField
          control={control}
          name="notes"
          label={t`Notes (optional)`}
          multiline
          minRows={2}
          maxLength={NOTES_MAX_LENGTH}
          fullWidth
        />
      </Stack>
    </Box>
  );
}
