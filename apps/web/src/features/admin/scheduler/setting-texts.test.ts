import { SETTING_DEFINITIONS, settingValueSchemaFor } from '@scheduler/domain/settings';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/catalogs';
import {
  settingDescription,
  settingLabel,
  settingTextTables,
  settingValueLabel,
  settingValueMessage,
} from './setting-texts';

describe("the settings screen's words", () => {
  it("are the domain's label, help and choice names word for word", () => {
    for (const definition of SETTING_DEFINITIONS) {
      expect(settingLabel(definition)).toBe(definition.label);
      expect(settingDescription(definition)).toBe(definition.description);
      if (definition.kind.type === 'enum')
        for (const option of definition.kind.options)
          expect(settingValueLabel(option.value)).toBe(option.label);
    }
    expect(Object.keys(settingTextTables().settings).sort()).toEqual(
      SETTING_DEFINITIONS.map((definition) => definition.key).sort(),
    );
    expect(i18n._(settingTextTables().options.Yes ?? { id: '' })).toBe('Yes');
  });

  it("knows every validation message of the domain's value schemas", () => {
    // What a field can hold as typed (a switch's boolean is always valid).
    const wrong: unknown[] = ['', 'x', '-1000000', '99999999', '#12', 'Maybe', 'x'.repeat(5000)];
    for (const definition of SETTING_DEFINITIONS) {
      const schema = settingValueSchemaFor(definition.group, definition.order);
      for (const value of wrong) {
        const result = schema?.safeParse(value);
        if (!result || result.success) continue;
        const message = result.error.issues[0]?.message ?? '';
        // Known: written again by a message of its own, the same English.
        expect(settingValueMessage(message), message).toBe(message);
        expect(
          /^(Choose Yes or No|Enter a colour as #RRGGBB|Enter a message|Enter a whole number from -?\d+ to -?\d+|Keep the message to \d+ characters or fewer|Choose one of: .+)$/.test(
            message,
          ),
          message,
        ).toBe(true);
      }
    }
  });
});
