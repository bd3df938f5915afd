import type { SchedulerSettings } from '@scheduler/domain/settings';
import type { ResponseSchema } from '../../../lib/api-client';
import { askContractWorker, type ContractOutput, type ContractSchemaName } from '../../../lib/contract-check';

export type {
  ContractAnswer,
  ContractOutput,
  ContractRequest,
  ContractSchemaName,
} from '../../../lib/contract-check';

export type Checked<T> = { success: true; data: T; settings?: SchedulerSettings | null } | { success: false };

/**
 * Checks an API answer against the contract. In a browser the check runs in the contract worker
 * (started on the first check, so it boots while the first requests are in flight); where there is
 * no worker (tests, a worker that fails to start or cannot answer) the page loads the contract and
 * checks it itself. Nothing is used before it passed the check either way.
 */
export async function checkAgainstContract<N extends ContractSchemaName>(
  schema: N,
  data: unknown,
  resolve?: 'settings',
): Promise<Checked<ContractOutput<N>>> {
  const answer = await askContractWorker({ check: 'answer', schema, data, resolve });
  if (answer.kind === 'valid')
    return {
      success: true,
      data: answer.data as ContractOutput<N>,
      ...(resolve ? { settings: answer.settings ?? null } : {}),
    };
  if (answer.kind === 'invalid') return { success: false };
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
 * The contract's schema `name` as the request's `schema` (the one way answers are validated): the
 * answer is checked in the contract worker, so the page's main thread builds and runs no zod.
 */
export function contractSchema<N extends ContractSchemaName>(name: N): ResponseSchema<ContractOutput<N>> {
  return { safeParse: (data) => checkAgainstContract(name, data) };
}

/** getConfig's schema: the answer with the first rulesConfig item's settings resolved. */
export function configContractSchema(): ResponseSchema<{
  data: ContractOutput<'getConfigResponseSchema'>;
  settings: SchedulerSettings | null;
}> {
  return {
    safeParse: async (data) => {
      const checked = await checkAgainstContract('getConfigResponseSchema', data, 'settings');
      return checked.success
        ? { success: true, data: { data: checked.data, settings: checked.settings ?? null } }
        : { success: false };
    },
  };
}
