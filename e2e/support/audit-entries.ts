import { eq } from 'drizzle-orm';
import { auditLog, userCustomers, users } from '../../apps/api/src/db/schema.js';
import type { Stack } from './stack.js';

/** Writes `count` successful reads of an appointment by the staff member with `email`, so their audit log has rows. */
export async function addAuditReads(stack: Stack, email: string, count: number): Promise<void> {
  const [reader] = await stack.db
    .select({ id: users.id, customerId: userCustomers.customerId })
    .from(users)
    .innerJoin(userCustomers, eq(userCustomers.userId, users.id))
    .where(eq(users.email, email));
  if (!reader) throw new Error(`no staff member ${email}`);
  await stack.db.insert(auditLog).values(
    Array.from({ length: count }, () => ({
      actorUserId: reader.id,
      customerId: reader.customerId,
      action: 'read' as const,
      resource: 'appointment' as const,
      outcome: 'success' as const,
    })),
  );
}
