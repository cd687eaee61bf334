import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@praxia/shared';
import { generateSecret, generateURI, verify } from 'otplib';
import { hashToken } from '../../lib/tokens.js';

const TOTP_PERIOD_SECONDS = 30;
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** A new 160-bit secret (RFC 4226's recommendation), base32 as authenticator apps take it. */
export function createTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address the profile draws as a QR code. */
export function totpAddress(email: string, secret: string): string {
  return generateURI({ issuer: 'Praxia', label: email, secret });
}

/** The time step a code belongs to, allowing one step of clock drift either way; null when it matches none. */
export async function matchTimeStep(secret: string, code: string): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: TOTP_PERIOD_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Fresh recovery codes as shown to the user: four groups of four base32 characters. */
export function createRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return characters.join('').replace(/(.{4})(?!$)/g, '$1-');
  });
}

/**
 * The stored form of a recovery code, however it was typed (dashes, case). 80 random bits need no slow hash; the
 * user id keeps equal codes of two users apart.
 */
export function hashRecoveryCode(userId: number, code: string): Uint8Array {
  return hashToken(`recovery:${userId}:${code.replaceAll('-', '').toLowerCase()}`);
}
