/**
 * Where "Remember me on this device" keeps the patient (lib/remembered-patient.ts): the storage
 * engine, the slot of each practice and the same-tab change listeners. A module of its own, without
 * zod, so that the landing can learn whether anyone is remembered (one storage read) and load the
 * greeting and its schema check only then (issue 16: no zod on the landing's main thread).
 */
import { encryptedLocalStorage, type AsyncStorageEngine } from '../../../lib/encrypted-storage';

const SLOT_PREFIX = 'scheduler.remembered-patient.';

/** The storage slot of a practice's remembered patient. */
export function rememberedSlot(clientName: string): string {
  return `${SLOT_PREFIX}${clientName}`;
}

/** The engine the modules use; tests pass their own. */
let engine: AsyncStorageEngine = encryptedLocalStorage;
export function setRememberedStorageForTests(storage: AsyncStorageEngine): void {
  engine = storage;
}
export function rememberedStorage(): AsyncStorageEngine {
  return engine;
}

/** Same-tab listeners (the landing's greeting goes when the patient is forgotten). */
const listeners = new Set<() => void>();
export function onRememberedChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function rememberedChanged(): void {
  for (const listener of listeners) listener();
}

/**
 * Whether this browser holds a readable value in the practice's slot (not yet checked against the
 * schema: readRememberedPatient does that, and forgets a value that does not match).
 */
export async function hasStoredRememberedPatient(clientName: string): Promise<boolean> {
  try {
    return typeof (await engine.getItem(rememberedSlot(clientName))) === 'string';
  } catch {
    return false;
  }
}

/**
 * Whether "Remember me on this device" is offered: always on the booking page; inside a framed
 * widget only when the practice allows it (landingPage 3, `rememberMeInWidget`) — a shared or
 * public host page is not the patient's own device.
 */
export function rememberMeOffered(embedded: boolean, rememberMeInWidget: boolean): boolean {
  return !embedded || rememberMeInWidget;
}
