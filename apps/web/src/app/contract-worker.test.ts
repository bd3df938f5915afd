import { describe, expect, it, vi } from 'vitest';
import type { ContractAnswer, ContractRequest } from '../lib/contract-check';

// A worker module installs its handler on `self`; here `self` is a stand-in that keeps the answers.
interface Scope {
  onmessage?: (event: { data: ContractRequest }) => void;
  postMessage: (answer: ContractAnswer) => void;
}

async function load(module: 'landing' | 'full'): Promise<(request: ContractRequest) => ContractAnswer> {
  const answers: ContractAnswer[] = [];
  const scope: Scope = { postMessage: (answer) => answers.push(answer) };
  vi.resetModules();
  Object.assign(globalThis, { self: scope });
  await (module === 'landing' ? import('./contract-worker') : import('./contract-worker-full'));
  return (request) => {
    scope.onmessage?.({ data: request });
    const answer = answers.pop();
    if (!answer) throw new Error('no answer');
    return answer;
  };
}

const CONFIG = {
  rulesConfig: [
    {
      clientid: '1',
      clientName: 'Acme Dental',
      schedulerId: '2',
      schedulerName: 'Main',
      phone: '2125550100',
      settings: [{ group: 'landingPage', order: 3, value: 'Yes' }],
    },
  ],
  today: ' 2030-03-01 ',
};

describe("the landing's contract worker (zod/mini)", () => {
  it('checks the landing answers and resolves getConfig settings', async () => {
    const ask = await load('landing');
    expect(
      ask({ id: 1, check: 'answer', schema: 'getServiceTypeResponseSchema', data: { serviceTypes: [] } }),
    ).toEqual({ id: 1, kind: 'valid', data: { serviceTypes: [] } });
    expect(
      ask({ id: 2, check: 'answer', schema: 'getServiceTypeResponseSchema', data: { serviceTypes: 'x' } }),
    ).toEqual({ id: 2, kind: 'invalid' });
    expect(ask({ id: 3, check: 'answer', schema: 'getLocationResponseSchema', data: null })).toEqual({
      id: 3,
      kind: 'invalid',
    });
    const config = ask({
      id: 4,
      check: 'answer',
      schema: 'getConfigResponseSchema',
      data: CONFIG,
      resolve: 'settings',
    });
    expect(config).toMatchObject({ id: 4, kind: 'valid', data: { today: '2030-03-01' } });
    expect(config.kind === 'valid' && config.settings?.rememberMeInWidget).toBe(true);
    expect(
      ask({
        id: 5,
        check: 'answer',
        schema: 'getConfigResponseSchema',
        data: { ...CONFIG, today: '2030-02-30' },
      }),
    ).toEqual({ id: 5, kind: 'invalid' });
  });

  it("answers 'unavailable' to anything else (the page asks the full worker)", async () => {
    const ask = await load('landing');
    expect(ask({ id: 6, check: 'answer', schema: 'getProvidersResponseSchema', data: {} })).toEqual({
      id: 6,
      kind: 'unavailable',
    });
    expect(ask({ id: 7, check: 'stored', key: 'root', data: {} })).toEqual({ id: 7, kind: 'unavailable' });
  });
});

describe('the full contract worker', () => {
  it('checks an API answer against the contract', async () => {
    const ask = await load('full');
    expect(
      ask({ id: 1, check: 'answer', schema: 'getServiceTypeResponseSchema', data: { serviceTypes: [] } }),
    ).toEqual({ id: 1, kind: 'valid', data: { serviceTypes: [] } });
    expect(ask({ id: 2, check: 'answer', schema: 'getProvidersResponseSchema', data: { nope: 1 } })).toEqual({
      id: 2,
      kind: 'invalid',
    });
  });

  it('checks a restored state: a valid one comes back, an invalid one says where', async () => {
    const ask = await load('full');
    const stored = { stepper: { stepper: 1 } };
    expect(ask({ id: 3, check: 'stored', key: 'root', data: stored })).toEqual({
      id: 3,
      kind: 'valid',
      data: stored,
    });
    expect(ask({ id: 4, check: 'stored', key: 'root', data: { stepper: { stepper: 9 } } })).toEqual({
      id: 4,
      kind: 'invalid',
      where: 'stepper.stepper',
    });
    expect(ask({ id: 5, check: 'stored', key: 'adminLogin', data: { remindEmail: 7 } })).toEqual({
      id: 5,
      kind: 'invalid',
      where: 'remindEmail',
    });
  });
});
