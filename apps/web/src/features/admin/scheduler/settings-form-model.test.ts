import { SETTING_DEFINITIONS } from '@scheduler/domain/settings';
import { describe, expect, it } from 'vitest';
import {
  changedRows,
  DEFINITIONS_BY_GROUP,
  defaultLabelOf,
  englishTextOf,
  fieldOfServerPath,
  formValuesOf,
  settingsFormSchema,
  spanishFallbackOf,
} from './settings-form-model';

describe('scheduler settings form', () => {
  it('shows every setting under its group: the spec’s five, then self-service and waitlist offers', () => {
    expect(DEFINITIONS_BY_GROUP.map((entry) => entry.group)).toEqual([
      'landingPage',
      'appointment',
      'insurance',
      'thankYouScreen',
      'patientIntake',
      'selfService',
      'waitlistOffers',
    ]);
    expect(DEFINITIONS_BY_GROUP.flatMap((entry) => entry.definitions)).toHaveLength(
      SETTING_DEFINITIONS.length,
    );
  });

  it('fills missing settings with their defaults, booleans as switches', () => {
    const values = formValuesOf([{ group: 'appointment', order: 1, value: '15' }]);
    expect(values.howFarOut).toBe('15');
    expect(values.daysType).toBe('BusinessDays');
    expect(values.groupSlotsByProvider).toBe(false);
    expect(values.existingPatientsMaySchedule).toBe(true);
  });

  it('sends only what changed, in stored form', () => {
    const initial = formValuesOf([]);
    const rows = changedRows(initial, {
      ...initial,
      groupSlotsByProvider: true,
      thankYouPrimary: ' Thanks! ',
    });
    expect(rows).toEqual([
      { group: 'appointment', order: 17, value: 'Yes' },
      { group: 'thankYouScreen', order: 1, value: 'Thanks!' },
    ]);
  });

  it('refuses out-of-range numbers, bad colours and empty messages on their own fields', () => {
    const values = { ...formValuesOf([]), howFarOut: '400', widgetColor: 'blue', thankYouSecondary: '  ' };
    const result = settingsFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(['howFarOut', 'widgetColor', 'thankYouSecondary']);
    expect(result.error?.issues[0]?.message).toBe('Enter a whole number from 0 to 365');
  });

  it('maps a server field error back to the setting that was sent', () => {
    const sent = [
      { group: 'appointment' as const, order: 17, value: 'Yes' },
      { group: 'appointment' as const, order: 20, value: '#GGGGGG' },
    ];
    expect(fieldOfServerPath('settings.1.value', sent)).toBe('widgetColor');
    expect(fieldOfServerPath('ruleId', sent)).toBeUndefined();
  });

  it('shows each Spanish thank-you text right under its English one (issue 21)', () => {
    const thankYou = DEFINITIONS_BY_GROUP.find((entry) => entry.group === 'thankYouScreen');
    expect(thankYou?.definitions.map((definition) => definition.key)).toEqual([
      'thankYouPrimary',
      'thankYouPrimaryEs',
      'thankYouSecondary',
      'thankYouSecondaryEs',
      'autoConfirm',
    ]);
    expect(englishTextOf('thankYouPrimaryEs')).toBe('thankYouPrimary');
    expect(englishTextOf('thankYouPrimary')).toBeUndefined();
  });

  it('lets the Spanish texts stay empty and offers the default language (issue 21)', () => {
    const values = formValuesOf([]);
    expect(values.thankYouPrimaryEs).toBe('');
    expect(values.defaultLanguage).toBe('en');
    expect(settingsFormSchema.safeParse(values).success).toBe(true);
    const rows = changedRows(values, { ...values, thankYouSecondaryEs: ' Llame a nuestro consultorio. ' });
    expect(rows).toEqual([{ group: 'thankYouScreen', order: 5, value: 'Llame a nuestro consultorio.' }]);
  });

  it('says what an empty Spanish text falls back to: the default’s Spanish, or the English as written', () => {
    const values = formValuesOf([]);
    expect(spanishFallbackOf('thankYouPrimary', values.thankYouPrimary)).toBe('default');
    expect(spanishFallbackOf('thankYouSecondary', 'See you soon!')).toBe('english');
  });

  it('names enum defaults by their label', () => {
    const daysType = SETTING_DEFINITIONS.find((definition) => definition.key === 'daysType');
    expect(daysType && defaultLabelOf(daysType)).toBe('Business days (weekends skipped)');
  });
});
