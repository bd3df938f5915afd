import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import {
  dropEncryptionKey,
  encryptedLocalStorage,
  encryptedSessionStorage,
  type AsyncStorageEngine,
} from '../lib/encrypted-storage';
import { askContractWorker } from '../lib/contract-check';
import type { PersistKey, StoredCheck } from './persisted-state-schema';
import { persistStore, restorable, type Persistor } from './persistence';
import { adminLoginReducer } from '../features/admin/state/admin-login-slice';
import { adminReducer } from '../features/admin/state/admin-slice';
import { bookingReducers, clearPatientFlow } from '../features/booking/state';

/** Spec section 4/9: rendering waits for stored state at most this long. */
export const STATE_RESTORE_TIMEOUT_MS = 5000;

/**
 * Checks a state restored from browser storage (untrusted) against its schema
 * (persisted-state-schema.ts). In the contract worker when a booking page has already started it,
 * so the page's main thread loads no zod to restore its state; else here, loading the schemas
 * (admin pages, tests). Rejects only if the schemas cannot be loaded.
 */
export async function checkStoredState(key: PersistKey, data: unknown): Promise<StoredCheck> {
  const answer = await askContractWorker({ check: 'stored', key, data }, { onlyIfStarted: true });
  if (answer.kind === 'valid') return { success: true, data: answer.data };
  if (answer.kind === 'invalid') return { success: false, where: answer.where ?? '' };
  return (await import('./persisted-state-schema')).checkPersistedState(key, data);
}

/**
 * Checks a restored value with the zod schema of `key` (in the booking page's contract worker,
 * else loaded here, only when something was stored); anything invalid, or a failure to check,
 * restores nothing, with a console.info. Never rejects.
 */
export function validatedRestore(key: PersistKey) {
  return async (restored: Record<string, unknown>): Promise<Record<string, unknown> | undefined> => {
    let parsed: StoredCheck;
    try {
      parsed = await checkStoredState(key, restored);
    } catch (error) {
      console.info(`state restore failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
    if (!parsed.success) {
      const { where } = parsed;
      console.info(`state restore failed: stored ${key} state is invalid${where ? ` at ${where}` : ''}`);
      return undefined;
    }
    return parsed.data as Record<string, unknown>;
  };
}

export interface AppStoreOptions {
  sessionStorage?: AsyncStorageEngine;
  localStorage?: AsyncStorageEngine;
  /** Called when the patient flow is cleared; discards the session encryption key by default. */
  onPatientFlowCleared?: () => Promise<void> | void;
}

function buildRootReducer() {
  // adminLogin is kept in localStorage ('adminLogin'), everything else in sessionStorage ('root').
  const slices = combineReducers({
    ...bookingReducers,
    admin: adminReducer,
    adminLogin: restorable('adminLogin', adminLoginReducer),
  });
  return restorable('root', slices);
}

type AppState = ReturnType<ReturnType<typeof buildRootReducer>>;

function withoutAdminLogin({ adminLogin: _adminLogin, ...rest }: Record<string, unknown>) {
  return rest;
}

export function createAppStore(options: AppStoreOptions = {}) {
  const onCleared = options.onPatientFlowCleared ?? (() => dropEncryptionKey('session'));
  // After the patient flow is cleared, the key its data was encrypted under is discarded.
  const patientFlowKeyShredder: Middleware = () => (next) => (action) => {
    const result = next(action);
    if (clearPatientFlow.match(action)) void Promise.resolve(onCleared()).catch(() => undefined);
    return result;
  };

  const store = configureStore({
    reducer: buildRootReducer(),
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(patientFlowKeyShredder),
  });
  const restoreRoot = validatedRestore('root');
  const persistor: Persistor = persistStore<AppState>(store, [
    {
      key: 'root',
      storage: options.sessionStorage ?? encryptedSessionStorage,
      select: (state) => withoutAdminLogin(state),
      restore: async (stored) => {
        const checked = await restoreRoot(stored);
        return checked && withoutAdminLogin(checked);
      },
      timeoutMs: STATE_RESTORE_TIMEOUT_MS,
    },
    {
      key: 'adminLogin',
      storage: options.localStorage ?? encryptedLocalStorage,
      select: (state) => ({ ...state.adminLogin }),
      restore: validatedRestore('adminLogin'),
      timeoutMs: STATE_RESTORE_TIMEOUT_MS,
    },
  ]);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
