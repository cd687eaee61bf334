import { hash, verify } from '@node-rs/argon2';

// OWASP's Argon2id baseline (19 MiB, 2 passes, 1 lane). Algorithm 2 is Argon2id (the binding's const enum).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// A real hash to verify against for unknown e-mail addresses, so timing does not reveal which exist.
const decoyHash = hashPassword('decoy-password-for-unknown-users!1');

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
