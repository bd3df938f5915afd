import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEncryptedStorage, type BackingStorage } from '../../../lib/encrypted-storage';
import {
  REMEMBER_MS,
  forgetRememberedPatient,
  onRememberedChange,
  readRememberedPatient,
  rememberMeOffered,
  rememberPatient,
  rememberedSlot,
  setRememberedStorageForTests,
  type RememberInput,
} from './remembered-patient';

class MemoryStorage implements BackingStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const NOW = Date.parse('2026-11-25T15:00:00Z');
const input: RememberInput = {
  identity: {
    firstName: 'Zoe',
    lastName: 'Smith',
    dateOfBirth: '1990-04-12',
    phone: '(212) 555-0147',
    email: 'zoe@example.com',
    smsPermission: true,
    emailPermission: true,
  },
  insurance: {
    selfPay: false,
    carrierId: '3',
    planId: '7',
    memberId: 'ABC-123',
    relationship: 'self',
    carrierName: 'Aetna',
    planName: 'Aetna PPO',
  },
  lastBooking: {
    service: { appointmentTypeId: '1', name: 'Cleaning', durationMinutes: 60 },
    location: { LocationId: '2', name: 'Midtown', slug: 'midtown-manhattan', phone: '2125550142' },
    provider: { providerId: '5', name: 'Dr. Emily Carter', credentials: 'DDS', photoUrl: null },
  },
};

describe('remembered patient', () => {
  let backing: MemoryStorage;

  beforeEach(() => {
    backing = new MemoryStorage();
    setRememberedStorageForTests(createEncryptedStorage(() => backing, 'local'));
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('round-trips through encrypted storage, nothing readable at rest', async () => {
    await rememberPatient('brightsmile', input, NOW);
    const stored = backing.items.get(rememberedSlot('brightsmile')) ?? '';
    expect(stored.startsWith('enc.v1:')).toBe(true);
    expect(stored).not.toContain('Zoe');
    expect(stored).not.toContain('1990-04-12');
    expect(await readRememberedPatient('brightsmile', NOW + 1000)).toEqual({
      version: 1,
      savedAt: NOW,
      ...input,
    });
    // One practice's patient is not another's.
    expect(await readRememberedPatient('northside', NOW)).toBeNull();
  });

  it('is forgotten 180 days after it was saved (and the slot removed)', async () => {
    await rememberPatient('brightsmile', input, NOW);
    expect(await readRememberedPatient('brightsmile', NOW + REMEMBER_MS - 1)).not.toBeNull();
    expect(await readRememberedPatient('brightsmile', NOW + REMEMBER_MS)).toBeNull();
    expect(backing.items.has(rememberedSlot('brightsmile'))).toBe(false);
  });

  it('rejects a value that does not match the schema, and forgets it', async () => {
    const engine = createEncryptedStorage(() => backing, 'local');
    const slot = rememberedSlot('brightsmile');
    await engine.setItem(slot, JSON.stringify({ version: 1, savedAt: NOW, identity: { firstName: 'Zoe' } }));
    expect(await readRememberedPatient('brightsmile', NOW)).toBeNull();
    expect(backing.items.has(slot)).toBe(false);

    await engine.setItem(slot, JSON.stringify({ version: 2, savedAt: NOW, ...input }));
    expect(await readRememberedPatient('brightsmile', NOW)).toBeNull();

    await engine.setItem(slot, 'not json');
    expect(await readRememberedPatient('brightsmile', NOW)).toBeNull();

    // Plain text (not our ciphertext) is never trusted.
    backing.setItem(slot, JSON.stringify({ version: 1, savedAt: NOW, ...input }));
    expect(await readRememberedPatient('brightsmile', NOW)).toBeNull();
    expect(backing.items.has(slot)).toBe(false);
  });

  it('counts a value saved in the future as expired', async () => {
    await rememberPatient('brightsmile', input, NOW + 10 * 86_400_000);
    expect(await readRememberedPatient('brightsmile', NOW)).toBeNull();
  });

  it('stores only the fields it knows', async () => {
    await rememberPatient(
      'brightsmile',
      { ...input, identity: { ...input.identity, ssn: '000-00-0000' } as RememberInput['identity'] },
      NOW,
    );
    const remembered = await readRememberedPatient('brightsmile', NOW);
    expect(remembered?.identity).toEqual(input.identity);
  });

  it('forgets with one call and tells listeners', async () => {
    const listener = vi.fn();
    const stop = onRememberedChange(listener);
    await rememberPatient('brightsmile', input, NOW);
    await forgetRememberedPatient('brightsmile');
    expect(await readRememberedPatient('brightsmile', NOW)).toBeNull();
    expect(backing.items.size).toBe(0);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });

  it('is offered on the booking page, and in a framed widget only when the practice allows it', () => {
    expect(rememberMeOffered(false, false)).toBe(true);
    expect(rememberMeOffered(true, false)).toBe(false);
    expect(rememberMeOffered(true, true)).toBe(true);
  });
});
