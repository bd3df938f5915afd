import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useLingui } from '@lingui/react/macro';
import type { FrontDeskMessageLanguage } from '@scheduler/contract/admin/front-desk';
import type { PatientLanguage } from '@scheduler/contract/common';
import { useId, useState } from 'react';
import { APP_LOCALES, LOCALE_NAMES } from '../../../i18n/locales';
import { useMessageLanguage } from './front-desk-api';
import type { ChosenPatient } from './patient-step';

/** The language of the patient's messages: the one shown (null: not known yet), and where its default came from. */
export interface MessageLanguageValue {
  value: PatientLanguage | null;
  /** Where the shown default came from; null once staff chose. */
  source: FrontDeskMessageLanguage['source'] | null;
  onChange: (language: PatientLanguage) => void;
}

/** Who a chosen patient is, for telling a change of patient: their id on file, or 'new'. */
const patientKey = (patient: ChosenPatient | null): string =>
  patient === null ? '' : patient.kind === 'on-file' ? `on-file:${patient.patientId}` : 'new';

/**
 * The booking's language: staff's choice for this patient, else the patient's default from the
 * server (their last booking's, else the practice's). Another patient starts from their own default.
 */
export function useMessageLanguageChoice(
  clientId: string,
  patient: ChosenPatient | null,
): MessageLanguageValue {
  const key = patientKey(patient);
  const [chosen, setChosen] = useState<{ key: string; language: PatientLanguage } | null>(null);
  const fallback = useMessageLanguage(
    clientId,
    patient?.kind === 'on-file' ? patient.patientId : null,
    patient !== null,
  );
  const own = chosen?.key === key ? chosen.language : null;
  return {
    value: own ?? fallback.data?.language ?? null,
    source: own === null ? (fallback.data?.source ?? null) : null,
    onChange: (language) => setChosen({ key, language }),
  };
}

/**
 * Issue 21 at the front desk: "Messages in" — the language of the patient's confirmation,
 * reminders and other messages for this booking. Each language is named in itself (English,
 * Español), marked with its `lang`. `value` null: not known yet (the server then applies the same
 * default: the patient's last booking's language, else the practice's default language).
 */
export function MessageLanguageChoice({ value, source, onChange }: MessageLanguageValue) {
  const { t } = useLingui();
  const labelId = useId();
  const helpId = useId();
  const help =
    source === 'patient'
      ? t`The language of the patient's last booking.`
      : source === 'practice' || source === 'default'
        ? t`The practice's default language.`
        : value === null
          ? t`Not chosen: the patient's last booking's language is used, else the practice's default.`
          : null;
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={labelId}>
        {t`Messages in`}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        aria-describedby={help === null ? undefined : helpId}
        name="messageLanguage"
        value={value ?? ''}
        onChange={(event) => {
          const next = APP_LOCALES.find((language) => language === event.target.value);
          if (next !== undefined) onChange(next);
        }}
      >
        {APP_LOCALES.map((language) => (
          <FormControlLabel
            key={language}
            value={language}
            control={<Radio />}
            label={LOCALE_NAMES[language]}
            lang={language}
          />
        ))}
      </RadioGroup>
      {help === null ? null : (
        <FormHelperText id={helpId} sx={{ mx: 0 }}>
          {help}
        </FormHelperText>
      )}
    </FormControl>
  );
}
