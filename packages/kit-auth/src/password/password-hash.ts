import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { KitAuthError } from '../errors/kit-auth-error.js';

/**
 * The longest password accepted, in bytes of UTF-8: 1,024. Longer ones are refused before any hashing, so a
 * sign-up or sign-in with a password of megabytes costs nothing but the refusal.
 *
 * @example
 * ```ts
 * import { maxPasswordBytes } from '@kit/kit-auth';
 *
 * const fits = (password: string) => Buffer.byteLength(password, 'utf8') <= maxPasswordBytes;
 * console.log(fits('correct horse battery staple')); // true
 * ```
 */
export const maxPasswordBytes = 1024;

/** scrypt's cost parameters: N = 2^logN, block size r, parallelism p. */
interface ScryptCost {
  readonly logN: number;
  readonly r: number;
  readonly p: number;
}

// One of the scrypt settings OWASP's password storage guidance lists as equivalent (N = 2^15, r = 8, p = 3):
// 32 MiB of memory per hash, which keeps four hashes at once (libuv's threads) within 128 MiB.
const currentCost: ScryptCost = { logN: 15, r: 8, p: 3 };
const currentVersion = 1;
const saltBytes = 16;
const keyBytes = 32;
// Stored hashes come from the application's own database, but a forged row must not make the server spend
// gigabytes: parameters outside these bounds are refused as a hash this module never made.
const bounds = { logN: [10, 20], r: [1, 32], p: [1, 16] } as const;

// `$scrypt$v=1$ln=15,r=8,p=3$<salt>$<hash>`: the PHC string format, salt and hash in unpadded base64.
const storedPattern = /^\$scrypt\$v=(\d+)\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

// Verified when there is no account, so that an unknown e-mail address costs the same scrypt run as a known
// one. Its salt and key are arbitrary bytes: no password is known to match it, and the answer is false anyway.
const dummyHash = '$scrypt$v=1$ln=15,r=8,p=3$+zgpykUH59PHGC/H8cd87w$VxMo3Lb02mfRMEOhpbyRBLie03u6nkvrQWR7K9V3tCw';

function base64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}

/** The password as hashed: NFC-normalised (RFC 8265's OpaqueString), so the same text typed on any keyboard gives one hash. */
function normalized(password: string): string | undefined {
  // The length in UTF-16 units is at most the length in UTF-8 bytes, so a long string is refused before
  // normalisation has to walk it.
  if (password.length > maxPasswordBytes) return undefined;
  const text = password.normalize('NFC');
  return Buffer.byteLength(text, 'utf8') > maxPasswordBytes ? undefined : text;
}

function derive(password: string, salt: Buffer, cost: ScryptCost, length = keyBytes): Promise<Buffer> {
  const N = 2 ** cost.logN;
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 128 * N * cost.r + 128 * cost.r * cost.p + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

interface ParsedHash {
  readonly cost: ScryptCost;
  readonly salt: Buffer;
  readonly key: Buffer;
}

function parse(stored: string): ParsedHash | undefined {
  const match = storedPattern.exec(stored);
  if (!match) return undefined;
  const [, version, logN, r, p, salt, key] = match as unknown as [string, string, string, string, string, string, string];
  const cost = { logN: Number(logN), r: Number(r), p: Number(p) };
  if (Number(version) !== currentVersion) return undefined;
  for (const name of ['logN', 'r', 'p'] as const) {
    const [low, high] = bounds[name];
    if (!(cost[name] >= low && cost[name] <= high)) return undefined;
  }
  const saltBytesRead = Buffer.from(salt, 'base64');
  const keyBytesRead = Buffer.from(key, 'base64');
  if (saltBytesRead.length < 8 || keyBytesRead.length < 16 || keyBytesRead.length > 64) return undefined;
  return { cost, salt: saltBytesRead, key: keyBytesRead };
}

/**
 * Hashes a password for storage with scrypt (Node's `crypto.scrypt`), with a random 16-byte salt, into a
 * self-describing string: `$scrypt$v=1$ln=15,r=8,p=3$<salt>$<hash>` (the PHC string format; N = 2^15, r = 8,
 * p = 3, 32 MiB and about a tenth of a second of one core per hash). The parameters travel with each hash, so
 * they can be raised later without breaking the passwords stored before. The password is normalised to NFC
 * first. One longer than `maxPasswordBytes` (1,024 bytes of UTF-8) throws `KitAuthError` `password_too_long`
 * (400) before any work; rules of your own (a minimum length) are yours to check before calling it.
 *
 * @param password - The password as the person typed it.
 * @returns The string to store in place of the password.
 *
 * @example
 * ```ts
 * import { hashPassword, verifyPassword } from '@kit/kit-auth';
 *
 * const stored = await hashPassword('correct horse battery staple');
 * console.log(stored.startsWith('$scrypt$v=1$ln=15,r=8,p=3$')); // true
 * console.log(await verifyPassword('correct horse battery staple', stored)); // true
 * ```
 */
export async function hashPassword(password: string): Promise<string> {
  if (typeof password !== 'string') {
    throw new KitAuthError(
      'invalid_config',
      `hashPassword: the password must be a string, got ${password === null ? 'null' : typeof password}; pass the text of the form field.`,
    );
  }
  const text = normalized(password);
  if (text === undefined) {
    throw new KitAuthError(
      'password_too_long',
      `The password is longer than ${maxPasswordBytes} bytes; choose a shorter one (a passphrase of a few words is plenty).`,
    );
  }
  const salt = randomBytes(saltBytes);
  const key = await derive(text, salt, currentCost);
  return `$scrypt$v=${currentVersion}$ln=${currentCost.logN},r=${currentCost.r},p=${currentCost.p}$${base64(salt)}$${base64(key)}`;
}

/**
 * Whether `password` is the one `stored` was made from, by `hashPassword`; the derived keys are compared with
 * `crypto.timingSafeEqual`. When there is no account (`stored` is `null` or `undefined`), it still runs scrypt,
 * on a built-in hash no password matches, and resolves `false`: an unknown e-mail address then takes as long as
 * a known one with a wrong password, so response times do not tell which addresses have accounts. A password
 * that is not a string, or longer than `maxPasswordBytes`, resolves `false` at once (no hash accepts it). A
 * `stored` value `hashPassword` did not make throws `KitAuthError` `invalid_config` (a 500: the stored data is
 * the application's to fix).
 *
 * @param password - The password the person typed.
 * @param stored - The string `hashPassword` returned for the account, or `null`/`undefined` when there is no
 *   account with that name.
 *
 * @example
 * ```ts
 * import { hashPassword, verifyPassword } from '@kit/kit-auth';
 *
 * const accounts = new Map([['ada@example.com', await hashPassword('correct horse battery staple')]]);
 * // The same work whether or not the account exists.
 * console.log(await verifyPassword('guess', accounts.get('nobody@example.com'))); // false
 * console.log(await verifyPassword('correct horse battery staple', accounts.get('ada@example.com'))); // true
 * ```
 */
export async function verifyPassword(password: unknown, stored: string | null | undefined): Promise<boolean> {
  const known = stored !== null && stored !== undefined;
  const parsed = parse(known ? stored : dummyHash);
  if (parsed === undefined) {
    const shown =
      typeof stored === 'string'
        ? `a string of ${stored.length} characters starting ${JSON.stringify(stored.slice(0, 8))}`
        : `a ${typeof stored}`;
    throw new KitAuthError(
      'invalid_config',
      `verifyPassword: the stored hash is not one hashPassword made (got ${shown}); store the string hashPassword returns, never the password.`,
    );
  }
  if (typeof password !== 'string') return false;
  const text = normalized(password);
  if (text === undefined) return false;
  const key = await derive(text, parsed.salt, parsed.cost, parsed.key.length);
  const matches = timingSafeEqual(key, parsed.key);
  return known && matches;
}
