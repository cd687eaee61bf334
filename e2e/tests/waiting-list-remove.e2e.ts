import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userCustomers, users, waitingListEntries } from '../../apps/api/src/db/schema.js';
import { linkIn } from '../../apps/api/test/smtp-capture.js';
import { expectScreenAccessible } from '../support/screen-checks.js';
import { expectVisible, type Stack, startStack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const GUEST = 'warteliste-e2e@example.org';

describe('leaving the waiting list through the link of its mail', () => {
  it('the guest joins, gets the confirmation over SMTP, and its link removes the entry once', async () => {
    const [therapist] = await stack.db
      .select({ id: users.id, customerId: userCustomers.customerId })
      .from(users)
      .innerJoin(userCustomers, eq(userCustomers.userId, users.id))
      .where(eq(users.email, 'therapeutin@example.org'));
    // Joined from a public page of the same origin, as the widget does.
    const guest = await stack.newPage('/impressum');
    const status = await guest.evaluate(
      async (body) =>
        (
          await fetch('/api/appointment/waiting-list', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      {
        therapistId: therapist?.id,
        customerId: therapist?.customerId,
        firstName: 'Wanda',
        lastName: 'Warte',
        email: GUEST,
        consent: true,
      },
    );
    expect(status).toBe(201);

    const link = linkIn(await stack.smtp.waitForMail(GUEST), '/appointment/waiting-list/');
    await guest.goto(link.replace(stack.baseUrl, ''));
    const submit = guest.getByRole('button', { name: 'Von der Warteliste entfernen' });
    await expectScreenAccessible(guest, { title: 'Warteliste', ready: submit });
    await submit.click();
    await expectVisible(guest.getByText('Sie wurden von der Warteliste entfernt.', { exact: false }));
    expect(await stack.db.select().from(waitingListEntries).where(eq(waitingListEntries.email, GUEST))).toEqual([]);

    // The link works once: a second removal finds nothing and shows the 404 page.
    await guest.reload();
    await guest.getByRole('button', { name: 'Von der Warteliste entfernen' }).click();
    await expectVisible(guest.getByRole('heading', { level: 1, name: 'Hoppla. Hier ist nichts …' }));
    await guest.context().close();
  });
});
