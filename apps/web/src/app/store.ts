import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  getStoredState,
  persistReducer,
  persistStore,
  type PersistConfig,
  type PersistedState,
  type Persistor,
} from 'redux-persist';
import {
  dropEncryptionKey,
  encryptedLocalStorage,
  encryptedSessionStorage,
  type AsyncStorageEngine,
} from '../lib/encrypted-storage';
import { askContractWorker } from '../lib/contract-check';
import type { PersistKey, StoredCheck } from './persisted-state-schema';
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
 * Wraps redux-persist's reader: the restored value is validated with the zod schema of `key`
 * (in the booking page's contract worker, else loaded here, only when something was stored);
 * anything invalid, or a failure to read, restores nothing, with a console.info. Never rejects.
 */
export function validatingGetStoredState<S>(key: PersistKey) {
  return async (config: PersistConfig<S>): Promise<PersistedState> => {
    let restored: object | undefined;
    try {
      restored = await getStoredState(config);
    } catch (error) {
      console.info(`state restore failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
    if (restored === undefined) return undefined;
    let parsed: StoredCheck;
    try {
      parsed = await checkStoredState(key, restored);
    } catch (error) {
      console.info(`state restore failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
    if (!parsed.success) {
      const { where } = parsed;
      console.info(
        `state restore failed: stored ${config.key} state is invalid${where ? ` at ${where}` : ''}`,
      );
      return undefined;
    }
    return parsed.data as PersistedState;
  };
}

export interface AppStoreOptions {
  sessionStorage?: AsyncStorageEngine;
  localStorage?: AsyncStorageEngine;
  /** Called when the patient flow is cleared; discards the session encryption key by default. */
  onPatientFlowCleared?: () => Promise<void> | void;
}

function buildRootReducer(options: AppStoreOptions) {
  const adminLoginPersisted = persistReducer(
    {
      key: 'adminLogin',
      storage: options.localStorage ?? encryptedLocalStorage,
      timeout: STATE_RESTORE_TIMEOUT_MS,
      getStoredState: validatingGetStoredState('adminLogin'),
    },
    adminLoginReducer,
  );
  const slices = combineReducers({
    ...bookingReducers,
    admin: adminReducer,
    adminLogin: adminLoginPersisted,
  });
  return persistReducer(
    {
      key: 'root',
      storage: options.sessionStorage ?? encryptedSessionStorage,
      blacklist: ['adminLogin'],
      timeout: STATE_RESTORE_TIMEOUT_MS,
      getStoredState: validatingGetStoredState('root'),
    },
    slices,
  );
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
    reducer: buildRootReducer(options),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(patientFlowKeyShredder),
  });
  const persistor: Persistor = persistStore(store);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
