import type { Executor } from '../../db/client.js';
import { countPasskeysOfUser } from './passkeys/passkeys.repo.js';
import { hasConfirmedTotp } from './totp.repo.js';

export type StrongSecondFactor = 'totp' | 'passkey';

/** The strong second factors the user has set up; the sign-in and the practice's requirement ask only this. */
export async function strongSecondFactorsOf(db: Executor, userId: number): Promise<StrongSecondFactor[]> {
  const factors: StrongSecondFactor[] = [];
  if (await hasConfirmedTotp(db, userId)) factors.push('totp');
  if ((await countPasskeysOfUser(db, userId)) > 0) factors.push('passkey');
  return factors;
}
