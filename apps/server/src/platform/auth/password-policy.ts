import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { DomainError } from '@scheduler/domain/errors';
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_COMMON_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from '@scheduler/contract/admin/accounts';

/*
 * The password policy of every password a person chooses (issue 15): at least 12 characters
 * (also in the contract's `newPasswordSchema`) and not common or breached. The second check is
 * zxcvbn-ts with its language-common package: the common-passwords list it ships (the most used
 * passwords of public breach corpora) and the diceware word list, plus its patterns (repeats,
 * sequences, keyboard walks, dates, l33t). A password is refused when zxcvbn scores it below 3
 * ("safely unguessable" starts at 3: ~10^8 guesses), or when it contains the person's e-mail name.
 * The estimate runs on the server only: the dictionaries never ship to the browser.
 */

/** zxcvbn's score from which a password is accepted (0–4). */
export const MIN_PASSWORD_SCORE = 3;

let factory: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return factory;
}

/** Why `password` is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string, userInputs: readonly string[] = []): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  const inputs = userInputs
    .flatMap((input) => [input, ...input.split(/[@.\s_-]+/)])
    .filter((s) => s.length >= 3);
  const result = estimator().check(password, inputs);
  return result.score < MIN_PASSWORD_SCORE ? PASSWORD_TOO_COMMON_MESSAGE : undefined;
}

/** Throws a VALIDATION error on `field` when the password breaks the policy. */
export function assertAcceptablePassword(
  password: string,
  field: string,
  userInputs: readonly string[] = [],
): void {
  const problem = passwordProblem(password, userInputs);
  if (problem !== undefined) {
    throw new DomainError('VALIDATION', problem, { fields: [{ path: field, message: problem, in: 'body' }] });
  }
}
