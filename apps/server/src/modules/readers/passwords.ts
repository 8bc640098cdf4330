import { createCipheriv, createDecipheriv } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): about 20–40 ms per
 * hash on one core (bench/login.mjs measures it). Stored as PHC strings, so a later change of
 * parameters applies to new hashes while old ones still verify.
 */
export const ARGON2_OPTIONS: Options = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum the compiler cannot inline across modules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** The argon2id hash of `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Whether `password` matches `phc`; a malformed hash is a mismatch. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * A hash of a random password with the same parameters: verifying against it when the account does
 * not exist costs the same time as a wrong password, so timing does not tell accounts apart.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  return dummy;
}

/**
 * The password as typed, from either form the login accepts: plain, or the client-side cipher form
 * of the spec (AES-ECB with PKCS#7 padding under the configured key, base64). The cipher form only
 * hides the password from a casual look at the request; it is obfuscation, not security (the key
 * is in the web app), and TLS is what protects it. A value that does not decrypt to clean text is
 * taken as plain.
 */
export function decodePassword(sent: string, cipherKey: string | undefined): string {
  if (!cipherKey || sent.length < 24 || sent.length % 4 !== 0 || !/^[A-Za-z0-9+/]+=*$/.test(sent)) return sent;
  const key = Buffer.from(cipherKey, 'utf8');
  const bytes = Buffer.from(sent, 'base64');
  if (bytes.length === 0 || bytes.length % 16 !== 0) return sent;
  try {
    const decipher = createDecipheriv(`aes-${key.length * 8}-ecb`, key, null);
    const plain = Buffer.concat([decipher.update(bytes), decipher.final()]).toString('utf8');
    // Clean text only: no replacement characters (bad UTF-8) and no control characters.
    // eslint-disable-next-line no-control-regex
    return plain.length > 0 && !/[\u0000-\u001f\u007f\ufffd]/.test(plain) ? plain : sent;
  } catch {
    return sent; // bad padding: not the cipher form
  }
}

/** The cipher form of `password` (what the web app sends when a key is configured); for tests and tools. */
export function encodePassword(password: string, cipherKey: string): string {
  const key = Buffer.from(cipherKey, 'utf8');
  const cipher = createCipheriv(`aes-${key.length * 8}-ecb`, key, null);
  return Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]).toString('base64');
}
