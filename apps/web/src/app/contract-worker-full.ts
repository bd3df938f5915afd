/// <reference lib="webworker" />
import * as contract from '@scheduler/contract/scheduler-api';
import type { ContractAnswer, ContractRequest } from '../lib/contract-check';
import { answerOf } from './contract-answer';
import { checkPersistedState, type PersistKey } from './persisted-state-schema';

/**
 * The 'full' contract worker (lib/contract-check.ts): checks every API answer against the contract,
 * and the state restored from browser storage against its schemas, off the main thread — the zod
 * schemas are built and run here, so the booking page's main thread loads no zod. Classic zod
 * (≈ 32 KB gzipped): the page starts it for its first question past the landing's answers, or when
 * idle once the landing is on screen (issue 16), never before the landing is interactive on a
 * first visit. Answers: the parsed data (getConfig's with its settings resolved), or that it does
 * not match (a stored state: where); 'unavailable' makes the page check it itself.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<ContractRequest>) => {
  const request = event.data;
  const { id } = request;
  let answer: ContractAnswer;
  try {
    answer =
      request.check === 'stored'
        ? checkStored(id, request.key as PersistKey, request.data)
        : answerOf(contract[request.schema], request);
  } catch {
    answer = { id, kind: 'unavailable' };
  }
  try {
    scope.postMessage(answer);
  } catch {
    scope.postMessage({ id, kind: 'unavailable' } satisfies ContractAnswer);
  }
};

function checkStored(id: number, key: PersistKey, data: unknown): ContractAnswer {
  const checked = checkPersistedState(key, data);
  return checked.success
    ? { id, kind: 'valid', data: checked.data }
    : { id, kind: 'invalid', where: checked.where };
}
