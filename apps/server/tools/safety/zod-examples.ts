/*
 * Valid example values from zod schemas, so that the safety harnesses can call every route of the
 * route table with a request that passes validation (a guard must answer, not the validator).
 *
 * The walk reads zod 4's definitions (`schema._zod.def`); each leaf takes the first candidate that
 * the leaf's own schema accepts, preferring candidates chosen by the field's name (an `…Id` field
 * gets the id of the brand under test, a `dateOfBirth` a date in the past…). Optional fields are
 * left out unless they are ids (ids are what tenant isolation is about). The result is checked
 * against the whole schema by the caller; the few routes whose rules no walk can guess have
 * overrides (sample-requests.ts).
 */
import { randomUUID } from 'node:crypto';
import type * as z from 'zod';

type Def = Record<string, unknown> & { type: string };
type Schema = z.ZodType;

/** Left out of an object (optional, nothing to say). */
export const OMIT: unique symbol = Symbol('omit');
type Example = unknown;

function defOf(schema: unknown): Def {
  return (schema as { _zod: { def: Def } })._zod.def;
}

interface CheckDef {
  check: string;
  value?: unknown;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
  format?: string;
}

function checksOf(def: Def): CheckDef[] {
  const checks = Array.isArray(def.checks) ? (def.checks as unknown[]) : [];
  return checks.map((check) => (check as { _zod: { def: CheckDef } })._zod.def);
}

function accepts(schema: Schema, value: unknown): boolean {
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}

/** The id of the object a field names, for the brand under test (undefined: not an id field). */
export type IdLookup = (field: string) => number | string | undefined;

/** Which object an id field designates. Keys are the fixture's object names. */
export function idKindOf(field: string): string | undefined {
  const name = field.replace(/Ids$/, 'Id');
  const aliases: Record<string, string> = {
    clientId: 'clientId',
    ruleId: 'schedulerId',
    schedulerId: 'schedulerId',
    providerId: 'providerId',
    locationId: 'locationId',
    appointmentTypeId: 'serviceId',
    serviceId: 'serviceId',
    planId: 'planId',
    insurancePlanId: 'planId',
    carrierId: 'carrierId',
    insuranceTypeId: 'insuranceTypeId',
    patientId: 'patientId',
    appointmentId: 'appointmentId',
    noteId: 'noteId',
    userId: 'userId',
    waitlistEntryId: 'waitlistEntryId',
  };
  return aliases[name];
}

export interface ExampleContext {
  ids: IdLookup;
  /** Other named values (clientName / clientSlug, scheduler / schedulerSlug). */
  named: (field: string) => string | undefined;
  /** Id kinds the example used (for the cross-brand variants). */
  usedIds: Set<string>;
  counter: { next(): number };
  /** `YYYY-MM-DD` of a day a week after the pinned clock. */
  futureDate: string;
  /** An instant a week after the pinned clock. */
  futureInstant: string;
}

function stringCandidates(field: string, ctx: ExampleContext): string[] {
  const n = ctx.counter.next();
  const named = ctx.named(field);
  const byName: string[] = [];
  if (named !== undefined) byName.push(named);
  if (/email/i.test(field)) byName.push(`safety.tester${n}@example.org`);
  if (/phone/i.test(field)) byName.push('(555) 010-2424');
  if (/(dateOfBirth|^dob$|birthDate)/i.test(field)) byName.push('1980-05-17');
  if (/(Date|^from$|^to$|effective)/.test(field)) byName.push(ctx.futureDate);
  if (/(Utc|At|^at)$/.test(field)) byName.push(ctx.futureInstant);
  if (/^end/i.test(field) && /time/i.test(field)) byName.push('17:00');
  if (/time$/i.test(field)) byName.push('09:00');
  if (/timeZone/i.test(field)) byName.push('America/New_York');
  if (/colou?r/i.test(field)) byName.push('#1a73e8');
  if (/slug/i.test(field)) byName.push(`safety-${n}`);
  if (/(url|photo)/i.test(field)) byName.push('https://example.org/photo.png');
  if (/(postalCode|zip)/i.test(field)) byName.push('10001');
  if (/state$/i.test(field)) byName.push('NY');
  if (/gender/i.test(field)) byName.push('F');
  if (/password/i.test(field)) byName.push('Safety-password-2026!');
  if (/(idempotencyKey|uuid)/i.test(field)) byName.push(randomUUID());
  if (/sessionId/i.test(field)) byName.push(`safety-session-${n}`);
  if (/(frameAncestor|origin|site)/i.test(field)) byName.push(`https://safety${n}.example.org`);
  if (/(name|label|title)/i.test(field)) byName.push(`Safety ${n}`);
  return [
    ...byName,
    `Safety test ${n}`,
    `safety-${n}`,
    'a',
    '1',
    '12345',
    ctx.futureDate,
    ctx.futureInstant,
    '09:00',
    '#1a73e8',
    'https://example.org/x',
    '/api/avatars/brightsmile/1.svg',
    'America/New_York',
    randomUUID(),
    'M',
    'true',
  ];
}

function numberCandidates(field: string, def: Def): number[] {
  let min: number | undefined;
  let max: number | undefined;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than' && typeof check.value === 'number')
      min = check.inclusive ? check.value : check.value + 1;
    if (check.check === 'less_than' && typeof check.value === 'number')
      max = check.inclusive ? check.value : check.value - 1;
    if (typeof check.minimum === 'number') min = check.minimum;
    if (typeof check.maximum === 'number') max = check.maximum;
  }
  const byName: number[] = [];
  if (/weekday/i.test(field)) byName.push(1);
  if (/duration/i.test(field)) byName.push(30);
  if (/rating/i.test(field)) byName.push(5);
  if (/latitude/i.test(field)) byName.push(40.7);
  if (/longitude/i.test(field)) byName.push(-74);
  if (/pageSize/i.test(field)) byName.push(10);
  if (/^status$/.test(field)) byName.push(200);
  return [
    ...byName,
    ...(min === undefined ? [] : [min]),
    1,
    0,
    5,
    30,
    60,
    ...(max === undefined ? [] : [max]),
  ];
}

function booleanFor(field: string): boolean {
  return !/^(is[A-Z]|selfPay|disabled|callToSchedule)/.test(field);
}

/** An example for `schema` at `field` (the last key of its path), or OMIT. */
export function exampleOf(schema: Schema, field: string, ctx: ExampleContext, optional = false): Example {
  const def = defOf(schema);
  const kind = idKindOf(field);
  if (kind !== undefined) {
    const id = ctx.ids(kind);
    if (id !== undefined) {
      const candidate = field.endsWith('Ids') ? [id] : id;
      if (accepts(schema, candidate)) {
        ctx.usedIds.add(kind);
        return candidate;
      }
      if (accepts(schema, String(id))) {
        ctx.usedIds.add(kind);
        return field.endsWith('Ids') ? [String(id)] : String(id);
      }
    }
  }
  switch (def.type) {
    case 'optional':
      if (kind === undefined) return OMIT;
      return exampleOf(def.innerType as Schema, field, ctx, true);
    case 'default':
    case 'prefault':
      if (optional || kind === undefined) return OMIT;
      return exampleOf(def.innerType as Schema, field, ctx);
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional': {
      const inner = exampleOf(def.innerType as Schema, field, ctx, optional);
      if (inner === OMIT) return def.type === 'nullable' && !optional ? null : OMIT;
      return accepts(schema, inner) ? inner : def.type === 'nullable' ? null : inner;
    }
    case 'pipe': {
      const input = exampleOf(def.in as Schema, field, ctx, optional);
      if (input === OMIT || accepts(schema, input) || (typeof input === 'object' && input !== null))
        return input;
      return leafExample(schema, field, ctx, defOf(def.in));
    }
    case 'lazy':
      return exampleOf((def.getter as () => Schema)(), field, ctx, optional);
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const value: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(shape)) {
        const item = exampleOf(child, key, ctx);
        if (item !== OMIT) value[key] = item;
      }
      return value;
    }
    case 'array': {
      const minimum = checksOf(def).find((check) => check.check === 'min_length')?.minimum ?? 0;
      const element = def.element as Schema;
      if (minimum === 0 && idKindOf(field) === undefined) return [];
      const item = exampleOf(element, field.replace(/s$/, ''), ctx);
      return item === OMIT ? [] : [item];
    }
    case 'union': {
      for (const option of def.options as Schema[]) {
        const item = exampleOf(option, field, ctx, optional);
        if (item !== OMIT && accepts(schema, item)) return item;
      }
      const first = (def.options as Schema[])[0];
      return first === undefined ? OMIT : exampleOf(first, field, ctx, optional);
    }
    case 'intersection': {
      const left = exampleOf(def.left as Schema, field, ctx);
      const right = exampleOf(def.right as Schema, field, ctx);
      return typeof left === 'object' && typeof right === 'object' ? { ...left, ...right } : left;
    }
    case 'tuple':
      return (def.items as Schema[]).map((item) => exampleOf(item, field, ctx));
    case 'record':
      return {};
    case 'enum': {
      const entries = Object.values(def.entries as Record<string, string | number>);
      return entries[0];
    }
    case 'literal':
      return (def.values as unknown[])[0];
    case 'null':
      return null;
    case 'undefined':
    case 'void':
    case 'never':
      return OMIT;
    default:
      return leafExample(schema, field, ctx, def);
  }
}

function leafExample(schema: Schema, field: string, ctx: ExampleContext, def: Def): Example {
  if (def.type === 'boolean') {
    const preferred = booleanFor(field);
    return accepts(schema, preferred) ? preferred : !preferred;
  }
  if (def.type === 'number' || def.type === 'int' || def.type === 'bigint') {
    for (const candidate of numberCandidates(field, def)) if (accepts(schema, candidate)) return candidate;
    return 1;
  }
  const strings = stringCandidates(field, ctx);
  for (const candidate of strings) if (accepts(schema, candidate)) return candidate;
  for (const candidate of numberCandidates(field, def)) if (accepts(schema, candidate)) return candidate;
  for (const candidate of [true, false, [], {}]) if (accepts(schema, candidate)) return candidate;
  return strings[0];
}
