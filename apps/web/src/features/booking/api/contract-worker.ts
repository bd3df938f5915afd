/// <reference lib="webworker" />
import * as contract from '@scheduler/domain/schemas/scheduler-api';
import { resolveSettings } from '@scheduler/domain/settings';
import type { ContractRequest, ContractAnswer } from './contract-validation';

/**
 * Checks API answers against the contract off the main thread: the zod schemas are built and run
 * here, so the booking page's first render waits for no schema building or parsing on the main
 * thread. Answers: the parsed data (getConfig's with its settings resolved), or that it does not
 * match; 'unavailable' makes the page check it itself.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<ContractRequest>) => {
  const { id, schema, data, resolve } = event.data;
  let answer: ContractAnswer;
  try {
    const parsed = contract[schema].safeParse(data);
    if (!parsed.success) answer = { id, kind: 'invalid' };
    else if (resolve === 'settings') {
      const config = parsed.data as { rulesConfig: { settings: Parameters<typeof resolveSettings>[0] }[] };
      const first = config.rulesConfig[0];
      answer = {
        id,
        kind: 'valid',
        data: parsed.data,
        settings: first ? resolveSettings(first.settings) : null,
      };
    } else answer = { id, kind: 'valid', data: parsed.data };
  } catch {
    answer = { id, kind: 'unavailable' };
  }
  try {
    scope.postMessage(answer);
  } catch {
    scope.postMessage({ id, kind: 'unavailable' } satisfies ContractAnswer);
  }
};
