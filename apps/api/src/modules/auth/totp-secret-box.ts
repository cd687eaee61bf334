import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** The keys of the authenticator apps' secrets: new values are sealed with `current`; `previous` only opens old ones. */
export type SecondFactorKeys = { current: Uint8Array; previous: Uint8Array | null };

/** A stored secret that no key here opens (another key, a changed value): answered like a wrong code. */
export class UnreadableSecretError extends Error {}

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Rows written before encryption hold the base32 secret itself, which never contains the format's colons.
const PLAIN_BASE32 = /^[A-Z2-7]+=*$/;

/** Names a key in the stored value, so that the reader picks the key it was sealed with. */
export function keyIdOf(key: Uint8Array): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

// Binding the user id means a value copied into another user's row no longer opens.
const associatedData = (userId: number) => Buffer.from(`user_totp.secret:${userId}`);

/** AES-256-GCM under the current key, as `v1:<keyId>:<base64url of iv, tag and ciphertext>`. */
export function sealTotpSecret(keys: SecondFactorKeys, userId: number, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.current, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(userId));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const sealed = Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
  return `${FORMAT}:${keyIdOf(keys.current)}:${sealed}`;
}

/**
 * The secret of a stored value; `isStale` when it should be sealed again under the current key (a plain row from
 * before encryption, or one sealed with the previous key). Throws UnreadableSecretError when no key opens it.
 */
export function openTotpSecret(
  keys: SecondFactorKeys,
  userId: number,
  stored: string,
): { secret: string; isStale: boolean } {
  if (PLAIN_BASE32.test(stored)) return { secret: stored, isStale: true };
  const [format, keyId, sealed, ...rest] = stored.split(':');
  if (format !== FORMAT || !keyId || !sealed || rest.length > 0) throw new UnreadableSecretError('Unknown format');
  const key = [keys.current, keys.previous].find((candidate) => candidate && keyIdOf(candidate) === keyId);
  if (!key) throw new UnreadableSecretError(`No key with id ${keyId}`);
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) throw new UnreadableSecretError('Too short');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(associatedData(userId));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    const secret = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    return { secret: secret.toString('utf8'), isStale: key !== keys.current };
  } catch {
    throw new UnreadableSecretError('Authentication failed');
  }
}
