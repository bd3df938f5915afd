import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractAnswer, ContractRequest } from '../lib/contract-check';

// The worker module installs its handler on `self`; here `self` is a stand-in that keeps the answers.
const answers: ContractAnswer[] = [];
const scope: {
  onmessage?: (event: { data: ContractRequest }) => void;
  postMessage: (a: ContractAnswer) => void;
} = { postMessage: (answer) => answers.push(answer) };

beforeAll(async () => {
  Object.assign(globalThis, { self: scope });
  await import('./contract-worker');
});

function ask(request: ContractRequest): ContractAnswer {
  scope.onmessage?.({ data: request });
  const answer = answers.pop();
  if (!answer) throw new Error('no answer');
  return answer;
}

describe('contract worker', () => {
  it('checks an API answer against the contract', () => {
    expect(
      ask({ id: 1, check: 'answer', schema: 'getServiceTypeResponseSchema', data: { serviceTypes: [] } }),
    ).toEqual({ id: 1, kind: 'valid', data: { serviceTypes: [] } });
    expect(
      ask({ id: 2, check: 'answer', schema: 'getServiceTypeResponseSchema', data: { serviceTypes: 'x' } }),
    ).toEqual({ id: 2, kind: 'invalid' });
  });

  it('checks a restored state: a valid one comes back, an invalid one says where', () => {
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
