/**
 * Encrypted async storage engine for the persisted booking and admin state (app/persistence.ts).
 *
 * Values are encrypted with AES-GCM (Web Crypto) under a NON-EXTRACTABLE CryptoKey generated in the
 * browser and kept in IndexedDB: script on the page can use the key but can never read its bytes,
 * and nothing secret ships in the bundle. Each write uses a fresh random 96-bit IV; the storage slot
 * name is bound to the ciphertext as additional authenticated data, so a value cannot be moved to
 * another slot. Stored text: `enc.v1:<base64 iv>:<base64 ciphertext+tag>`.
 *
 * Reading never throws: a missing key, a foreign format or a failed decryption yields `undefined`
 * (an empty restore) and a `console.info('state restore failed: …')`. Writing never stores plain text:
 * when no key can be had, the slot is cleared instead.
 */

export type EncryptionKeyName = 'session' | 'local';

/** The storage contract app/persistence.ts expects from an async engine (the one redux-persist used). */
export interface AsyncStorageEngine {
  getItem(key: string): Promise<string | null | undefined>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export type BackingStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const DB_NAME = 'scheduler-keys';
const DB_VERSION = 1;
const STORE_NAME = 'keys';
const FORMAT_PREFIX = 'enc.v1:';
const IV_BYTES = 12;

const keyCache = new Map<EncryptionKeyName, CryptoKey>();
let dbPromise: Promise<IDBDatabase> | null = null;
/** Key operations run one after another so a drop is never overtaken by an older load. */
let keyQueue: Promise<unknown> = Promise.resolve();

function serialize<T>(operation: () => Promise<T>): Promise<T> {
  const next = keyQueue.then(operation, operation);
  keyQueue = next.catch(() => undefined);
  return next;
}

function idbRequest<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openKeyDb(): Promise<IDBDatabase> {
  if (dbPromise) return dbPromise;
  const opening = new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const req = indexedDB.open(DB_NAME, DB_VERSION);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE_NAME)) req.result.createObjectStore(STORE_NAME);
    };
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => {
        db.close();
        dbPromise = null;
      };
      resolve(db);
    };
    req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'));
    req.onblocked = () => reject(new Error('IndexedDB open blocked'));
  });
  dbPromise = opening;
  opening.catch(() => {
    dbPromise = null;
  });
  return opening;
}

function storedKeyId(name: EncryptionKeyName): string {
  return `state-${name}`;
}

function isCryptoKey(value: unknown): value is CryptoKey {
  return typeof CryptoKey !== 'undefined' && value instanceof CryptoKey;
}

async function readStoredKey(name: EncryptionKeyName): Promise<CryptoKey | null> {
  const db = await openKeyDb();
  const value: unknown = await idbRequest(
    db.transaction(STORE_NAME, 'readonly').objectStore(STORE_NAME).get(storedKeyId(name)),
  );
  return isCryptoKey(value) ? value : null;
}

/** The existing key, or null. Never creates one (a restore with no key is an empty restore). */
function loadKey(name: EncryptionKeyName): Promise<CryptoKey | null> {
  const cached = keyCache.get(name);
  if (cached) return Promise.resolve(cached);
  return serialize(async () => {
    const again = keyCache.get(name);
    if (again) return again;
    const stored = await readStoredKey(name);
    if (stored) keyCache.set(name, stored);
    return stored;
  });
}

function loadOrCreateKey(name: EncryptionKeyName): Promise<CryptoKey> {
  const cached = keyCache.get(name);
  if (cached) return Promise.resolve(cached);
  return serialize(async () => {
    const again = keyCache.get(name);
    if (again) return again;
    const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    const db = await openKeyDb();
    // get-then-add inside one readwrite transaction: another tab that raced us keeps its key, and we use it.
    const chosen = await new Promise<CryptoKey>((resolve, reject) => {
      const tx = db.transaction(STORE_NAME, 'readwrite');
      const store = tx.objectStore(STORE_NAME);
      let result: CryptoKey = fresh;
      const getReq = store.get(storedKeyId(name));
      getReq.onsuccess = () => {
        const existing: unknown = getReq.result;
        if (isCryptoKey(existing)) result = existing;
        else store.put(fresh, storedKeyId(name));
      };
      tx.oncomplete = () => resolve(result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
    });
    keyCache.set(name, chosen);
    return chosen;
  });
}

/**
 * Discards the key (crypto-shredding what was written under it). Used when the patient flow is
 * cleared; the next write creates a new key. Never throws.
 */
export function dropEncryptionKey(name: EncryptionKeyName = 'session'): Promise<void> {
  keyCache.delete(name);
  return serialize(async () => {
    keyCache.delete(name);
    try {
      const db = await openKeyDb();
      const tx = db.transaction(STORE_NAME, 'readwrite');
      tx.objectStore(STORE_NAME).delete(storedKeyId(name));
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB delete failed'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB delete aborted'));
      });
    } catch (error) {
      console.info(`encryption key drop failed: ${describe(error)}`);
    }
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function additionalData(keyName: EncryptionKeyName, slot: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`${keyName}:${slot}`);
}

export async function encryptText(
  key: CryptoKey,
  plain: string,
  aad: Uint8Array<ArrayBuffer>,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const cipher = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad },
    key,
    new TextEncoder().encode(plain),
  );
  return `${FORMAT_PREFIX}${toBase64(iv)}:${toBase64(new Uint8Array(cipher))}`;
}

export async function decryptText(
  key: CryptoKey,
  stored: string,
  aad: Uint8Array<ArrayBuffer>,
): Promise<string> {
  if (!stored.startsWith(FORMAT_PREFIX)) throw new Error('unrecognised format');
  const [ivText, cipherText, ...rest] = stored.slice(FORMAT_PREFIX.length).split(':');
  if (!ivText || !cipherText || rest.length > 0) throw new Error('malformed value');
  const iv = fromBase64(ivText);
  if (iv.length !== IV_BYTES) throw new Error('malformed value');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv, additionalData: aad },
    key,
    fromBase64(cipherText),
  );
  return new TextDecoder().decode(plain);
}

/**
 * Creates the engine over a Web Storage area. `getBacking` is called on each operation (so a blocked
 * or missing storage is handled lazily); `keyName` picks the key ('session' for sessionStorage data,
 * 'local' for localStorage data, so dropping the patient-flow key leaves the admin's remembered e-mail).
 */
export function createEncryptedStorage(
  getBacking: () => BackingStorage | null,
  keyName: EncryptionKeyName,
): AsyncStorageEngine {
  const backing = (): BackingStorage | null => {
    try {
      return getBacking();
    } catch {
      return null;
    }
  };

  return {
    async getItem(slot: string): Promise<string | null | undefined> {
      let stored: string | null;
      try {
        stored = backing()?.getItem(slot) ?? null;
      } catch (error) {
        console.info(`state restore failed: storage unavailable (${describe(error)})`);
        return undefined;
      }
      if (stored === null) return null;
      try {
        const key = await loadKey(keyName);
        if (!key) {
          console.info('state restore failed: encryption key missing');
          return undefined;
        }
        return await decryptText(key, stored, additionalData(keyName, slot));
      } catch (error) {
        console.info(`state restore failed: ${describe(error)}`);
        return undefined;
      }
    },

    async setItem(slot: string, value: string): Promise<void> {
      const store = backing();
      if (!store) return;
      try {
        const key = await loadOrCreateKey(keyName);
        store.setItem(slot, await encryptText(key, value, additionalData(keyName, slot)));
      } catch (error) {
        console.info(`state save skipped: ${describe(error)}`);
        try {
          store.removeItem(slot); // never leave an older value behind that no longer matches the state
        } catch {
          // storage itself is failing; nothing more to do
        }
      }
    },

    removeItem(slot: string): Promise<void> {
      try {
        backing()?.removeItem(slot);
      } catch {
        // ignore: nothing to remove from an unavailable storage
      }
      return Promise.resolve();
    },
  };
}

function webStorage(area: 'sessionStorage' | 'localStorage'): () => BackingStorage | null {
  return () => (typeof window === 'undefined' ? null : window[area]);
}

/** Engine for booking/admin state: sessionStorage, 'session' key. */
export const encryptedSessionStorage: AsyncStorageEngine = createEncryptedStorage(
  webStorage('sessionStorage'),
  'session',
);
/** Engine for the admin login slice: localStorage, 'local' key. */
export const encryptedLocalStorage: AsyncStorageEngine = createEncryptedStorage(
  webStorage('localStorage'),
  'local',
);
