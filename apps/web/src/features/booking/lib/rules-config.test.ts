import { resolveSettings } from '@scheduler/domain/settings';
import { describe, expect, it } from 'vitest';
import { settingRowsOf, toRulesConfigItem } from './rules-config';

const row = {
  clientid: '1',
  clientName: 'BrightSmile Dental',
  schedulerId: '1',
  schedulerName: 'BrightSmile online booking',
  phone: '(212) 555-0142',
  settings: [
    { group: 'appointment', order: 1, value: '15' },
    { group: 'insurance', order: 1, value: 'Yes' },
    { group: 'unknown', order: 3, value: 'x' },
  ],
};

describe('rulesConfig', () => {
  it('keeps the client id and groups the settings as {order, value} lists', () => {
    const item = toRulesConfigItem(row);
    expect(item.clientid).toBe('1');
    expect(item.appointment).toEqual([{ order: 1, value: '15' }]);
    expect(item.insurance).toEqual([{ order: 1, value: 'Yes' }]);
    expect(item.thankYouScreen).toEqual([]);
  });

  it('gives back rows that resolve to the same settings as the server rows', () => {
    const settings = resolveSettings(settingRowsOf(toRulesConfigItem(row)));
    expect(settings.howFarOut).toBe(15);
    expect(settings.checkInsuranceCompatibility).toBe(true);
    expect(settings.widgetColor).toBe('#024E94');
  });
});
