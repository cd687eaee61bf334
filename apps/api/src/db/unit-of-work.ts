import type { AppContext } from '../context.js';
import type { Database } from './client.js';

/**
 * Runs work in one transaction that every service it calls shares: they receive a context whose `db` is the open
 * transaction. Nested calls join the outer transaction, so "create invoice, allocate its number, mark appointments
 * billed, queue the mail" commits or rolls back as one. Side effects (sending mail, calling a payment provider) are
 * registered with `afterCommit` and run only once the data is safely stored; an action that answers a promise (removing
 * a replaced file) is awaited, so the caller's answer comes after it.
 */
export async function withTransaction<T>(ctx: AppContext, work: (tx: AppContext) => Promise<T>): Promise<T> {
  if (ctx.unitOfWork) return work(ctx);
  const afterCommitActions: AfterCommitAction[] = [];
  const result = await ctx.db.transaction((tx) =>
    work({
      ...ctx,
      db: tx as unknown as Database,
      unitOfWork: { afterCommit: (action) => afterCommitActions.push(action) },
    }),
  );
  for (const action of afterCommitActions) await action();
  return result;
}

/** Work after a commit: a side effect started (void) or a clean-up the transaction's caller waits for (a promise). */
export type AfterCommitAction = () => void | Promise<void>;

/** Runs an action after the caller's transaction commits (at once when there is none); dropped on rollback. */
export function afterCommit(ctx: AppContext, action: AfterCommitAction): void {
  if (ctx.unitOfWork) ctx.unitOfWork.afterCommit(action);
  else void action();
}
