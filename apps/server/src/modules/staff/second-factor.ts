import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * The staff accounts' second factor: time-based one-time codes (TOTP, RFC 6238: SHA-1, six digits,
 * 30-second steps — what every authenticator app reads from the QR code) and recovery codes for a
 * lost phone. A code is taken once (the account keeps the last step taken), and a code of the step
 * before or after is still accepted, for a phone clock a little off.
 */

const PERIOD = 30;
const DIGITS = 6;
/** Steps either side of now a code may be from. */
const WINDOW = 1;
/** Recovery codes an account gets at once. */
export const RECOVERY_CODE_COUNT = 10;
/** The recovery codes' letters: no 0/O, 1/I/L (read off paper). */
const RECOVERY_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

/** A new random secret (160 bits), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** The `otpauth://` address an authenticator app reads (as a QR code or typed in), and its QR code as SVG. */
export async function totpEnrolment(
  secret: string,
  label: string,
  issuer: string,
): Promise<{ otpauthUri: string; qrSvg: string }> {
  const otpauthUri = totp(secret, label, issuer).toString();
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUri, qrSvg };
}

/** Whether `code` looks like a TOTP code (six digits, spaces allowed) rather than a recovery code. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}

/** The time step `code` is the code of (within the window around `now`), or null. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const t = totp(secret);
  const delta = t.validate({ token, timestamp: now, window: WINDOW });
  return delta === null ? null : t.counter({ timestamp: now }) + delta;
}

/** The code of the step of `at` (tests, and the console's own check of a freshly set up app). */
export function totpCodeAt(secret: string, at = Date.now()): string {
  return totp(secret).generate({ timestamp: at });
}

/** New recovery codes, `xxxxx-xxxxx`, shown to the account once. */
export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/** A recovery code's hash as stored: lower case, without spaces or dashes, SHA-256. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256')
    .update(code.toLowerCase().replace(/[\s-]+/g, ''))
    .digest('hex');
}
