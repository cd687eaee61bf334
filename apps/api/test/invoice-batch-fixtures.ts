import { randomUUID } from 'node:crypto';
import { addPracticeDays, atPracticeTime, Role } from '@praxia/shared';
import { eq, max } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { appointmentFees, appointments, patients, users } from '../src/db/schema.js';

const PER_DAY = 10;

/**
 * `count` patients of a therapist, each with one past appointment billable at 2,3 × GOÄ 870, written straight into
 * the database (a batch of hundreds through the API would take minutes): one invoice each when issued. Hourly from
 * 08:00 German time, ten a day from `firstDay` on, so pick days no other appointment of the therapist uses.
 */
export async function invoiceableBatch(
  db: Database,
  options: { practiceId: number; therapistId: number; count: number; firstDay: Date },
): Promise<number[]> {
  const { practiceId, therapistId, count } = options;
  const address = { street: 'Lindenweg 4', postalCode: '10115', city: 'Berlin' };
  const clients = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        email: `batch-${randomUUID()}@test.example.org`,
        roles: Role.REGISTERED,
        isAccount: false,
        firstName: 'Karla',
        lastName: `Klient ${index + 1}`,
        ...address,
      })),
    )
    .returning({ id: users.id, lastName: users.lastName });
  const [numbers] = await db
    .select({ highest: max(patients.patientNumber) })
    .from(patients)
    .where(eq(patients.customerId, practiceId));
  const firstNumber = (numbers?.highest ?? 0) + 1;
  await db.insert(patients).values(
    clients.map((client, index) => ({
      userId: client.id,
      customerId: practiceId,
      therapistId,
      patientNumber: firstNumber + index,
    })),
  );
  const booked = await db
    .insert(appointments)
    .values(
      clients.map((client, index) => {
        const startsAt = atPracticeTime(
          addPracticeDays(options.firstDay, Math.floor(index / PER_DAY)),
          8 + (index % PER_DAY),
        );
        return {
          customerId: practiceId,
          therapistId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 50 * 60_000),
          state: 'taken' as const,
          clientId: client.id,
          clientFirstName: 'Karla',
          clientLastName: client.lastName,
          clientStreet: address.street,
          clientPostalCode: address.postalCode,
          clientCity: address.city,
        };
      }),
    )
    .returning({ id: appointments.id });
  await db.insert(appointmentFees).values(
    booked.map((row) => ({
      customerId: practiceId,
      appointmentId: row.id,
      codeValue: '870',
      incrementalRate: '2.30',
    })),
  );
  return booked.map((row) => row.id);
}
