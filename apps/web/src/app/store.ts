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
import { checkStoredState } from '../features/booking/api/contract-validation';
import type { PersistKey, StoredCheck } from './slices/persisted-state-schema';
import { adminLoginReducer } from './slices/admin-login-slice';
import { adminReducer } from './slices/admin-slice';
import { clearPatientFlow, patientdetailsReducer } from './slices/patientdetails-slice';
import { servicetypeReducer } from './slices/servicetype-slice';
import { stepperReducer } from './slices/stepper-slice';

/** Spec section 4/9: rendering waits for stored state at most this long. */
export const STATE_RESTORE_TIMEOUT_MS = 5000;

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
    stepper: stepperReducer,
    servicetype: servicetypeReducer,
    patientdetails: patientdetailsReducer,
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
