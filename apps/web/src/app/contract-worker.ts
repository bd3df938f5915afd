/// <reference lib="webworker" />
import {
  getConfigResponseSchema,
  getInsuranceResponseSchema,
  getLocationResponseSchema,
  getServiceTypeResponseSchema,
  topInsurancePackageResponseSchema,
} from '@scheduler/contract/catalogue-answers';
import type { ContractAnswer, ContractRequest, LandingAnswerSchemaName } from '../lib/contract-check';
import { answerOf } from './contract-answer';

/**
 * The 'landing' contract worker (lib/contract-check.ts): checks the booking landing's answers —
 * getConfig (with its settings resolved), getLocation, getServiceType, getInsurance,
 * topInsurancePackage — off the main thread, with their schemas as the contract defines them on
 * zod/mini (catalogue-answers.ts), so this script is ≈ 9 KB gzipped (issue 16: ≤ 130 KB of JavaScript before the landing is interactive, workers
 * included). Every other question goes to the 'full' worker (contract-worker-full.ts); one sent
 * here by mistake is answered 'unavailable' (the page then checks it itself).
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

const SCHEMAS: Record<LandingAnswerSchemaName, Parameters<typeof answerOf>[0]> = {
  getConfigResponseSchema,
  getLocationResponseSchema,
  getServiceTypeResponseSchema,
  getInsuranceResponseSchema,
  topInsurancePackageResponseSchema,
};

scope.onmessage = (event: MessageEvent<ContractRequest>) => {
  const request = event.data;
  const { id } = request;
  let answer: ContractAnswer;
  try {
    const schema =
      request.check === 'answer' && Object.hasOwn(SCHEMAS, request.schema)
        ? SCHEMAS[request.schema as LandingAnswerSchemaName]
        : null;
    answer = schema && request.check === 'answer' ? answerOf(schema, request) : { id, kind: 'unavailable' };
  } catch {
    answer = { id, kind: 'unavailable' };
  }
  try {
    scope.postMessage(answer);
  } catch {
    scope.postMessage({ id, kind: 'unavailable' } satisfies ContractAnswer);
  }
};
