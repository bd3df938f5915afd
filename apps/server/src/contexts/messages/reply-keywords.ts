/*
 * What an SMS reply asks for (issue 17). The whole message is the keyword (trimmed, any case,
 * surrounding punctuation ignored), as carriers and Twilio match them:
 *
 *  - confirm: C, Y, YES, CONFIRM — the patient's next appointment is confirmed;
 *  - stop:    STOP, STOPALL, UNSUBSCRIBE, END, QUIT, REVOKE, OPTOUT — SMS consent off;
 *  - start:   START, UNSTOP — SMS consent on;
 *  - help:    HELP, INFO — an answer saying who we are and how to stop.
 *
 * CANCEL is NOT an app keyword: carriers and Twilio treat it as an opt-out, so "reply CANCEL to
 * cancel" would silently unsubscribe the patient; we never cancel an appointment by SMS. When
 * Twilio's Advanced Opt-Out recognised a keyword it says so in `OptOutType`, and that wins: a
 * CANCEL (or any other opt-out word of the account) arrives with OptOutType=STOP, and the patient
 * IS blocked by Twilio from then on, so consent is recorded off (the appointment is left alone).
 * YES is also Twilio's default opt-in word: with OptOutType=START it both confirms and opts in.
 */
export type ReplyAction = 'confirm' | 'stop' | 'start' | 'help' | 'other';

const CONFIRM = new Set(['C', 'Y', 'YES', 'CONFIRM']);
const STOP = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const START = new Set(['START', 'UNSTOP']);
const HELP = new Set(['HELP', 'INFO']);

export function normalizedKeyword(body: string): string {
  return body
    .normalize('NFKC')
    .trim()
    .toUpperCase()
    .replace(/^[\s"'.!?,;:()-]+|[\s"'.!?,;:()-]+$/g, '');
}

export interface ReplyMeaning {
  /** What the app does. */
  action: ReplyAction;
  /** Consent to record: false (opted out), true (opted in), undefined (unchanged). */
  smsConsent: boolean | undefined;
  /** Twilio already answered the patient (Advanced Opt-Out): we answer nothing more. */
  answeredByTwilio: boolean;
}

export function meaningOf(body: string, optOutType?: 'STOP' | 'START' | 'HELP'): ReplyMeaning {
  const keyword = normalizedKeyword(body);
  const confirms = CONFIRM.has(keyword);
  if (optOutType === 'STOP') return { action: 'stop', smsConsent: false, answeredByTwilio: true };
  if (optOutType === 'START')
    return { action: confirms ? 'confirm' : 'start', smsConsent: true, answeredByTwilio: !confirms };
  if (optOutType === 'HELP') return { action: 'help', smsConsent: undefined, answeredByTwilio: true };
  if (confirms) return { action: 'confirm', smsConsent: undefined, answeredByTwilio: false };
  if (STOP.has(keyword)) return { action: 'stop', smsConsent: false, answeredByTwilio: false };
  if (START.has(keyword)) return { action: 'start', smsConsent: true, answeredByTwilio: false };
  if (HELP.has(keyword)) return { action: 'help', smsConsent: undefined, answeredByTwilio: false };
  return { action: 'other', smsConsent: undefined, answeredByTwilio: false };
}
