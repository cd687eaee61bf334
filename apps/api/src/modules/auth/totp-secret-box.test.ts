import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyIdOf, openTotpSecret, sealTotpSecret, UnreadableSecretError } from './totp-secret-box.js';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const newKey = () => new Uint8Array(randomBytes(32));

describe('the authenticator secret box', () => {
  const keys = { current: newKey(), previous: null };

  it('seals to a self-describing value without the secret, and opens it again for the same user', () => {
    const sealed = sealTotpSecret(keys, 7, SECRET);
    expect(sealed).toMatch(new RegExp(`^v1:${keyIdOf(keys.current)}:[A-Za-z0-9_-]+$`));
    expect(sealed).not.toContain(SECRET);
    expect(keyIdOf(keys.current)).toMatch(/^[0-9a-f]{8}$/);
    // A fresh IV each time: the same secret never looks the same twice.
    expect(sealTotpSecret(keys, 7, SECRET)).not.toBe(sealed);
    expect(openTotpSecret(keys, 7, sealed)).toEqual({ secret: SECRET, isStale: false });
  });

  it('refuses a value moved to another user', () => {
    const sealed = sealTotpSecret(keys, 7, SECRET);
    expect(() => openTotpSecret(keys, 8, sealed)).toThrow(UnreadableSecretError);
  });

  it('refuses a value whose tag or ciphertext was changed', () => {
    const sealed = sealTotpSecret(keys, 7, SECRET);
    const [format, keyId, payload = ''] = sealed.split(':');
    const bytes = Buffer.from(payload, 'base64url');
    for (const position of [12, bytes.length - 1]) {
      const tampered = Buffer.from(bytes);
      tampered[position] = (tampered[position] ?? 0) ^ 1;
      expect(() => openTotpSecret(keys, 7, `${format}:${keyId}:${tampered.toString('base64url')}`)).toThrow(
        UnreadableSecretError,
      );
    }
  });

  it('opens a value of the previous key and marks it to be sealed again under the current one', () => {
    const previous = newKey();
    const sealed = sealTotpSecret({ current: previous, previous: null }, 7, SECRET);
    const rotated = { current: newKey(), previous };
    expect(openTotpSecret(rotated, 7, sealed)).toEqual({ secret: SECRET, isStale: true });
    expect(openTotpSecret(rotated, 7, sealTotpSecret(rotated, 7, SECRET))).toEqual({ secret: SECRET, isStale: false });
  });

  it('refuses a value of a key it does not have, and values of no known format', () => {
    const sealed = sealTotpSecret({ current: newKey(), previous: null }, 7, SECRET);
    expect(() => openTotpSecret(keys, 7, sealed)).toThrow(/No key with id/);
    expect(() => openTotpSecret({ current: newKey(), previous: newKey() }, 7, sealed)).toThrow(UnreadableSecretError);
    for (const stored of ['v2:abcdef12:AAAA', `${sealed}:extra`, 'v1:', 'not a secret']) {
      expect(() => openTotpSecret(keys, 7, stored), stored).toThrow(UnreadableSecretError);
    }
  });

  it('takes a plain base32 secret from before encryption as it is, to be sealed on its next use', () => {
    expect(openTotpSecret(keys, 7, SECRET)).toEqual({ secret: SECRET, isStale: true });
  });
});
