import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AsyncStorageEngine } from '../lib/encrypted-storage';
import { clearPatientFlow, setSelectedProvider } from '../features/booking/state/patientdetails-slice';
import { setRemindEmail } from '../features/admin/state/admin-login-slice';
import { setStepper } from '../features/booking/state/stepper-slice';
import { createAppStore } from './store';

/** An in-memory async engine (the encryption itself is tested in lib/encrypted-storage.test.ts). */
function memoryEngine(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const engine: AsyncStorageEngine = {
    getItem: (key) => Promise.resolve(items.get(key) ?? null),
    setItem: (key, value) => {
      items.set(key, value);
      return Promise.resolve();
    },
    removeItem: (key) => {
      items.delete(key);
      return Promise.resolve();
    },
  };
  return { engine, items };
}

/** redux-persist's stored format: an object of JSON-encoded slices. */
function persisted(slices: Record<string, unknown>): string {
  const outer: Record<string, string> = {};
  for (const [key, value] of Object.entries(slices)) outer[key] = JSON.stringify(value);
  return JSON.stringify(outer);
}

function bootstrapped(persistor: ReturnType<typeof createAppStore>['persistor']): Promise<void> {
  return new Promise((resolve) => {
    if (persistor.getState().bootstrapped) {
      resolve();
      return;
    }
    const unsubscribe = persistor.subscribe(() => {
      if (persistor.getState().bootstrapped) {
        unsubscribe();
        resolve();
      }
    });
  });
}

describe('app store', () => {
  let info: MockInstance<typeof console.info>;
  beforeEach(() => {
    info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => {
    info.mockRestore();
  });

  it('has the five slices of spec section 3', () => {
    const { store } = createAppStore({
      sessionStorage: memoryEngine().engine,
      localStorage: memoryEngine().engine,
    });
    expect(
      Object.keys(store.getState())
        .filter((key) => key !== '_persist')
        .sort(),
    ).toEqual(['admin', 'adminLogin', 'patientdetails', 'servicetype', 'stepper'].sort());
  });

  it('restores valid stored state', async () => {
    const session = memoryEngine({
      'persist:root': persisted({ stepper: { stepper: 2 }, _persist: { version: -1, rehydrated: true } }),
    });
    const local = memoryEngine({ 'persist:adminLogin': persisted({ remindEmail: 'staff@clinic.example' }) });
    const { store, persistor } = createAppStore({
      sessionStorage: session.engine,
      localStorage: local.engine,
    });
    await bootstrapped(persistor);

    expect(store.getState().stepper.stepper).toBe(2);
    expect(store.getState().adminLogin.remindEmail).toBe('staff@clinic.example');
    expect(info).not.toHaveBeenCalled();
  });

  it('restores nothing from invalid stored state, and says so', async () => {
    const session = memoryEngine({
      'persist:root': persisted({
        stepper: { stepper: 'five' },
        patientdetails: { isExistingPatient: 'yes' },
      }),
    });
    const { store, persistor } = createAppStore({
      sessionStorage: session.engine,
      localStorage: memoryEngine().engine,
    });
    await bootstrapped(persistor);

    expect(store.getState().stepper.stepper).toBe(0);
    expect(store.getState().patientdetails.isExistingPatient).toBe(false);
    expect(info).toHaveBeenCalledWith(
      expect.stringMatching(/^state restore failed: stored root state is invalid/),
    );
  });

  it('restores nothing from unreadable stored state', async () => {
    const session = memoryEngine({ 'persist:root': '{not json' });
    const { store, persistor } = createAppStore({
      sessionStorage: session.engine,
      localStorage: memoryEngine().engine,
    });
    await bootstrapped(persistor);
    expect(store.getState().stepper.stepper).toBe(0);
    expect(info).toHaveBeenCalledWith(expect.stringMatching(/^state restore failed: /));
  });

  it('keeps adminLogin in local storage and everything else in session storage', async () => {
    const session = memoryEngine();
    const local = memoryEngine();
    const { store, persistor } = createAppStore({
      sessionStorage: session.engine,
      localStorage: local.engine,
    });
    await bootstrapped(persistor);

    store.dispatch(setStepper(1));
    store.dispatch(setRemindEmail('staff@clinic.example'));
    await persistor.flush();

    const root = JSON.parse(session.items.get('persist:root') ?? '{}') as Record<string, string>;
    expect(Object.keys(root).sort()).toEqual([
      '_persist',
      'admin',
      'patientdetails',
      'servicetype',
      'stepper',
    ]);
    expect(root.stepper).toBe('{"stepper":1}');
    expect(session.items.get('persist:root')).not.toContain('staff@clinic.example');
    expect(local.items.get('persist:adminLogin')).toContain('staff@clinic.example');
  });

  it('discards the session encryption key when the patient flow is cleared', async () => {
    const onPatientFlowCleared = vi.fn();
    const { store, persistor } = createAppStore({
      sessionStorage: memoryEngine().engine,
      localStorage: memoryEngine().engine,
      onPatientFlowCleared,
    });
    await bootstrapped(persistor);
    store.dispatch(setSelectedProvider({ providerId: 3 }));
    expect(onPatientFlowCleared).not.toHaveBeenCalled();

    store.dispatch(clearPatientFlow());

    expect(onPatientFlowCleared).toHaveBeenCalledTimes(1);
    expect(store.getState().patientdetails.selectedProvider).toBeNull();
  });
});
