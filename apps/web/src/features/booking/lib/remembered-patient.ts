/**
 * "Remember me on this device" (issue 16): a patient who ticks it at the identity step is kept in
 * THIS browser only — never sent anywhere — so that the next visit greets them, pre-fills their
 * identity and insurance and offers "Book again".
 *
 * - Encrypted like the rest of the booking state (lib/encrypted-storage.ts): AES-GCM under the
 *   browser's non-extractable 'local' key, in localStorage (it must outlive the tab), one slot per
 *   practice (`clientName`), the slot name bound to the ciphertext.
 * - Kept 180 days from the last booking that asked for it; older → forgotten on read.
 * - What comes back from storage is outside input: it is checked with a zod schema on read, and
 *   anything that does not match (another version, a tampered or truncated value) is forgotten.
 * - Pre-filling changes nothing on the server: the booking still sends the identity for the server
 *   to match as for anyone, and a matched record is never changed by the request.
 */
import * as z from 'zod';
import type {
  ChosenLocation,
  ChosenProvider,
  ChosenService,
  IdentityDraft,
  InsurancePolicy,
} from './flow-state';
import { rememberedChanged, rememberedSlot, rememberedStorage } from './remembered-storage';

// The storage side lives in remembered-storage.ts (no zod there, for the landing).
export {
  onRememberedChange,
  rememberMeOffered,
  rememberedSlot,
  setRememberedStorageForTests,
} from './remembered-storage';

export const REMEMBER_DAYS = 180;
const DAY_MS = 86_400_000;
export const REMEMBER_MS = REMEMBER_DAYS * DAY_MS;
const VERSION = 1;

const id = z.string().min(1).max(40);
const name = z.string().max(200);

const identitySchema = z.object({
  firstName: z.string().min(1).max(100),
  lastName: z.string().min(1).max(100),
  dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  phone: z.string().max(40),
  email: z.string().max(320),
  smsPermission: z.boolean(),
  emailPermission: z.boolean(),
});

const insuranceSchema = z.discriminatedUnion('selfPay', [
  z.object({
    selfPay: z.literal(false),
    carrierId: id,
    planId: id,
    memberId: z.string().min(1).max(40),
    relationship: z.string().min(1).max(40),
    carrierName: name,
    planName: name,
  }),
  z.object({ selfPay: z.literal(true) }),
]);

const lastBookingSchema = z.object({
  service: z.object({
    appointmentTypeId: id,
    name,
    durationMinutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60),
  }),
  location: z.object({
    LocationId: id,
    name,
    slug: z.string().max(200),
    phone: z.string().max(40).nullable(),
  }),
  provider: z
    .object({
      providerId: id,
      name,
      credentials: z.string().max(100).nullable(),
      photoUrl: z.string().max(2000).nullable(),
    })
    .nullable(),
});

const rememberedSchema = z.object({
  version: z.literal(VERSION),
  /** Epoch ms of the booking that asked to be remembered; the 180 days run from it. */
  savedAt: z.number().int().nonnegative(),
  identity: identitySchema,
  insurance: insuranceSchema.nullable(),
  lastBooking: lastBookingSchema.nullable(),
});

export interface LastBooking {
  service: ChosenService;
  location: ChosenLocation;
  provider: ChosenProvider | null;
}

export interface RememberedPatient {
  version: typeof VERSION;
  savedAt: number;
  identity: IdentityDraft;
  insurance: InsurancePolicy | null;
  lastBooking: LastBooking | null;
}

export type RememberInput = Omit<RememberedPatient, 'version' | 'savedAt'>;

/** Checks a decrypted value (JSON text): the remembered patient, or null when it does not match or expired. */
export function parseRemembered(text: string, now: number): RememberedPatient | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = rememberedSchema.safeParse(value);
  if (!parsed.success) return null;
  const remembered = parsed.data;
  // A value from the future (clock moved back, or tampered) counts as expired too.
  if (remembered.savedAt > now + DAY_MS || now - remembered.savedAt >= REMEMBER_MS) return null;
  return remembered;
}

/** The practice's remembered patient; an expired or invalid value is forgotten (removed). */
export async function readRememberedPatient(
  clientName: string,
  now: number = Date.now(),
): Promise<RememberedPatient | null> {
  const slot = rememberedSlot(clientName);
  let text: string | null | undefined;
  try {
    text = await rememberedStorage().getItem(slot);
  } catch {
    return null;
  }
  if (text === null) return null;
  const remembered = text === undefined ? null : parseRemembered(text, now);
  if (remembered === null) await rememberedStorage().removeItem(slot);
  return remembered;
}

/** Keeps the patient for the next visit (the 180 days start again). */
export async function rememberPatient(
  clientName: string,
  input: RememberInput,
  now: number = Date.now(),
): Promise<void> {
  const value: RememberedPatient = { version: VERSION, savedAt: now, ...input };
  // Only what the schema knows is stored (no stray fields from the form or the state).
  const checked = rememberedSchema.parse(value);
  await rememberedStorage().setItem(rememberedSlot(clientName), JSON.stringify(checked));
  rememberedChanged();
}

/** "Not you? Forget me": removes the practice's remembered patient from this browser. */
export async function forgetRememberedPatient(clientName: string): Promise<void> {
  await rememberedStorage().removeItem(rememberedSlot(clientName));
  rememberedChanged();
}
