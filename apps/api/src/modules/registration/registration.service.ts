import type { registerTherapistSchema } from '@praxia/shared';
import { addPracticeDays, CONFIRM_TOKEN_VALID_MS, type RegisterTherapistInput, Role, TRIAL_DAYS } from '@praxia/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { hashPassword } from '../../lib/passwords.js';
import { practiceScope } from '../../lib/scope.js';
import { ensureDefaultAppointmentType } from '../appointment-types/index.js';
import { issueToken } from '../auth/index.js';
import { insertCustomer } from '../customers/index.js';
import { emailTakenNoticeMail, registrationConfirmMail, sendMail } from '../mail/index.js';
import { findUserByEmail, insertUser, linkUserToCustomer } from '../users/index.js';

type Registration = z.output<typeof registerTherapistSchema>;
type Account = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

export type { RegisterTherapistInput };

/**
 * Registers a therapist together with a new practice in one transaction: the practice starts a
 * 14-day trial, the therapist owns it, and the confirmation mail leaves after commit.
 * An address that already has an account gets the same answer (a caller must not learn which addresses are
 * registered): its owner is told by mail instead, as a password reset or an e-mail change to it does.
 */
export async function registerTherapist(ctx: AppContext, input: Registration): Promise<void> {
  const owner = await findUserByEmail(ctx.db, input.email);
  // Hashed either way: the answer for a taken address takes about as long as a registration.
  const passwordHash = await hashPassword(input.password);
  if (owner) return tellOwner(ctx, owner);
  try {
    return await withTransaction(ctx, async (tx) => {
      const practice = await insertCustomer(tx.db, {
        name: input.name,
        street: input.street,
        postalCode: input.postalCode,
        city: input.city,
        language: input.language,
        email: input.email,
        phone: input.phone,
        taxNumber: input.taxNumber,
        showTaxNumber: input.showTaxNumber,
        trialExpiresAt: addPracticeDays(new Date(), TRIAL_DAYS),
      });
      const user = await insertUser(tx.db, {
        email: input.email,
        passwordHash,
        roles: Role.THERAPIST | Role.CUSTOMER_ADMIN,
        salutation: input.salutation ?? null,
        title: input.title ?? null,
        firstName: input.firstName,
        lastName: input.lastName,
        language: input.language,
        phone: input.phone,
        jobTitleType: input.jobTitleType,
        jobTitleFreetext: input.jobTitleType === 'other' ? input.jobTitleFreetext : null,
        taxNumber: input.taxNumber,
        showTaxNumber: input.showTaxNumber,
        termsAcceptedAt: new Date(),
      });
      await linkUserToCustomer(tx.db, practiceScope(practice.id), user.id);
      await ensureDefaultAppointmentType(tx.db, practice.id, user.id);
      const token = await issueToken(tx.db, 'registrationConfirm', user.id, CONFIRM_TOKEN_VALID_MS);
      const url = `${ctx.config.publicUrl}/registration/confirm/${token}`;
      await sendMail(tx, registrationConfirmMail(user.email, user.language, user.firstName, url));
    });
  } catch (error) {
    // Two registrations with one address at the same moment: the unique index decides, the other owner is told.
    const winner = isUniqueViolation(error) ? await findUserByEmail(ctx.db, input.email) : undefined;
    if (!winner) throw error;
    await tellOwner(ctx, winner);
  }
}

async function tellOwner(ctx: AppContext, owner: Account): Promise<void> {
  // A deleted or deactivated account's owner is not written to; the caller gets the same answer.
  if (owner.deleted || owner.deactivated) return;
  await sendMail(ctx, emailTakenNoticeMail(owner.email, owner.language, owner.firstName));
}

export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
