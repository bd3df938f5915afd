/// <reference lib="webworker" />
import * as contract from '@scheduler/contract/scheduler-api';
import { resolveSettings } from '@scheduler/domain/settings';
import { checkPersistedState, type PersistKey } from './persisted-state-schema';
import type { ContractAnswer, ContractRequest } from '../lib/contract-check';

/**
 * Checks API answers against the contract, and the state restored from browser storage against its
 * schemas, off the main thread: the zod schemas are built and run here, so the booking page's first
 * render waits for no schema building or parsing on the main thread, and its main thread loads no
 * zod. Answers: the parsed data (getConfig's with its settings resolved), or that it does not match
 * (a stored state: where); 'unavailable' makes the page check it itself.
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
        : checkAnswer(request);
  } catch {
    answer = { id, kind: 'unavailable' };
  }
  try {
    scope.postMessage(answer);
  } catch {
    scope.postMessage({ id, kind: 'unavailable' } satisfies ContractAnswer);
  }
};

function checkAnswer({
  id,
  schema,
  data,
  resolve,
}: Extract<ContractRequest, { check: 'answer' }>): ContractAnswer {
  const parsed = contract[schema].safeParse(data);
  if (!parsed.success) return { id, kind: 'invalid' };
  if (resolve !== 'settings') return { id, kind: 'valid', data: parsed.data };
  const config = parsed.data as { rulesConfig: { settings: Parameters<typeof resolveSettings>[0] }[] };
  const first = config.rulesConfig[0];
  return { id, kind: 'valid', data: parsed.data, settings: first ? resolveSettings(first.settings) : null };
}

function checkStored(id: number, key: PersistKey, data: unknown): ContractAnswer {
  const checked = checkPersistedState(key, data);
  return checked.success
    ? { id, kind: 'valid', data: checked.data }
    : { id, kind: 'invalid', where: checked.where };
}
