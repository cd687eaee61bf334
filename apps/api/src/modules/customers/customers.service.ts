import {
  type Customer,
  type customerCreateSchema,
  type customerUpdateSchema,
  ErrorCode,
  hasRole,
  LOGO_SIZE_ERROR,
  LOGO_TOO_BIG_DETAIL,
  Role,
  ValidationKey,
} from '@praxia/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isConstraintViolation } from '../../db/constraint-violation.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, forbidden, notFound, validationError, validationFailed } from '../../plugins/errors.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { removeFileAfterCommit, storeThenCommit } from '../../storage/unreferenced-files.js';
import { toCustomerView } from './customer.view.js';
import { assertCanEditCustomer, assertCanReadCustomer, assertCanSaveCustomerSettings } from './customers.policy.js';
import {
  countTherapists,
  findCustomer,
  findCustomerForUpdate,
  insertCustomer,
  listCustomers,
  listTherapistsOfCustomer,
  markCustomerDeleted,
  updateCustomer,
} from './customers.repo.js';
import { processLogo } from './logo.js';

export async function getCustomerList(ctx: AppContext, actor: Actor, page: number, limit: number) {
  const { list, maxItems } = await listCustomers(ctx.db, scopeOf(actor), {
    limit,
    offset: (page - 1) * limit,
  });
  return { list, currentPage: page, limit, maxItems, pages: Math.max(1, Math.ceil(maxItems / limit)) };
}

export async function getCustomer(ctx: AppContext, actor: Actor, id: number): Promise<Customer> {
  assertCanReadCustomer(actor, id);
  const row = await findCustomer(ctx.db, id);
  if (!row) throw notFound('Customer not found');
  return toCustomerView(row);
}

export async function createCustomer(ctx: AppContext, input: z.output<typeof customerCreateSchema>): Promise<Customer> {
  return toCustomerView(await insertCustomer(ctx.db, input));
}

/** The logo part of an update: a new file, a deletion (null), or no change. */
export type LogoChange = { kind: 'none' } | { kind: 'delete' } | { kind: 'replace'; upload: Buffer };

/**
 * Updates the whitelisted fields and the logo. Street, postal code and city stay required for
 * everyone but admins; the show-tax-number option needs a tax number; only admins (re)activate here.
 */
export async function updateCustomerSettings(
  ctx: AppContext,
  actor: Actor,
  id: number,
  changes: z.output<typeof customerUpdateSchema>,
  logo: LogoChange,
): Promise<Customer> {
  assertCanSaveCustomerSettings(actor, id);
  // The image work happens before the row is locked, the file is written before the transaction: a failed update
  // removes it again (storeThenCommit); the replaced logo goes once the row points elsewhere.
  const processed = logo.kind === 'replace' ? await processLogo(logo.upload, actor.userId) : null;
  const newLogo = processed ? `practices/${id}/${processed.key}` : null;
  const files =
    processed && newLogo
      ? [{ key: newLogo, write: (storage: FileStorage) => storage.put(newLogo, processed.data) }]
      : [];
  try {
    const updated = await storeThenCommit(ctx, files, async (tx) => {
      const result = await applyCustomerChanges(tx, actor, id, changes, logo.kind === 'none' ? undefined : newLogo);
      if (result.replacedLogo) await removeFileAfterCommit(ctx, tx, result.replacedLogo);
      return result.updated;
    });
    return toCustomerView(updated);
  } catch (error) {
    if (isConstraintViolation(error, SHOW_TAX_NUMBER_RULE)) {
      throw validationFailed('showTaxNumber', ValidationKey.invalidValue);
    }
    throw error;
  }
}

// The database holds the rule too (CHECK constraint): a backstop for any writer that does not lock the row first.
const SHOW_TAX_NUMBER_RULE = 'customers_show_tax_number_needs_tax_number';

/**
 * Reads the practice locked and writes the merged result in one transaction, so two concurrent edits (one clears
 * the tax number, one turns on showing it) see each other instead of both deciding on the same old row.
 * `logoKey`: undefined keeps the logo, null deletes it, a key replaces it.
 */
async function applyCustomerChanges(
  ctx: AppContext,
  actor: Actor,
  id: number,
  changes: z.output<typeof customerUpdateSchema>,
  logoKey: string | null | undefined,
) {
  const current = await findCustomerForUpdate(ctx.db, id);
  if (!current) throw notFound('Customer not found');
  const { deactivated, requireTwoFactor, ...fields } = changes;
  const next = { ...current, ...fields };
  if (!hasRole(actor.roles, Role.ADMIN)) {
    const missing = (['street', 'postalCode', 'city'] as const).filter((field) => !next[field]);
    if (missing.length)
      throw validationError(missing.map((field) => ({ path: [field], message: ValidationKey.required })));
  }
  // A transfer and the GiroCode need the beneficiary's name beside the IBAN (EPC069-12).
  if (next.iban && !next.accountHolder) throw validationFailed('accountHolder', ValidationKey.required);
  const values: Parameters<typeof updateCustomer>[2] = {
    ...fields,
    showTaxNumber: Boolean(next.taxNumber && next.showTaxNumber),
  };
  if (deactivated !== undefined && hasRole(actor.roles, Role.ADMIN)) {
    values.deactivated = deactivated;
    if (!deactivated) values.status = 'active';
  }
  // The assistants share the settings form; whether the staff must use a strong second factor is the owner's call.
  if (requireTwoFactor !== undefined && requireTwoFactor !== current.requireTwoFactor) {
    if (!hasRole(actor.roles, Role.ADMIN | Role.CUSTOMER_ADMIN)) throw forbidden('Only the owner sets this');
    values.requireTwoFactor = requireTwoFactor;
  }
  if (logoKey !== undefined) values.logoFilename = logoKey;
  const updated = await updateCustomer(ctx.db, id, values);
  if (!updated) throw notFound('Customer not found');
  const replacedLogo = logoKey !== undefined && current.logoFilename !== logoKey ? current.logoFilename : null;
  return { updated, replacedLogo };
}

export const logoTooBig = () =>
  new AppError(ErrorCode.logoSize, { status: 422, detail: LOGO_TOO_BIG_DETAIL, fields: { logo: [LOGO_SIZE_ERROR] } });

/** The practice's therapists, for the assistant's therapist choice and the customer detail page. */
export async function getCustomerTherapists(ctx: AppContext, actor: Actor, id: number) {
  assertCanReadCustomer(actor, id);
  return { list: await listTherapistsOfCustomer(ctx.db, scopeOf(actor), id) };
}

export async function getCustomerLogo(ctx: AppContext, actor: Actor, id: number) {
  assertCanReadCustomer(actor, id);
  const row = await findCustomer(ctx.db, id);
  if (!row?.logoFilename) throw notFound('Logo not found');
  const data = await ctx.storage.get(row.logoFilename);
  if (!data) throw notFound('Logo not found');
  return { data, key: row.logoFilename };
}

/**
 * Cancels the practice's subscription at the payment provider before the practice stops (deactivation or delete):
 * if the provider refuses, nothing changes here and the user is told, so no practice keeps paying for nothing.
 */
async function cancelSubscriptionOf(
  ctx: AppContext,
  practice: { id: number; subscriptionId: string | null; paymentCustomerId: string | null },
): Promise<void> {
  if (!practice.subscriptionId || !practice.paymentCustomerId) return;
  try {
    await ctx.payments.cancelSubscription({
      paymentCustomerId: practice.paymentCustomerId,
      subscriptionId: practice.subscriptionId,
    });
  } catch (error) {
    ctx.log.error({ err: error, customerId: practice.id }, 'subscription could not be cancelled');
    throw new AppError(ErrorCode.subscriptionCancelFailed, {
      status: 502,
      detail: 'The subscription could not be cancelled; nothing was changed.',
    });
  }
}

/**
 * Deactivates a practice (admin from the list, owner for their own account) or reactivates it.
 * Deactivation cancels the subscription at the provider first — if that fails nothing changes —
 * then ends the sessions of the practice's users. The practice's data stays (retention).
 */
export async function setCustomerDeactivated(
  ctx: AppContext,
  actor: Actor,
  id: number,
  deactivated: boolean,
): Promise<{ status: 'active' | 'canceled' }> {
  assertCanEditCustomer(actor, id);
  const practice = await findCustomer(ctx.db, id);
  if (!practice) throw notFound('Customer not found');
  if (!deactivated) {
    if (!hasRole(actor.roles, Role.ADMIN))
      throw new AppError(ErrorCode.forbidden, {
        status: 403,
        detail: 'Only an administrator can reactivate a practice.',
      });
    await updateCustomer(ctx.db, id, { deactivated: false, status: 'active' });
    return { status: 'active' };
  }
  await cancelSubscriptionOf(ctx, practice);
  await ctx.db.transaction(async (tx) => {
    await updateCustomer(tx, id, { deactivated: true, status: 'canceled', subscriptionId: null });
    await ctx.accounts.endSessionsOfPractice(tx, scopeOf(actor), id);
  });
  return { status: 'canceled' };
}

/**
 * Deletes a practice without therapists: a soft delete. It disappears from lists and details (404), its users can no
 * longer sign in and their sessions end; its row, files and (later) invoices and records stay for the retention period.
 */
export async function removeCustomer(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const scope = scopeOf(actor);
  const hasTherapists = () =>
    new AppError(ErrorCode.practiceHasTherapists, {
      status: 409,
      detail: 'Die Praxis kann nicht gelöscht werden, solange ihr Therapeut:innen zugeordnet sind.',
    });
  const practice = await findCustomer(ctx.db, id);
  if (!practice) throw notFound('Customer not found');
  if ((await countTherapists(ctx.db, scope, id)) > 0) throw hasTherapists();
  // The provider call stays outside the transaction (no network calls while rows are locked).
  await cancelSubscriptionOf(ctx, practice);
  await withTransaction(ctx, async (tx) => {
    const locked = await findCustomerForUpdate(tx.db, id);
    if (!locked) throw notFound('Customer not found');
    if ((await countTherapists(tx.db, scope, id)) > 0) throw hasTherapists();
    await markCustomerDeleted(tx.db, id, new Date());
    await tx.accounts.endSessionsOfPractice(tx.db, scope, id);
  });
}
