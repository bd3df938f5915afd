import { Secret, TOTP } from 'otpauth';

/*
 * TOTP two-factor sign-in (RFC 6238 via the `otpauth` library): SHA-1, 6 digits, 30-second steps
 * (what every authenticator app reads from an otpauth:// URI), a 160-bit random secret. A code is
 * accepted for the current step and one step either side (clock drift), and never for a step
 * at or before the last one accepted (no replay).
 */

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ISSUER = 'Scheduler';

function totpOf(secretBase32: string, label = 'staff'): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI of a secret (for a QR code), labelled with the person's e-mail. */
export function totpUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/** The step a valid code belongs to (for replay protection), or undefined. */
export function verifyTotp(
  secretBase32: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): number | undefined {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: nowMs, window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
  if (lastStep !== null && step <= lastStep) return undefined;
  return step;
}

/** The current code (tests and the CLI's self-check). */
export function totpCode(secretBase32: string, nowMs: number): string {
  return totpOf(secretBase32).generate({ timestamp: nowMs });
}
