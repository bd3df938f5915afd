import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createEncryptedStorage, dropEncryptionKey, type BackingStorage } from './encrypted-storage';

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

const SECRET_STATE = JSON.stringify({ patientdetail: { firstName: 'Ada', dateOfBirth: '1990-04-12' } });

function readStoredKey(name: string): Promise<CryptoKey | undefined> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('scheduler-keys');
    open.onerror = () => reject(open.error ?? new Error('open failed'));
    open.onsuccess = () => {
      const db = open.result;
      const get = db.transaction('keys', 'readonly').objectStore('keys').get(`state-${name}`);
      get.onsuccess = () => {
        db.close();
        resolve(get.result as CryptoKey | undefined);
      };
      get.onerror = () => reject(get.error ?? new Error('get failed'));
    };
  });
}

describe('encrypted storage', () => {
  let backing: MemoryStorage;
  let info: MockInstance<typeof console.info>;

  beforeEach(async () => {
    await dropEncryptionKey('session');
    await dropEncryptionKey('local');
    backing = new MemoryStorage();
    info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });

  afterEach(() => {
    info.mockRestore();
  });

  it('gives back exactly what was stored', async () => {
    const storage = createEncryptedStorage(() => backing, 'session');
    await storage.setItem('persist:root', SECRET_STATE);
    await expect(storage.getItem('persist:root')).resolves.toBe(SECRET_STATE);
    expect(info).not.toHaveBeenCalled();
  });

  it('never writes the plain text, and uses a fresh IV for every write', async () => {
    const storage = createEncryptedStorage(() => backing, 'session');
    await storage.setItem('persist:root', SECRET_STATE);
    const first = backing.getItem('persist:root') ?? '';
    await storage.setItem('persist:root', SECRET_STATE);
    const second = backing.getItem('persist:root') ?? '';

    expect(first).toMatch(/^enc\.v1:/);
    expect(first).not.toContain('Ada');
    expect(first).not.toContain('1990-04-12');
    expect(first).not.toContain('patientdetail');
    expect(second).not.toBe(first);
    expect(first.split(':')[1]).not.toBe(second.split(':')[1]);
    expect(atob(first.split(':')[1] ?? '')).toHaveLength(12);
  });

  it('keeps its key in IndexedDB as a non-extractable AES-GCM key', async () => {
    const storage = createEncryptedStorage(() => backing, 'session');
    await storage.setItem('persist:root', SECRET_STATE);
    const key = await readStoredKey('session');
    expect(key).toBeInstanceOf(CryptoKey);
    expect(key?.extractable).toBe(false);
    expect(key?.algorithm.name).toBe('AES-GCM');
    await expect(crypto.subtle.exportKey('raw', key as CryptoKey)).rejects.toThrow();
  });

  it('returns null, quietly, when nothing was stored', async () => {
    const storage = createEncryptedStorage(() => backing, 'session');
    await expect(storage.getItem('persist:root')).resolves.toBeNull();
    expect(info).not.toHaveBeenCalled();
  });

  it('restores nothing and says so when the key is gone', async () => {
    const storage = createEncryptedStorage(() => backing, 'session');
    await storage.setItem('persist:root', SECRET_STATE);
    await dropEncryptionKey('session');

    await expect(storage.getItem('persist:root')).resolves.toBeUndefined();
    expect(info).toHaveBeenCalledWith(expect.stringMatching(/^state restore failed: /));
  });

  it('restores nothing when the ciphertext was tampered with', async () => {
    const storage = createEncryptedStorage(() => backing, 'session');
    await storage.setItem('persist:root', SECRET_STATE);
    const stored = backing.getItem('persist:root') ?? '';
    // Flip a character well inside the ciphertext: the last base64 characters may carry unused bits.
    const at = stored.length - 10;
    const flipped = stored[at] === 'A' ? 'B' : 'A';
    backing.setItem('persist:root', `${stored.slice(0, at)}${flipped}${stored.slice(at + 1)}`);

    await expect(storage.getItem('persist:root')).resolves.toBeUndefined();
    expect(info).toHaveBeenCalledWith(expect.stringMatching(/^state restore failed: /));
  });

  it('restores nothing from plain text or foreign values', async () => {
    const storage = createEncryptedStorage(() => backing, 'session');
    backing.setItem('persist:root', SECRET_STATE);
    await expect(storage.getItem('persist:root')).resolves.toBeUndefined();
    backing.setItem('persist:root', 'enc.v1:not-base64!:x');
    await expect(storage.getItem('persist:root')).resolves.toBeUndefined();
    expect(info).toHaveBeenCalledTimes(2);
  });

  it('binds a value to its slot: a copy under another name does not decrypt', async () => {
    const storage = createEncryptedStorage(() => backing, 'session');
    await storage.setItem('persist:root', SECRET_STATE);
    backing.setItem('persist:other', backing.getItem('persist:root') ?? '');
    await expect(storage.getItem('persist:other')).resolves.toBeUndefined();
  });

  it('uses separate keys for session and local data, so dropping one keeps the other', async () => {
    const session = createEncryptedStorage(() => backing, 'session');
    const localBacking = new MemoryStorage();
    const local = createEncryptedStorage(() => localBacking, 'local');
    await session.setItem('persist:root', SECRET_STATE);
    await local.setItem('persist:adminLogin', '{"remindEmail":"\\"staff@clinic.example\\""}');

    await dropEncryptionKey('session');

    await expect(session.getItem('persist:root')).resolves.toBeUndefined();
    await expect(local.getItem('persist:adminLogin')).resolves.toBe(
      '{"remindEmail":"\\"staff@clinic.example\\""}',
    );
  });

  it('writes under a new key after the old one was dropped', async () => {
    const storage = createEncryptedStorage(() => backing, 'session');
    await storage.setItem('persist:root', SECRET_STATE);
    await dropEncryptionKey('session');
    await storage.setItem('persist:root', '{"stepper":"{\\"stepper\\":0}"}');
    await expect(storage.getItem('persist:root')).resolves.toBe('{"stepper":"{\\"stepper\\":0}"}');
  });

  it('never throws when the storage itself is unavailable', async () => {
    const storage = createEncryptedStorage(() => {
      throw new Error('SecurityError');
    }, 'session');
    await expect(storage.setItem('persist:root', SECRET_STATE)).resolves.toBeUndefined();
    await expect(storage.getItem('persist:root')).resolves.toBeNull();
    await expect(storage.removeItem('persist:root')).resolves.toBeUndefined();
  });

  it('removes a slot', async () => {
    const storage = createEncryptedStorage(() => backing, 'session');
    await storage.setItem('persist:root', SECRET_STATE);
    await storage.removeItem('persist:root');
    expect(backing.getItem('persist:root')).toBeNull();
  });
});
