import type * as SchedulerContractModule from '@scheduler/contract/scheduler-api';
import type { SchedulerSettings } from '@scheduler/domain/settings';

/**
 * The page's side of the contract workers, which check API answers against the contract and
 * restored browser state against its schemas off the main thread, so a booking page's main thread
 * loads no zod. Two workers (issue 16: ≤ 130 KB of JavaScript before the landing is interactive,
 * workers included):
 * - 'landing' (app/contract-worker.ts, ≈ 9 KB gzipped): the landing's answers — getConfig,
 *   getLocation, getServiceType, getInsurance, topInsurancePackage — whose schemas are written
 *   with zod/mini (the contract's catalogue-answers.ts);
 * - 'full' (app/contract-worker-full.ts, ≈ 32 KB, classic zod): every other answer and the restored
 *   state. Started by its first question, or by the landing once it is on screen, when the browser
 *   is idle (startFullContractWorkerWhenIdle), for the next steps.
 * The app installs the workers' constructors at start-up (main.tsx); without them (tests,
 * admin-only use, a worker that fails) every question is answered 'unavailable' and the caller
 * checks on the page itself.
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
export type ContractWorkerKind = 'landing' | 'full';

/** The answers the small 'landing' worker checks (its schemas are on zod/mini). */
export const LANDING_ANSWER_SCHEMAS = [
  'getConfigResponseSchema',
  'getLocationResponseSchema',
  'getServiceTypeResponseSchema',
  'getInsuranceResponseSchema',
  'topInsurancePackageResponseSchema',
] as const satisfies readonly ContractSchemaName[];
export type LandingAnswerSchemaName = (typeof LANDING_ANSWER_SCHEMAS)[number];

function isLandingAnswer(schema: ContractSchemaName): schema is LandingAnswerSchemaName {
  return (LANDING_ANSWER_SCHEMAS as readonly string[]).includes(schema);
}

let starters: Record<ContractWorkerKind, StartWorker> | null = null;
const workers: Record<ContractWorkerKind, Worker | null | undefined> = {
  landing: undefined,
  full: undefined,
};
let nextId = 1;
const waiting = new Map<number, (answer: ContractAnswer) => void>();

/** Installs how the contract workers are started (main.tsx; the workers' modules belong to app/). */
export function installContractWorker(start: Record<ContractWorkerKind, StartWorker>): void {
  starters = start;
  workers.landing = undefined;
  workers.full = undefined;
}

function contractWorker(kind: ContractWorkerKind): Worker | null {
  const existing = workers[kind];
  if (existing !== undefined) return existing;
  workers[kind] = null;
  if (typeof Worker !== 'function' || starters === null) return null;
  try {
    const started = starters[kind]();
    started.onmessage = (event: MessageEvent<ContractAnswer>) => {
      const done = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      done?.(event.data);
    };
    // A worker that cannot load or answer: the page checks the answers itself from now on.
    const fail = () => {
      if (workers[kind] === started) workers[kind] = null;
      started.terminate();
      const pending = [...waiting.entries()];
      waiting.clear();
      for (const [id, done] of pending) done({ id, kind: 'unavailable' });
    };
    started.onerror = fail;
    started.onmessageerror = fail;
    workers[kind] = started;
  } catch {
    workers[kind] = null;
  }
  return workers[kind];
}

/**
 * Starts the 'full' worker for the next steps once the landing is on screen (the landing calls
 * this when its choices are shown): a second later, when the browser is idle, so that its 32 KB
 * never compete with the landing's own loading or the patient's first tap (issue 16).
 */
export function startFullContractWorkerWhenIdle(): void {
  if (workers.full !== undefined || starters === null) return;
  const start = () => void contractWorker('full');
  setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 5000 });
    else start();
  }, 1000);
}

type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

/** The worker that answers a request: the landing's answers 'landing', everything else 'full'. */
export function contractWorkerFor(request: Unnumbered<ContractRequest>): ContractWorkerKind {
  return request.check === 'answer' && isLandingAnswer(request.schema) ? 'landing' : 'full';
}

/**
 * Asks a contract worker (started on its first question). `onlyIfStarted`: only on a page that
 * started a contract worker already (a restored state is checked in the 'full' worker on a booking
 * page; elsewhere the page checks it itself).
 */
export function askContractWorker(
  request: Unnumbered<ContractRequest>,
  { onlyIfStarted = false }: { onlyIfStarted?: boolean } = {},
): Promise<ContractAnswer> {
  const id = nextId++;
  const kind = contractWorkerFor(request);
  const bookingPage = workers.landing != null || workers.full != null;
  const target = onlyIfStarted && !bookingPage ? null : contractWorker(kind);
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

/**
 * Starts the worker of the page's first answers ahead of the first check (the booking page's
 * prefetch calls this): the landing's worker; `kind` 'full' on a later step's page.
 */
export function warmContractWorker(kind: ContractWorkerKind = 'landing'): void {
  contractWorker(kind);
}
