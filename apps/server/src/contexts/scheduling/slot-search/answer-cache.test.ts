import type { BookingWindowSettings } from '@scheduler/domain/booking-window';
import { describe, expect, it } from 'vitest';
import { SlotSearchAnswers } from './answer-cache.ts';
import type { ComputedAnswer } from './answer-cache.ts';

const SETTINGS: BookingWindowSettings = {
  howFarOut: 60,
  daysType: 'CalendarDays',
  howSoon: 1,
  startDaysType: 'CalendarDays',
};
const AT = new Date('2026-12-01T15:00:00Z');

function made(text: string, fingerprint: string): ComputedAnswer {
  return {
    body: Buffer.from(text, 'utf8'),
    source: { fingerprint, settings: SETTINGS, timeZones: ['America/New_York'] },
  };
}

describe('SlotSearchAnswers', () => {
  it('serves a kept answer while the fingerprint holds, and computes again when it changes', async () => {
    const answers = new SlotSearchAnswers();
    let computed = 0;
    const compute = (text: string, fingerprint: string) => () => {
      computed++;
      return Promise.resolve(made(text, fingerprint));
    };
    const first = await answers.answer('day 1', AT, 'v1', compute('{"a":1}', 'v1'));
    expect(first.toString()).toBe('{"a":1}');
    expect((await answers.answer('day 1', AT, 'v1', compute('{"a":1}', 'v1'))).toString()).toBe('{"a":1}');
    expect(computed).toBe(1);

    const changed = await answers.answer('day 1', AT, 'v2', compute('{"a":2}', 'v2'));
    expect(changed.toString()).toBe('{"a":2}');
    expect(computed).toBe(2);
    expect((await answers.answer('day 1', AT, 'v2', compute('never', 'v2'))).toString()).toBe('{"a":2}');
    expect(computed).toBe(2);
  });

  it('keeps the kept bytes when an answer made again comes out the same, under the new fingerprint', async () => {
    const answers = new SlotSearchAnswers();
    const first = await answers.answer('day 1', AT, 'v1', () => Promise.resolve(made('{"same":true}', 'v1')));
    const again = await answers.answer('day 1', AT, 'v2', () => Promise.resolve(made('{"same":true}', 'v2')));
    // The very buffer kept before: the one just made is dropped at once (it dies young).
    expect(again).toBe(first);
    let computed = 0;
    const served = await answers.answer('day 1', AT, 'v2', () => {
      computed++;
      return Promise.resolve(made('{"same":true}', 'v2'));
    });
    expect(computed).toBe(0);
    expect(served).toBe(first);
    // Different bytes replace them.
    const other = await answers.answer('day 1', AT, 'v3', () =>
      Promise.resolve(made('{"same":false}', 'v3')),
    );
    expect(other).not.toBe(first);
    expect(other.toString()).toBe('{"same":false}');
  });

  it('drops the least recently used answers beyond its byte limit', async () => {
    const answers = new SlotSearchAnswers({ answers: 100, bytes: 30 });
    let computed = 0;
    const body = (key: string) => () => {
      computed++;
      return Promise.resolve(made(`{"k":"${key}"}`, 'v'));
    };
    // 9 bytes + 1 of fingerprint each: three fit in 30 bytes.
    for (const key of ['a', 'b', 'c']) await answers.answer(key, AT, 'v', body(key));
    expect(answers.size).toBe(3);
    await answers.answer('a', AT, 'v', body('a')); // used: now the most recent
    await answers.answer('d', AT, 'v', body('d'));
    expect(answers.size).toBe(3);
    expect(computed).toBe(4);
    await answers.answer('a', AT, 'v', body('a'));
    expect(computed).toBe(4);
    await answers.answer('b', AT, 'v', body('b'));
    expect(computed).toBe(5);
  });
});
