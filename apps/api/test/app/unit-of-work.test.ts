import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/db/schema.js';
import { afterCommit, withTransaction } from '../../src/db/unit-of-work.js';
import { insertCustomer, updateCustomer } from '../../src/modules/customers/customers.repo.js';
import { createTestApp, type TestApp, uniqueEmail } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const findByName = (name: string) => t.database.db.select().from(customers).where(eq(customers.name, name));

describe('withTransaction', () => {
  it('commits the work of several services together and runs after-commit actions afterwards', async () => {
    const name = `Praxis ${uniqueEmail('uow')}`;
    const events: string[] = [];
    await withTransaction(t.app.ctx, async (tx) => {
      const practice = await insertCustomer(tx.db, { name });
      // A second service joins the same transaction instead of opening its own.
      await withTransaction(tx, async (inner) => {
        expect(inner.db).toBe(tx.db);
        await updateCustomer(inner.db, practice.id, { city: 'Bremen' });
        afterCommit(inner, () => void events.push('mail'));
      });
      events.push('work done');
    });
    expect(events).toEqual(['work done', 'mail']);
    expect((await findByName(name))[0]?.city).toBe('Bremen');
  });

  it('rolls everything back when a later step fails, and drops the after-commit actions', async () => {
    const name = `Praxis ${uniqueEmail('uow')}`;
    const events: string[] = [];
    await expect(
      withTransaction(t.app.ctx, async (tx) => {
        await insertCustomer(tx.db, { name });
        afterCommit(tx, () => void events.push('mail'));
        await withTransaction(tx, async () => {
          throw new Error('allocation failed');
        });
      }),
    ).rejects.toThrow('allocation failed');
    expect(await findByName(name)).toHaveLength(0);
    expect(events).toEqual([]);
  });

  it('waits for an after-commit action that answers a promise (a replaced file removed) before it returns', async () => {
    const events: string[] = [];
    await withTransaction(t.app.ctx, async (tx) => {
      afterCommit(tx, async () => {
        await new Promise((resolve) => setImmediate(resolve));
        events.push('file removed');
      });
    });
    events.push('answered');
    expect(events).toEqual(['file removed', 'answered']);
  });

  it('runs an after-commit action at once outside a transaction', () => {
    const events: string[] = [];
    afterCommit(t.app.ctx, () => void events.push('now'));
    expect(events).toEqual(['now']);
  });
});
