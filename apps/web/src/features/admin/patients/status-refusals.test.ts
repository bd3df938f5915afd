import { APPOINTMENT_STATUSES, checkStatusMove } from '@scheduler/domain/appointment-status';
import { ROLES } from '@scheduler/domain/roles';
import { describe, expect, it } from 'vitest';
import { statusRefusalText } from './status-refusals';

const ZONE = 'America/New_York';
const NOW = Date.parse('2026-03-10T15:00:00Z');
/** Two days on, later today, yesterday: every refusal of the clock and of the workflow. */
const STARTS = ['2026-03-12T15:00:00.000Z', '2026-03-10T17:00:00.000Z', '2026-03-09T15:00:00.000Z'];

describe('statusRefusalText', () => {
  it("writes every refusal of the domain word for word in English (the domain's message)", () => {
    const seen = new Set<string>();
    for (const role of ROLES)
      for (const from of APPOINTMENT_STATUSES)
        for (const to of APPOINTMENT_STATUSES)
          for (const start of STARTS)
            for (const reason of ['', 'Patient called']) {
              const startUtcMs = Date.parse(start);
              const verdict = checkStatusMove({
                status: from,
                to,
                role,
                startUtcMs,
                timeZone: ZONE,
                nowMs: NOW,
                reason,
              });
              if (verdict.ok) continue;
              seen.add(verdict.reason);
              expect(statusRefusalText(verdict.reason, { from, to, startUtcMs, timeZone: ZONE })).toBe(
                verdict.message,
              );
            }
    expect([...seen].sort()).toEqual(
      [
        'after-arrival',
        'before-start',
        'not-allowed',
        'not-arrived',
        'not-today',
        'reason-required',
        'role',
        'unchanged',
      ].sort(),
    );
  });
});
