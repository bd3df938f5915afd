import { computeAvailability } from '../packages/domain/src/availability/compute-availability.ts';
import { groupSlotsByTime } from '../packages/domain/src/availability/group-slots.ts';
import type {
  AvailabilityInput,
  BusyPeriod,
  WorkingHoursRow,
} from '../packages/domain/src/availability/types.ts';

// Deterministic PRNG (mulberry32).
let seed = 42;
const rand = () => {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const PROVIDERS = 200,
  DAYS = 90;
const earliest = Date.UTC(2027, 2, 1, 5); // spans the US spring-forward
const latest = earliest + DAYS * 86_400_000;
const locations = [
  { id: 'L0', timeZone: 'America/New_York', latitude: 40.7, longitude: -74 },
  { id: 'L1', timeZone: 'America/Chicago', latitude: 41.8, longitude: -87.6 },
  { id: 'L2', timeZone: 'America/Los_Angeles', latitude: 34, longitude: -118.2 },
  { id: 'L3', timeZone: 'America/New_York', latitude: 40.8, longitude: -73.9 },
];
const providers = Array.from({ length: PROVIDERS }, (_, i) => ({
  id: `p${i}`,
  name: `Provider ${i}`,
  gender: i % 2 ? 'M' : 'F',
  onlineBookable: true,
}));
const workingHours: WorkingHoursRow[] = [];
for (const p of providers) {
  const home = locations[Math.floor(rand() * 4)]!.id;
  const second = locations[Math.floor(rand() * 4)]!.id;
  for (let wd = 1; wd <= 5; wd++) {
    const loc = wd === 3 ? second : home;
    workingHours.push({
      providerId: p.id,
      locationId: loc,
      weekday: wd,
      startLocal: '08:00',
      endLocal: '12:00',
    });
    workingHours.push({
      providerId: p.id,
      locationId: loc,
      weekday: wd,
      startLocal: '13:00',
      endLocal: '17:00',
    });
  }
}
const appointments: BusyPeriod[] = [];
const timeOff: BusyPeriod[] = [];
for (const p of providers) {
  for (let d = 0; d < DAYS; d++) {
    const dayStart = earliest + d * 86_400_000;
    for (let k = 0; k < 8; k++) {
      const start =
        dayStart + (8 + Math.floor(rand() * 12)) * 3_600_000 + Math.floor(rand() * 4) * 15 * 60_000;
      appointments.push({
        providerId: p.id,
        startUtc: new Date(start),
        endUtc: new Date(start + 30 * 60_000),
      });
    }
  }
  if (rand() < 0.3) {
    const s = earliest + Math.floor(rand() * DAYS) * 86_400_000;
    timeOff.push({ providerId: p.id, startUtc: new Date(s), endUtc: new Date(s + 3 * 86_400_000) });
  }
}
const input: AvailabilityInput = {
  now: new Date(earliest - 3_600_000),
  window: { earliest: new Date(earliest), latestExclusive: new Date(latest) },
  service: { id: 's', durationMinutes: 30 },
  locations,
  providers,
  workingHours,
  timeOff,
  appointments,
};

// Naive per-slot implementation for a ratio: per provider, location, day, candidate: check every appointment/time off of the provider.
function naive(inp: AvailabilityInput): number {
  const fmt = new Map<string, Intl.DateTimeFormat>();
  const offset = (tz: string, t: number) => {
    let f = fmt.get(tz);
    if (!f) {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
      fmt.set(tz, f);
    }
    const p = Object.fromEntries(f.formatToParts(t).map((x) => [x.type, +x.value]));
    return Date.UTC(p.year!, p.month! - 1, p.day, p.hour! % 24, p.minute) - t;
  };
  const toUtc = (tz: string, wall: number) => {
    const o = offset(tz, wall);
    const t = wall - o;
    const o2 = offset(tz, t);
    return wall - o2;
  };
  let count = 0;
  const e = inp.window.earliest.getTime(),
    l = inp.window.latestExclusive.getTime();
  for (const p of inp.providers) {
    const busy = [...inp.appointments, ...inp.timeOff].filter((b) => b.providerId === p.id);
    for (const loc of inp.locations) {
      const rows = inp.workingHours.filter((r) => r.providerId === p.id && r.locationId === loc.id);
      if (!rows.length) continue;
      for (let d = Math.floor(e / 86_400_000) - 1; d <= Math.floor(l / 86_400_000) + 1; d++) {
        const wd = new Date(d * 86_400_000).getUTCDay();
        for (const r of rows) {
          if (r.weekday !== wd) continue;
          const [sh, sm] = r.startLocal.split(':').map(Number);
          const [eh, em] = r.endLocal.split(':').map(Number);
          for (let m = sh! * 60 + sm!; m + 30 <= eh! * 60 + em!; m += 15) {
            const s = toUtc(loc.timeZone, d * 86_400_000 + m * 60_000);
            const en = s + 30 * 60_000; // per-slot zone conversion
            if (s < e || en > l) continue;
            if (busy.some((b) => b.startUtc.getTime() < en && b.endUtc.getTime() > s)) continue;
            count++;
          }
        }
      }
    }
  }
  return count;
}

const count = (r: ReturnType<typeof computeAvailability>) =>
  r.providers.reduce((a, p) => a + p.locations.reduce((b, l) => b + l.slots.length, 0), 0);
let t = performance.now();
const cold = computeAvailability(input);
const coldMs = performance.now() - t;
const runs: number[] = [];
for (let i = 0; i < 40; i++) {
  t = performance.now();
  computeAvailability(input);
  runs.push(performance.now() - t);
}
runs.sort((a, b) => a - b);
t = performance.now();
const groups = groupSlotsByTime(cold);
const groupMs = performance.now() - t;
t = performance.now();
const naiveCount = naive(input);
const naiveMs = performance.now() - t;
console.log({
  providers: PROVIDERS,
  days: DAYS,
  workingHoursRows: workingHours.length,
  appointments: appointments.length,
  timeOff: timeOff.length,
  slots: count(cold),
  naiveSlots: naiveCount,
  coldMs: +coldMs.toFixed(1),
  warmMedianMs: +runs[20]!.toFixed(1),
  warmMinMs: +runs[0]!.toFixed(1),
  groupSlotsByTimeMs: +groupMs.toFixed(1),
  groups: groups.length,
  naiveMs: +naiveMs.toFixed(0),
  ratio: +(naiveMs / runs[20]!).toFixed(0),
});
