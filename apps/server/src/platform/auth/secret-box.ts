import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Secrets at rest (TOTP secrets, the links of queued account e-mails): AES-256-GCM under a key
 * derived with HKDF-SHA-256 from the server's LOGIN_HASH_KEY (config.ts; ≥ 32 characters; set it
 * in production), one derived key per purpose. Without LOGIN_HASH_KEY (development, tests) the
 * built-in default key is used: the values are then only obscured, not protected. Rotating
 * LOGIN_HASH_KEY makes stored TOTP secrets unreadable (those people enrol again).
 *
 * Stored form: `v1.<iv base64url>.<tag base64url>.<ciphertext base64url>`.
 */

export type SecretPurpose = 'totp-secret' | 'account-email-link';

export interface SecretBox {
  seal(plain: string): string;
  /** undefined when the value was sealed under another key or altered. */
  open(sealed: string): string | undefined;
}

const DEFAULT_KEY = 'scheduler-login-attempts';

export function createSecretBox(purpose: SecretPurpose, masterKey: string | undefined): SecretBox {
  const key = Buffer.from(
    hkdfSync('sha256', masterKey ?? DEFAULT_KEY, 'scheduler-secret-box', `scheduler:${purpose}`, 32),
  );
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return undefined;
      }
    },
  };
}
