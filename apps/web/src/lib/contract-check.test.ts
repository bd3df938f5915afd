import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  askContractWorker,
  contractWorkerFor,
  installContractWorker,
  startFullContractWorkerWhenIdle,
  warmContractWorker,
  type ContractAnswer,
  type ContractRequest,
} from './contract-check';

/** A stand-in worker that answers every question 'valid' with the data it got. */
class FakeWorker {
  onmessage: ((event: MessageEvent<ContractAnswer>) => void) | null = null;
  onerror: (() => void) | null = null;
  onmessageerror: (() => void) | null = null;
  readonly asked: ContractRequest[] = [];
  postMessage(request: ContractRequest): void {
    this.asked.push(request);
    const data = 'data' in request ? request.data : null;
    queueMicrotask(() =>
      this.onmessage?.({ data: { id: request.id, kind: 'valid', data } } as MessageEvent<ContractAnswer>),
    );
  }
  terminate(): void {}
}

function install() {
  const started = { landing: [] as FakeWorker[], full: [] as FakeWorker[] };
  installContractWorker({
    landing: () => {
      const worker = new FakeWorker();
      started.landing.push(worker);
      return worker as unknown as Worker;
    },
    full: () => {
      const worker = new FakeWorker();
      started.full.push(worker);
      return worker as unknown as Worker;
    },
  });
  return started;
}

describe('the page side of the contract workers', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sends the landing's answers to the small worker and everything else to the full one", () => {
    expect(contractWorkerFor({ check: 'answer', schema: 'getConfigResponseSchema', data: {} })).toBe(
      'landing',
    );
    expect(contractWorkerFor({ check: 'answer', schema: 'getServiceTypeResponseSchema', data: {} })).toBe(
      'landing',
    );
    expect(
      contractWorkerFor({ check: 'answer', schema: 'topInsurancePackageResponseSchema', data: {} }),
    ).toBe('landing');
    expect(contractWorkerFor({ check: 'answer', schema: 'getProvidersResponseSchema', data: {} })).toBe(
      'full',
    );
    expect(contractWorkerFor({ check: 'stored', key: 'root', data: {} })).toBe('full');
  });

  it('starts only the landing worker for the landing, the full one on its first question', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const started = install();
    warmContractWorker();
    expect(started.landing).toHaveLength(1);
    expect(started.full).toHaveLength(0);
    await askContractWorker({
      check: 'answer',
      schema: 'getLocationResponseSchema',
      data: { locations: [] },
    });
    expect(started.full).toHaveLength(0);
    const answer = await askContractWorker({
      check: 'answer',
      schema: 'bookAppointmentResponseSchema',
      data: 1,
    });
    expect(answer).toMatchObject({ kind: 'valid', data: 1 });
    expect(started.full).toHaveLength(1);
    expect(started.full[0]?.asked[0]).toMatchObject({ schema: 'bookAppointmentResponseSchema' });
  });

  it('starts the full worker a second after the landing is shown, when idle', () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 10));
    const started = install();
    warmContractWorker();
    startFullContractWorkerWhenIdle();
    vi.advanceTimersByTime(999);
    expect(started.full).toHaveLength(0);
    vi.advanceTimersByTime(20);
    expect(started.full).toHaveLength(1);
  });

  it("answers 'unavailable' without a worker (the page checks itself)", async () => {
    vi.stubGlobal('Worker', undefined);
    install();
    expect(
      await askContractWorker({ check: 'answer', schema: 'getConfigResponseSchema', data: {} }),
    ).toMatchObject({ kind: 'unavailable' });
  });
});
