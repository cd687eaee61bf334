import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token of 256 bits for cookies and links; only its hash is stored. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): Uint8Array {
  return createHash('sha256').update(token).digest();
}

/** A 6-digit code from a cryptographic source. */
export function createPin(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
