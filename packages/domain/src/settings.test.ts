import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  DEFAULT_SETTING_ROWS,
  SETTING_DEFAULTS,
  SETTING_DEFINITIONS,
  findSettingDefinition,
  resolveSettings,
  settingUpdateSchema,
  settingValueSchemaFor,
  settingsUpdateSchema,
  toSettingRows,
} from './settings.ts';
import type { SchedulerSettings, SettingDefinition, SettingGroup, SettingRow } from './settings.ts';

/** Spec section 9, copied word for word: group, order, stored default, typed default. */
const SPEC_DEFAULTS: [SettingGroup, number, string, keyof SchedulerSettings, unknown][] = [
  ['landingPage', 2, 'No', 'allowMultipleAppointments', false],
  ['landingPage', 3, 'No', 'rememberMeInWidget', false],
  ['appointment', 1, '10', 'howFarOut', 10],
  ['appointment', 2, 'BusinessDays', 'daysType', 'BusinessDays'],
  ['appointment', 3, 'No', 'allowProviderChangeForExisting', false],
  ['appointment', 4, 'alphabetic', 'providerSort', 'alphabetic'],
  ['appointment', 5, 'No', 'showNoCapacityProviders', false],
  ['appointment', 7, 'No', 'waitlistNoCapacityProviders', false],
  ['appointment', 10, 'No', 'waitlistNoCapacityLocations', false],
  ['appointment', 13, 'Yes', 'existingPatientsMaySchedule', true],
  ['appointment', 15, '2', 'howSoon', 2],
  ['appointment', 16, 'BusinessDays', 'startDaysType', 'BusinessDays'],
  ['appointment', 17, 'No', 'groupSlotsByProvider', false],
  ['appointment', 18, 'random', 'assignment', 'random'],
  ['appointment', 20, '#024E94', 'widgetColor', '#024E94'],
  ['appointment', 21, 'en', 'defaultLanguage', 'en'],
  ['insurance', 1, 'No', 'checkInsuranceCompatibility', false],
  ['insurance', 3, 'No', 'selfPayCheck', false],
  [
    'thankYouScreen',
    1,
    'Your appointment has been scheduled! If you need to reschedule, please contact us at least 48 hours in advance.',
    'thankYouPrimary',
    'Your appointment has been scheduled! If you need to reschedule, please contact us at least 48 hours in advance.',
  ],
  [
    'thankYouScreen',
    2,
    'Call our office if you have any questions.',
    'thankYouSecondary',
    'Call our office if you have any questions.',
  ],
  ['thankYouScreen', 3, 'Yes', 'autoConfirm', true],
  ['thankYouScreen', 4, '', 'thankYouPrimaryEs', ''],
  ['thankYouScreen', 5, '', 'thankYouSecondaryEs', ''],
  ['patientIntake', 1, 'required', 'smsEmailPermissions', 'required'],
  // Added by the product beyond the spec's table (issues 16, 18 and 21; issue 21's appointment 21
  // and thankYouScreen 4-5 sit above, in their groups).
  ['selfService', 1, 'Yes', 'patientSelfService', true],
  ['selfService', 2, 'No', 'rescheduleAnyProvider', false],
  ['waitlistOffers', 1, 'Yes', 'waitlistOffersOn', true],
  ['waitlistOffers', 2, '3', 'waitlistWaveSize', 3],
  ['waitlistOffers', 3, '15', 'waitlistWaveMinutes', 15],
  ['waitlistOffers', 4, '2', 'waitlistOfferCutoffHours', 2],
];

/** A valid stored value different from the default, for every kind. */
function otherStoredValue(definition: SettingDefinition): string {
  const kind = definition.kind;
  switch (kind.type) {
    case 'boolean':
      return definition.defaultValue === 'Yes' ? 'No' : 'Yes';
    case 'number':
      return String(Number(definition.defaultValue) + 1);
    case 'enum':
      return kind.options.find((option) => option.value !== definition.defaultValue)!.value;
    case 'color':
      return '#FFFFFF';
    case 'text':
      return 'A message of our own.';
  }
}

const customRows = (): SettingRow[] =>
  SETTING_DEFINITIONS.map((definition) => ({
    group: definition.group,
    order: definition.order,
    value: otherStoredValue(definition),
  }));

describe('scheduler settings', () => {
  it('defines the twenty settings of the spec and the product’s ten, each at its own group and order', () => {
    expect(SETTING_DEFINITIONS).toHaveLength(30);
    const places = new Set(
      SETTING_DEFINITIONS.map((definition) => `${definition.group}:${definition.order}`),
    );
    expect(places.size).toBe(30);
    expect(SETTING_DEFINITIONS.map((definition) => [definition.group, definition.order])).toEqual(
      SPEC_DEFAULTS.map(([group, order]) => [group, order]),
    );
  });

  describe.each(SPEC_DEFAULTS)('%s %i', (group, order, storedDefault, key, typedDefault) => {
    it(`defaults to ${JSON.stringify(storedDefault)} in the default table`, () => {
      expect(SETTING_DEFAULTS[group][order]).toBe(storedDefault);
      expect(findSettingDefinition(group, order)?.defaultValue).toBe(storedDefault);
      expect(DEFAULT_SETTING_ROWS).toContainEqual({ group, order, value: storedDefault });
    });

    it(`reads as ${JSON.stringify(typedDefault)} (${key}) when there are no rows at all`, () => {
      expect(resolveSettings([])[key]).toEqual(typedDefault);
      expect(DEFAULT_SETTINGS[key]).toEqual(typedDefault);
    });

    it('falls back to the default when only its own row is absent', () => {
      const rows = customRows().filter((row) => !(row.group === group && row.order === order));
      const settings = resolveSettings(rows);
      expect(settings[key]).toEqual(typedDefault);
      // …while every other setting takes its stored value.
      const others = SETTING_DEFINITIONS.filter((definition) => definition.key !== key);
      for (const definition of others)
        expect(settings[definition.key]).not.toEqual(DEFAULT_SETTINGS[definition.key]);
    });

    it('falls back to the default when its stored value cannot be read', () => {
      // Any non-blank text is a valid message, and any other start days type means hours: only blank
      // is unreadable for those.
      const kind = findSettingDefinition(group, order)!.kind.type;
      const unreadable = kind === 'text' || key === 'startDaysType' ? '   ' : 'not-a-value-%%%';
      expect(resolveSettings([{ group, order, value: unreadable }])[key]).toEqual(typedDefault);
      expect(resolveSettings([{ group, order, value: null }])[key]).toEqual(typedDefault);
    });

    it('takes a stored value other than the default', () => {
      const definition = findSettingDefinition(group, order)!;
      expect(resolveSettings([{ group, order, value: otherStoredValue(definition) }])[key]).not.toEqual(
        typedDefault,
      );
    });
  });

  it('reads stored rows into typed values', () => {
    const settings = resolveSettings([
      { group: 'landingPage', order: 2, value: 'Yes' },
      { group: 'appointment', order: 1, value: '30' },
      { group: 'appointment', order: 2, value: 'CalendarDays' },
      { group: 'appointment', order: 4, value: 'nextAvailable' },
      { group: 'appointment', order: 15, value: '48' },
      { group: 'appointment', order: 16, value: 'Hours' },
      { group: 'appointment', order: 18, value: 'leastBusy' },
      { group: 'appointment', order: 20, value: '#ff8800' },
      { group: 'patientIntake', order: 1, value: 'optional' },
    ]);
    expect(settings).toMatchObject({
      allowMultipleAppointments: true,
      howFarOut: 30,
      daysType: 'CalendarDays',
      providerSort: 'nextAvailable',
      howSoon: 48,
      startDaysType: 'Hours',
      assignment: 'leastBusy',
      widgetColor: '#FF8800',
      smsEmailPermissions: 'optional',
    });
  });

  it('reads values leniently: any case, spaces, numbers, short colours', () => {
    const settings = resolveSettings([
      { group: 'landingPage', order: 2, value: ' yes ' },
      { group: 'appointment', order: 1, value: 12 },
      { group: 'appointment', order: 2, value: 'calendardays' },
      { group: 'appointment', order: 20, value: 'abc' },
      { group: 'thankYouScreen', order: 3, value: 'false' },
    ]);
    expect(settings.allowMultipleAppointments).toBe(true);
    expect(settings.howFarOut).toBe(12);
    expect(settings.daysType).toBe('CalendarDays');
    expect(settings.widgetColor).toBe('#AABBCC');
    expect(settings.autoConfirm).toBe(false);
  });

  it('reads any start days type other than the two day types as hours (spec section 4)', () => {
    expect(resolveSettings([{ group: 'appointment', order: 16, value: 'Hourly' }]).startDaysType).toBe(
      'Hours',
    );
  });

  it('uses the default for numbers outside their range or not whole', () => {
    for (const value of ['-1', '366', '2.5', '1e3', 'ten']) {
      expect(resolveSettings([{ group: 'appointment', order: 1, value }]).howFarOut, value).toBe(10);
    }
  });

  it('reads an empty Spanish thank-you message as "not translated" and keeps one that is set', () => {
    expect(resolveSettings([{ group: 'thankYouScreen', order: 4, value: '  ' }]).thankYouPrimaryEs).toBe('');
    expect(
      resolveSettings([{ group: 'thankYouScreen', order: 5, value: ' ¡Gracias! ' }]).thankYouSecondaryEs,
    ).toBe('¡Gracias!');
    expect(resolveSettings([{ group: 'appointment', order: 21, value: 'ES' }]).defaultLanguage).toBe('es');
    expect(resolveSettings([{ group: 'appointment', order: 21, value: 'fr' }]).defaultLanguage).toBe('en');
  });

  it('uses the default for an empty thank-you message', () => {
    expect(resolveSettings([{ group: 'thankYouScreen', order: 2, value: '   ' }]).thankYouSecondary).toBe(
      'Call our office if you have any questions.',
    );
  });

  it('ignores rows it does not know and lets the last of two equal rows win', () => {
    const settings = resolveSettings([
      { group: 'appointment', order: 99, value: 'Yes' },
      { group: 'somethingElse', order: 1, value: '5' },
      { group: 'appointment', order: '1', value: '20' },
      { group: 'appointment', order: 1, value: '25' },
    ]);
    expect(settings.howFarOut).toBe(25);
  });

  it('turns typed settings back into rows that read the same', () => {
    expect(resolveSettings(toSettingRows(DEFAULT_SETTINGS))).toEqual(DEFAULT_SETTINGS);
    const custom = resolveSettings(customRows());
    expect(resolveSettings(toSettingRows(custom))).toEqual(custom);
    expect(toSettingRows(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTING_ROWS);
  });

  it('reads the default for any row whose value is random text, or a valid value otherwise (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SETTING_DEFINITIONS), fc.string(), (definition, value) => {
        const resolved = resolveSettings([{ group: definition.group, order: definition.order, value }])[
          definition.key
        ];
        const schema = settingValueSchemaFor(definition.group, definition.order)!;
        // Whatever was stored, the typed value is one an admin could have saved.
        const stored = toSettingRows({ ...DEFAULT_SETTINGS, [definition.key]: resolved }).find(
          (row) => row.group === definition.group && row.order === definition.order,
        )!;
        expect(schema.safeParse(stored.value).success).toBe(true);
      }),
    );
  });
});

describe('admin setting updates', () => {
  it('accepts every default as a valid value', () => {
    for (const definition of SETTING_DEFINITIONS) {
      const schema = settingValueSchemaFor(definition.group, definition.order)!;
      expect(schema.parse(definition.defaultValue), definition.key).toBe(definition.defaultValue);
    }
  });

  it('has no schema for a setting the product does not know', () => {
    expect(settingValueSchemaFor('appointment', 6)).toBeUndefined();
    expect(settingValueSchemaFor('nope', 1)).toBeUndefined();
  });

  it('accepts Yes or No (or a boolean) for a yes/no setting and nothing else', () => {
    const schema = settingValueSchemaFor('landingPage', 2)!;
    expect(schema.parse('Yes')).toBe('Yes');
    expect(schema.parse(false)).toBe('No');
    expect(schema.safeParse('maybe').error?.issues[0]?.message).toBe('Choose Yes or No');
  });

  it('accepts whole numbers within the range, as text or number, and stores digits', () => {
    const schema = settingValueSchemaFor('appointment', 1)!;
    expect(schema.parse(' 30 ')).toBe('30');
    expect(schema.parse(0)).toBe('0');
    expect(schema.parse(365)).toBe('365');
    for (const bad of [366, -1, 2.5, '2.5', 'ten', '']) {
      expect(schema.safeParse(bad).error?.issues[0]?.message, String(bad)).toBe(
        'Enter a whole number from 0 to 365',
      );
    }
  });

  it('accepts only the listed options of a choice', () => {
    const schema = settingValueSchemaFor('appointment', 18)!;
    expect(schema.parse('firstAvailable')).toBe('firstAvailable');
    expect(schema.safeParse('roundRobin').error?.issues[0]?.message).toBe(
      'Choose one of: Random, Least busy, First in provider order',
    );
    expect(settingValueSchemaFor('appointment', 16)!.parse('Hours')).toBe('Hours');
    expect(settingValueSchemaFor('appointment', 16)!.safeParse('Minutes').success).toBe(false);
  });

  it('accepts a colour as #RRGGBB and stores it in upper case', () => {
    const schema = settingValueSchemaFor('appointment', 20)!;
    expect(schema.parse('#a1b2c3')).toBe('#A1B2C3');
    for (const bad of ['a1b2c3', '#abc', '#GGGGGG', 'blue'])
      expect(schema.safeParse(bad).success, bad).toBe(false);
  });

  it('accepts a message up to 500 characters, trimmed, and refuses an empty one', () => {
    const schema = settingValueSchemaFor('thankYouScreen', 1)!;
    expect(schema.parse('  Thanks!  ')).toBe('Thanks!');
    expect(schema.parse('x'.repeat(500))).toHaveLength(500);
    expect(schema.safeParse('x'.repeat(501)).error?.issues[0]?.message).toBe(
      'Keep the message to 500 characters or fewer',
    );
    expect(schema.safeParse('  ').error?.issues[0]?.message).toBe('Enter a message');
  });

  it('accepts an empty Spanish thank-you message ("not translated") and the two languages', () => {
    const spanish = settingValueSchemaFor('thankYouScreen', 4)!;
    expect(spanish.parse('  ')).toBe('');
    expect(spanish.parse(' Su cita está programada. ')).toBe('Su cita está programada.');
    expect(spanish.safeParse('x'.repeat(501)).success).toBe(false);
    const language = settingValueSchemaFor('appointment', 21)!;
    expect(language.parse('es')).toBe('es');
    expect(language.safeParse('fr').error?.issues[0]?.message).toBe('Choose one of: English, Español');
  });

  it('validates a whole update and outputs the stored form', () => {
    expect(settingUpdateSchema.parse({ group: 'appointment', order: 15, value: 4 })).toEqual({
      group: 'appointment',
      order: 15,
      value: '4',
    });
    const unknown = settingUpdateSchema.safeParse({ group: 'appointment', order: 6, value: 'Yes' });
    expect(unknown.error?.issues).toMatchObject([{ path: ['order'], message: 'Unknown setting' }]);
    const bad = settingUpdateSchema.safeParse({ group: 'appointment', order: 5, value: 'Sure' });
    expect(bad.error?.issues).toMatchObject([{ path: ['value'], message: 'Choose Yes or No' }]);
    expect(settingsUpdateSchema.parse(DEFAULT_SETTING_ROWS)).toEqual(DEFAULT_SETTING_ROWS);
  });

  it('describes each setting for the admin screen', () => {
    for (const definition of SETTING_DEFINITIONS) {
      expect(definition.label.length, definition.key).toBeGreaterThan(0);
      expect(definition.description.length, definition.key).toBeGreaterThan(0);
    }
    expect(findSettingDefinition('appointment', 1)?.kind).toEqual({ type: 'number', min: 0, max: 365 });
    expect(findSettingDefinition('appointment', 4)?.kind).toMatchObject({
      type: 'enum',
      options: [{ value: 'alphabetic' }, { value: 'nextAvailable' }, { value: 'distance' }],
    });
  });
});
