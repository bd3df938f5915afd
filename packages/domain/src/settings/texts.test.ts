import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTING_DEFINITIONS, settingDefinitionOf } from './definitions.ts';
import { SETTING_RULES, settingRuleOf } from './rules.ts';
import { SETTING_TEXTS } from './texts.ts';

describe('settings: one rules table, the admin words beside it', () => {
  it('has words for exactly the settings of the rules table', () => {
    expect(Object.keys(SETTING_TEXTS).sort()).toEqual(SETTING_RULES.map((rule) => rule.key).sort());
    for (const text of Object.values(SETTING_TEXTS)) {
      expect(text.label.trim()).not.toBe('');
      expect(text.description.trim()).not.toBe('');
    }
  });

  it('defines every setting as its rule plus its words, in table order', () => {
    expect(SETTING_DEFINITIONS.map((definition) => definition.key)).toEqual(
      SETTING_RULES.map((rule) => rule.key),
    );
    for (const rule of SETTING_RULES) {
      expect(settingDefinitionOf(rule.key)).toEqual({ ...rule, ...SETTING_TEXTS[rule.key] });
      expect(settingRuleOf(rule.key)).toBe(rule);
    }
    expect(settingDefinitionOf('howFarOut')).toMatchObject({
      group: 'appointment',
      order: 1,
      label: 'Lead window (how far out)',
      defaultValue: '10',
      kind: { type: 'number', min: 0, max: 365 },
    });
  });

  it('keeps the admin words out of what the booking page resolves settings with', () => {
    // resolve.ts and rules.ts run in the landing's contract worker (issue 16: its weight).
    for (const file of ['resolve.ts', 'rules.ts']) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      expect(source).not.toMatch(/from '\.\/(texts|definitions|values)\.ts'/);
      expect(source).not.toMatch(/from 'zod/);
    }
  });
});
