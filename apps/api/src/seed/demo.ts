import { addPracticeDays, hasRole, Role, THERAPISTS } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { customers, type users } from '../db/schema.js';
import { hashPassword } from '../lib/passwords.js';
import { practiceScope } from '../lib/scope.js';
import { ensureDefaultAppointmentType } from '../modules/appointment-types/appointment-types.service.js';
import { linkUserToCustomer } from '../modules/users/user-customers.repo.js';
import { findUserByEmail, insertUser } from '../modules/users/users.repo.js';

export const DEMO_PASSWORD = 'Demo-Praxis-2026!';

type DemoPractice = 'park' | 'nord' | null;
type DemoUser = {
  email: string;
  roles: number;
  practice: DemoPractice;
  firstName: string;
  lastName: string;
  salutation: 'Herr' | 'Frau';
  title?: string;
  jobTitleType?: string;
  pinByEmail?: boolean;
  /** The public profile (search and profile page, spec people §3). */
  profile?: Partial<
    Pick<
      typeof users.$inferInsert,
      | 'therapeuticFocus'
      | 'treatmentMethods'
      | 'coverageTypes'
      | 'languages'
      | 'website'
      | 'therapistProfileText'
      | 'vita'
    >
  >;
  note: string;
};

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@example.org',
    roles: Role.ADMIN,
    practice: null,
    firstName: 'Alex',
    lastName: 'Admin',
    salutation: 'Herr',
    note: 'platform admin',
  },
  {
    email: 'inhaber@example.org',
    roles: Role.THERAPIST | Role.CUSTOMER_ADMIN,
    practice: 'park',
    firstName: 'Jonas',
    lastName: 'Hartmann',
    salutation: 'Herr',
    title: 'Dr.',
    jobTitleType: 'psychologicalPsychotherapist',
    pinByEmail: true,
    profile: {
      therapeuticFocus: ['burnout', 'sleep', 'psychosomatic'],
      treatmentMethods: ['psychodynamic'],
      coverageTypes: ['private', 'selfPay'],
      therapistProfileText:
        'Tiefenpsychologisch fundierte Psychotherapie bei Erschöpfung, Schlafstörungen und psychosomatischen Beschwerden.',
    },
    note: 'owner of Praxis am Park, sign-in code by e-mail',
  },
  {
    email: 'therapeutin@example.org',
    roles: Role.THERAPIST,
    practice: 'park',
    firstName: 'Miriam',
    lastName: 'Weber',
    salutation: 'Frau',
    title: 'Dipl.-Psych.',
    jobTitleType: 'psychologicalPsychotherapist',
    profile: {
      therapeuticFocus: ['depression', 'anxiety', 'panic', 'trauma'],
      treatmentMethods: ['cbt'],
      coverageTypes: ['private', 'allowance', 'selfPay'],
      languages: ['de', 'en'],
      website: 'https://praxis-am-park.example.org',
      therapistProfileText:
        'Ich begleite Erwachsene mit Depressionen, Ängsten und nach belastenden Erlebnissen – verhaltenstherapeutisch, klar strukturiert und in Ihrem Tempo.',
      vita: '<p><b>Diplom-Psychologin</b>, approbierte Psychologische Psychotherapeutin (Verhaltenstherapie).</p><p>Seit 2015 in eigener Praxis in Berlin-Mitte.</p>',
    },
    note: 'therapist, Praxis am Park, five patients',
  },
  {
    email: 'assistenz@example.org',
    roles: Role.SECRETARY,
    practice: 'park',
    firstName: 'Lena',
    lastName: 'Schulz',
    salutation: 'Frau',
    note: 'assistant, Praxis am Park',
  },
  {
    email: 'drs@example.org',
    roles: Role.THERAPIST_DRS,
    practice: 'nord',
    firstName: 'Paul',
    lastName: 'Becker',
    salutation: 'Herr',
    jobTitleType: 'coachOrConsultant',
    note: 'therapist-DRS, Coaching Nord',
  },
  {
    email: 'coach@example.org',
    roles: Role.THERAPIST | Role.CUSTOMER_ADMIN,
    practice: 'nord',
    firstName: 'Sophie',
    lastName: 'Krüger',
    salutation: 'Frau',
    jobTitleType: 'coachOrConsultant',
    note: 'owner of Coaching Nord, trial ends in 10 days',
  },
  {
    email: 'patient@example.org',
    roles: Role.REGISTERED,
    practice: 'park',
    firstName: 'Tim',
    lastName: 'Neumann',
    salutation: 'Herr',
    note: 'patient Tim Neumann of therapeutin@example.org',
  },
];

async function ensurePractice(db: Database, values: typeof customers.$inferInsert): Promise<number> {
  const existing = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.name, values.name))
    .limit(1);
  if (existing[0]) return existing[0].id;
  const [row] = await db.insert(customers).values(values).returning({ id: customers.id });
  if (!row) throw new Error('demo practice insert returned no row');
  return row.id;
}

const DEMO_PRACTICES = {
  park: {
    name: 'Praxis am Park',
    street: 'Invalidenstraße 12',
    postalCode: '10115',
    city: 'Berlin',
    phone: '+493012345678',
    email: 'kontakt@praxis-am-park.example.org',
    paymentModalities: 'Bitte überweisen Sie den Betrag innerhalb von 14 Tagen.',
    firstPatientNumber: 1001,
    firstInvoiceNumber: 2026001,
    taxNumber: '27/123/45678',
    showTaxNumber: true,
    // The standard example IBAN (valid checksum, no real account): the demo invoices carry a GiroCode.
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    accountHolder: 'Praxis am Park',
    // Example numbers of a tax adviser, so the invoice list's DATEV export works in the demo.
    datevConsultantNumber: 1001,
    datevClientNumber: 1,
    datevChart: 'SKR03',
  },
  nord: {
    name: 'Coaching Nord',
    street: 'Mönckebergstraße 7',
    postalCode: '20095',
    city: 'Hamburg',
    phone: '+494012345678',
    email: 'hallo@coaching-nord.example.org',
    // §14 Abs. 4 Nr. 2 UStG: an invoice over 250 € shows the tax number; without one the coach could bill only less.
    taxNumber: '43/765/01234',
    showTaxNumber: true,
  },
} satisfies Record<'park' | 'nord', typeof customers.$inferInsert>;

/**
 * A demo therapist's invoice settings with both required texts filled (the practice's address as the return line, as
 * invoices print it without one), so the invoice settings save as they are.
 */
function demoInvoiceTexts(demo: DemoUser) {
  if (!demo.practice || !hasRole(demo.roles, THERAPISTS)) return {};
  const { name, street, postalCode, city } = DEMO_PRACTICES[demo.practice];
  return {
    returnAddress: `${name}, ${street}, ${postalCode} ${city}`,
    invoiceSignature: [demo.title, demo.firstName, demo.lastName].filter(Boolean).join(' '),
    // Printed under the signature: the licence and the method a private insurer checks.
    qualificationLine:
      demo.jobTitleType === 'psychologicalPsychotherapist'
        ? `Approbiert als Psychologische Psychotherapeut${demo.salutation === 'Frau' ? 'in' : ''} (${demo.email === 'therapeutin@example.org' ? 'Verhaltenstherapie' : 'Tiefenpsychologie'})`
        : null,
  };
}

/** Demo practices and users; safe to run again (existing entries are kept). */
export async function seedDemoData(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const practices: Record<'park' | 'nord', number> = {
      park: await ensurePractice(tx as unknown as Database, DEMO_PRACTICES.park),
      nord: await ensurePractice(tx as unknown as Database, {
        ...DEMO_PRACTICES.nord,
        trialExpiresAt: addPracticeDays(new Date(), 10),
      }),
    };
    for (const demo of DEMO_USERS) {
      if (await findUserByEmail(tx, demo.email)) continue;
      const user = await insertUser(tx, {
        email: demo.email,
        passwordHash,
        roles: demo.roles,
        salutation: demo.salutation,
        title: demo.title ?? null,
        firstName: demo.firstName,
        lastName: demo.lastName,
        jobTitleType: demo.jobTitleType ?? null,
        ...demo.profile,
        ...demoInvoiceTexts(demo),
        pinTransportMethod: demo.pinByEmail ? 'email' : 'none',
        isConfirmed: true,
        termsAcceptedAt: new Date(),
      });
      if (demo.practice) {
        await linkUserToCustomer(tx, practiceScope(practices[demo.practice]), user.id);
        if (hasRole(demo.roles, THERAPISTS)) await ensureDefaultAppointmentType(tx, practices[demo.practice], user.id);
      }
    }
  });
}

/** Whether the demo logins exist here, so the start-up banner lists them only where they work. */
export async function hasDemoUsers(db: Database): Promise<boolean> {
  const [first] = DEMO_USERS;
  return first ? (await findUserByEmail(db, first.email)) !== undefined : false;
}
