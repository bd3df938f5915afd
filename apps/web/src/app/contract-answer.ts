import { resolveSettings } from '@scheduler/domain/settings/resolve';
import type { ContractAnswer, ContractRequest } from '../lib/contract-check';

/** A schema of an API answer (zod classic or zod/mini). */
export interface AnswerSchema {
  safeParse(data: unknown): { success: true; data: unknown } | { success: false };
}

/**
 * The contract workers' answer to an API answer check: the parsed data, with getConfig's first
 * rulesConfig item's settings resolved when asked (`resolve: 'settings'`), or 'invalid'.
 */
export function answerOf(
  schema: AnswerSchema,
  { id, data, resolve }: Extract<ContractRequest, { check: 'answer' }>,
): ContractAnswer {
  const parsed = schema.safeParse(data);
  if (!parsed.success) return { id, kind: 'invalid' };
  if (resolve !== 'settings') return { id, kind: 'valid', data: parsed.data };
  const config = parsed.data as { rulesConfig?: { settings: Parameters<typeof resolveSettings>[0] }[] };
  const first = config.rulesConfig?.[0];
  return { id, kind: 'valid', data: parsed.data, settings: first ? resolveSettings(first.settings) : null };
}
