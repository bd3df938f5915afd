import type * as SchedulerContractModule from '@scheduler/contract/scheduler-api';
import type { SchedulerSettings } from '@scheduler/domain/settings';

/**
 * The page's side of the contract worker (app/contract-worker.ts), which checks API answers against
 * the contract and restored browser state against its schemas off the main thread, so a booking
 * page's main thread loads no zod. The app installs the worker's constructor at start-up
 * (main.tsx); without one (tests, admin-only use, a worker that fails) every question is answered
 * 'unavailable' and the caller checks on the page itself.
 */

type Contract = typeof SchedulerContractModule;

/** The contract's schemas of API answers. */
export type ContractSchemaName = {
  [K in keyof Contract]: K extends `${string}ResponseSchema` ? K : never;
}[keyof Contract];

export type ContractOutput<N extends ContractSchemaName> = Contract[N] extends {
  safeParse(data: unknown): { success: true; data: infer T } | { success: false };
}
  ? T
  : never;

/** What the page asks the contract worker: an API answer or a restored state to check. */
export type ContractRequest =
  | {
      id: number;
      check: 'answer';
      schema: ContractSchemaName;
      data: unknown;
      /** 'settings': also resolve the first rulesConfig item's settings (getConfig). */
      resolve?: 'settings' | undefined;
    }
  /** `key`: the persisted state's key ('root', 'adminLogin'). */
  | { id: number; check: 'stored'; key: string; data: unknown };

export type ContractAnswer =
  | { id: number; kind: 'valid'; data: unknown; settings?: SchedulerSettings | null }
  /** `where`: for a stored state, the path of the first problem. */
  | { id: number; kind: 'invalid'; where?: string }
  | { id: number; kind: 'unavailable' };

type StartWorker = () => Worker;

let startWorker: StartWorker | null = null;
let worker: Worker | null | undefined;
let nextId = 1;
const waiting = new Map<number, (answer: ContractAnswer) => void>();

/** Installs how the contract worker is started (main.tsx; the worker's module belongs to app/). */
export function installContractWorker(start: StartWorker): void {
  startWorker = start;
  worker = undefined;
}

function contractWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  if (typeof Worker !== 'function' || startWorker === null) return null;
  try {
    const started = startWorker();
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

/**
 * Asks the contract worker (started on the first question). `onlyIfStarted`: do not start it for
 * this question (a restored state is checked in the worker only when a booking page started it).
 */
export function askContractWorker(
  request: Unnumbered<ContractRequest>,
  { onlyIfStarted = false }: { onlyIfStarted?: boolean } = {},
): Promise<ContractAnswer> {
  const id = nextId++;
  const target = onlyIfStarted ? (worker ?? null) : contractWorker();
  if (!target) return Promise.resolve({ id, kind: 'unavailable' });
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
