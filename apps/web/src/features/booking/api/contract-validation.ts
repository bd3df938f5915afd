import type * as SchedulerContractModule from '@scheduler/contract/scheduler-api';
import type { SchedulerSettings } from '@scheduler/domain/settings';
import type { PersistKey, StoredCheck } from '../../../app/slices/persisted-state-schema';

type Contract = typeof SchedulerContractModule;

/** The contract's schemas of API answers (the ones fetchChecked checks with). */
export type ContractSchemaName = {
  [K in keyof Contract]: K extends `${string}ResponseSchema` ? K : never;
}[keyof Contract];

export type ContractOutput<N extends ContractSchemaName> = Contract[N] extends {
  safeParse(data: unknown): { success: true; data: infer T } | { success: false };
}
  ? T
  : never;

/** What the page asks the contract worker (contract-worker.ts): an API answer or a restored state to check. */
export type ContractRequest =
  | {
      id: number;
      check: 'answer';
      schema: ContractSchemaName;
      data: unknown;
      /** 'settings': also resolve the first rulesConfig item's settings (getConfig). */
      resolve?: 'settings' | undefined;
    }
  | { id: number; check: 'stored'; key: PersistKey; data: unknown };

export type ContractAnswer =
  | { id: number; kind: 'valid'; data: unknown; settings?: SchedulerSettings | null }
  /** `where`: for a stored state, the path of the first problem. */
  | { id: number; kind: 'invalid'; where?: string }
  | { id: number; kind: 'unavailable' };

export type Checked<T> = { success: true; data: T; settings?: SchedulerSettings | null } | { success: false };

/**
 * Checks an API answer against the contract. In a browser the check runs in a worker (started on the
 * first check, so it boots while the first requests are in flight); where there is no worker (tests,
 * a worker that fails to start or cannot answer) the page loads the contract and checks it itself.
 * Nothing is used before it passed the check either way.
 */
export async function checkAgainstContract<N extends ContractSchemaName>(
  schema: N,
  data: unknown,
  resolve?: 'settings',
): Promise<Checked<ContractOutput<N>>> {
  const worker = contractWorker();
  if (worker) {
    const answer = await ask(worker, { check: 'answer', schema, data, resolve });
    if (answer.kind === 'valid')
      return {
        success: true,
        data: answer.data as ContractOutput<N>,
        ...(resolve ? { settings: answer.settings ?? null } : {}),
      };
    if (answer.kind === 'invalid') return { success: false };
  }
  return checkHere(schema, data, resolve);
}

async function checkHere<N extends ContractSchemaName>(
  schema: N,
  data: unknown,
  resolve?: 'settings',
): Promise<Checked<ContractOutput<N>>> {
  const [contract, settingsModule] = await Promise.all([
    import('@scheduler/contract/scheduler-api'),
    resolve ? import('@scheduler/domain/settings') : null,
  ]);
  const parsed = (contract[schema] as { safeParse(data: unknown): Checked<ContractOutput<N>> }).safeParse(
    data,
  );
  if (!parsed.success) return { success: false };
  if (!resolve || !settingsModule) return { success: true, data: parsed.data };
  const first = (
    parsed.data as { rulesConfig?: { settings: Parameters<typeof settingsModule.resolveSettings>[0] }[] }
  ).rulesConfig?.[0];
  return {
    success: true,
    data: parsed.data,
    settings: first ? settingsModule.resolveSettings(first.settings) : null,
  };
}

/**
 * Checks a state restored from browser storage (untrusted) against its schema
 * (app/slices/persisted-state-schema.ts). In the contract worker when a booking page has already
 * started it, so the page's main thread loads no zod to restore its state; else here, loading the
 * schemas (admin pages, tests). Rejects only if the schemas cannot be loaded.
 */
export async function checkStoredState(key: PersistKey, data: unknown): Promise<StoredCheck> {
  if (worker) {
    const answer = await ask(worker, { check: 'stored', key, data });
    if (answer.kind === 'valid') return { success: true, data: answer.data };
    if (answer.kind === 'invalid') return { success: false, where: answer.where ?? '' };
  }
  return (await import('../../../app/slices/persisted-state-schema')).checkPersistedState(key, data);
}

let worker: Worker | null | undefined;
let nextId = 1;
const waiting = new Map<number, (answer: ContractAnswer) => void>();

function contractWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  if (typeof Worker !== 'function') return null;
  try {
    const started = new Worker(new URL('./contract-worker.ts', import.meta.url), {
      type: 'module',
      name: 'contract',
    });
    started.onmessage = (event: MessageEvent<ContractAnswer>) => {
      const done = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      done?.(event.data);
    };
    // A worker that cannot load or answer: the page checks the answers itself from now on.
    const fail = () => {
      if (worker === started) worker = null;
      started.terminate();
      const pending = [...waiting.entries()];
      waiting.clear();
      for (const [id, done] of pending) done({ id, kind: 'unavailable' });
    };
    started.onerror = fail;
    started.onmessageerror = fail;
    worker = started;
  } catch {
    worker = null;
  }
  return worker;
}

type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

function ask(target: Worker, request: Unnumbered<ContractRequest>): Promise<ContractAnswer> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    try {
      target.postMessage({ ...request, id });
    } catch {
      waiting.delete(id);
      resolve({ id, kind: 'unavailable' });
    }
  });
}

/** Starts the worker ahead of the first check (the booking page's prefetch calls this). */
export function warmContractWorker(): void {
  contractWorker();
}
