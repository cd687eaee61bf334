import { ErrorCode, Role } from '@praxia/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, appointmentTypes, userCustomers, users } from '../../src/db/schema.js';
import { api, type CalendarPractice, calendarPractice } from '../calendar-fixtures.js';
import { createTestApp, createUser, signIn, type TestApp, uniqueEmail } from '../test-app.js';

let t: TestApp;
let team: CalendarPractice;
let other: CalendarPractice;

beforeAll(async () => {
  t = await createTestApp();
  team = await calendarPractice(t);
  other = await calendarPractice(t);
});
afterAll(() => t.close());

const typeInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Erstgespräch',
  duration: '50',
  location: 'both',
  insuranceType: 'privately',
  bookingDeadline: 'P1D',
  ...overrides,
});

const typesOf = async (userId: number) =>
  t.database.db
    .select()
    .from(appointmentTypes)
    .where(and(eq(appointmentTypes.userId, userId)));

describe('appointment types', () => {
  it('a therapist creates, reads, lists, edits and deactivates their own types', async () => {
    const created = await api(t, team.therapist.cookie, 'POST', '/appointmentTypes', typeInput());
    expect(created.statusCode).toBe(201);
    const type = created.json();
    expect(type).toMatchObject({
      userId: team.therapist.id,
      customerId: team.id,
      name: 'Erstgespräch',
      duration: 50,
      location: 'both',
      insuranceType: 'privately',
      bookingDeadline: 'P1D',
      deactivated: false,
    });
    expect((await api(t, team.therapist.cookie, 'GET', `/appointmentTypes/${type.id}`)).json()).toEqual(type);

    const list = (await api(t, team.therapist.cookie, 'GET', '/appointmentTypes?limit=50&page=1')).json();
    expect(list).toMatchObject({ currentPage: 1, limit: 50, maxItems: 2 });
    expect(list.list.every((row: { userId: number }) => row.userId === team.therapist.id)).toBe(true);

    const edited = await api(t, team.therapist.cookie, 'PATCH', `/appointmentTypes/${type.id}`, {
      name: 'Sprechstunde',
      duration: 25,
      location: 'remote',
      insuranceType: null,
    });
    expect(edited.json()).toMatchObject({
      name: 'Sprechstunde',
      duration: 25,
      location: 'remote',
      insuranceType: null,
    });
    const off = await api(t, team.therapist.cookie, 'PATCH', `/appointmentTypes/${type.id}`, { deactivated: true });
    expect(off.json().deactivated).toBe(true);
    const onlyActive = (await api(t, team.therapist.cookie, 'GET', '/appointmentTypes?deactivated=false')).json();
    expect(onlyActive.list.map((row: { id: number }) => row.id)).not.toContain(type.id);
  });

  it('keeps at least one type active: deactivating or deleting the last one is refused', async () => {
    const [only] = await typesOf(team.drs.id);
    const refused = await api(t, team.drs.cookie, 'PATCH', `/appointmentTypes/${only?.id}`, { deactivated: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ErrorCode.appointmentTypeLastActive);
    const deleted = await api(t, team.drs.cookie, 'DELETE', `/appointmentTypes/${only?.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().code).toBe(ErrorCode.appointmentTypeLastActive);
  });

  it('lets two concurrent deactivations of the last two types leave one active', async () => {
    const second = (await api(t, team.treatingOwner.cookie, 'POST', '/appointmentTypes', typeInput())).json();
    const [first] = await typesOf(team.treatingOwner.id);
    const answers = await Promise.all(
      [first?.id, second.id].map((id) =>
        api(t, team.treatingOwner.cookie, 'PATCH', `/appointmentTypes/${id}`, { deactivated: true }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await typesOf(team.treatingOwner.id)).filter((type) => !type.deactivated)).toHaveLength(1);
  });

  it('deletes an unused type, and refuses one that appointments use', async () => {
    const spare = (await api(t, team.otherTherapist.cookie, 'POST', '/appointmentTypes', typeInput())).json();
    const used = (await api(t, team.otherTherapist.cookie, 'POST', '/appointmentTypes', typeInput())).json();
    await t.database.db.insert(appointments).values({
      customerId: team.id,
      therapistId: team.otherTherapist.id,
      appointmentTypeId: used.id,
      startsAt: new Date('2030-01-07T09:00:00Z'),
      endsAt: new Date('2030-01-07T10:00:00Z'),
    });
    expect((await api(t, team.otherTherapist.cookie, 'DELETE', `/appointmentTypes/${spare.id}`)).statusCode).toBe(204);
    const refused = await api(t, team.otherTherapist.cookie, 'DELETE', `/appointmentTypes/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ErrorCode.appointmentTypeInUse);
  });

  it('validates the form (spec §5): name, location and a duration of at most three digits', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', 'error.required'],
      [{ name: undefined }, 'name', 'error.required'],
      [{ location: undefined }, 'location', 'error.required'],
      [{ duration: '1000' }, 'duration', 'error.appointmentTypeDuration'],
      [{ duration: 'zehn' }, 'duration', 'error.appointmentTypeDuration'],
      [{ duration: '0' }, 'duration', 'error.notZero'],
      [{ duration: 12.5 }, 'duration', 'error.appointmentTypeDuration'],
      [{ bookingDeadline: 'P5D' }, 'bookingDeadline', 'error.invalidValue'],
    ];
    for (const [overrides, field, key] of cases) {
      const response = await api(t, team.therapist.cookie, 'POST', '/appointmentTypes', typeInput(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.json().validationMessages[field], JSON.stringify(overrides)).toEqual([key]);
    }
    const ok = await api(t, team.therapist.cookie, 'POST', '/appointmentTypes', typeInput({ duration: 999 }));
    expect(ok.json().duration).toBe(999);
  });

  it('an assistant acts for the therapist named in the request, never for one of another practice', async () => {
    const forTherapist = await api(t, team.assistant.cookie, 'POST', '/appointmentTypes', {
      ...typeInput(),
      userId: team.otherTherapist.id,
    });
    expect(forTherapist.json().userId).toBe(team.otherTherapist.id);
    expect((await api(t, team.assistant.cookie, 'POST', '/appointmentTypes', typeInput())).statusCode).toBe(404);
    const foreign = await api(t, team.assistant.cookie, 'POST', '/appointmentTypes', {
      ...typeInput(),
      userId: other.therapist.id,
    });
    expect(foreign.statusCode).toBe(404);
    const listed = (
      await api(t, team.assistant.cookie, 'GET', `/appointmentTypes?userIds=${team.otherTherapist.id}`)
    ).json();
    expect(listed.list.every((row: { userId: number }) => row.userId === team.otherTherapist.id)).toBe(true);
    expect(
      (await api(t, team.assistant.cookie, 'GET', `/appointmentTypes?userIds=${other.therapist.id}`)).statusCode,
    ).toBe(404);
    const edited = await api(t, team.assistant.cookie, 'PATCH', `/appointmentTypes/${forTherapist.json().id}`, {
      name: 'Von der Assistenz',
    });
    expect(edited.json().name).toBe('Von der Assistenz');
  });

  it('a therapist works only on their own types: a colleague’s answer 404', async () => {
    const [colleagues] = await typesOf(team.otherTherapist.id);
    expect((await api(t, team.therapist.cookie, 'GET', `/appointmentTypes/${colleagues?.id}`)).statusCode).toBe(404);
    expect(
      (await api(t, team.therapist.cookie, 'GET', `/appointmentTypes?userIds=${team.otherTherapist.id}`)).statusCode,
    ).toBe(404);
    const owner = await api(t, team.treatingOwner.cookie, 'PATCH', `/appointmentTypes/${colleagues?.id}`, {
      name: 'Übernommen',
    });
    expect(owner.statusCode).toBe(404);
    const [foreign] = await typesOf(other.therapist.id);
    expect((await api(t, team.assistant.cookie, 'GET', `/appointmentTypes/${foreign?.id}`)).statusCode).toBe(404);
  });

  it('refuses roles without the permission (403): owners who do not treat, admins and patients', async () => {
    const admin = await createUser(t.database, { roles: Role.ADMIN });
    const adminCookie = await signIn(t.app, admin.email);
    for (const cookie of [team.owner.cookie, team.patientAccount.cookie, adminCookie]) {
      expect((await api(t, cookie, 'GET', '/appointmentTypes')).statusCode).toBe(403);
      expect((await api(t, cookie, 'POST', '/appointmentTypes', typeInput())).statusCode).toBe(403);
    }
  });

  it('keeps the on-site e-mail default per therapist (on until turned off)', async () => {
    const initial = await api(t, team.therapist.cookie, 'GET', '/calendar-settings');
    expect(initial.json()).toEqual({
      userId: team.therapist.id,
      appointmentOnsiteNotificationDefault: true,
      hasCalendarFeed: false,
    });
    const off = await api(t, team.assistant.cookie, 'PATCH', '/calendar-settings', {
      userId: team.therapist.id,
      appointmentOnsiteNotificationDefault: false,
    });
    expect(off.json().appointmentOnsiteNotificationDefault).toBe(false);
    expect(
      (await api(t, team.therapist.cookie, 'GET', '/calendar-settings')).json().appointmentOnsiteNotificationDefault,
    ).toBe(false);
    expect(
      (await api(t, team.assistant.cookie, 'GET', `/calendar-settings?userId=${other.therapist.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('a new therapist starts with a default type', () => {
  it('at registration of a practice', async () => {
    const password = 'Praxis-Start-2026!';
    const email = uniqueEmail('hanna');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/customer/therapist',
      payload: {
        firstName: 'Hanna',
        lastName: 'Vogel',
        email,
        phone: '030 1234567',
        jobTitleType: 'psychologicalPsychotherapist',
        terms: true,
        name: 'Praxis Vogel',
        street: 'Lindenallee 3',
        postalCode: '10115',
        city: 'Berlin',
        password,
        passwordConfirm: password,
      },
    });
    expect(response.statusCode).toBe(204);
    const [registered] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const types = await typesOf(registered?.id ?? -1);
    expect(types).toHaveLength(1);
    expect(types[0]).toMatchObject({ name: 'Therapiesitzung', durationMinutes: 50, location: 'onSite' });
  });

  it('when an owner adds a therapist to the practice, not an assistant', async () => {
    const owner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId: team.id });
    const cookie = await signIn(t.app, owner.email);
    const add = async (roles: number) => {
      const response = await api(t, cookie, 'POST', '/user', {
        firstName: 'Ida',
        lastName: 'Neu',
        email: uniqueEmail('ida'),
        roles,
        customerIds: [team.id],
        languages: ['de'],
        jobTitleType: 'psychologicalPsychotherapist',
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };
    const therapistId = await add(Role.THERAPIST);
    const [link] = await t.database.db.select().from(userCustomers).where(eq(userCustomers.userId, therapistId));
    expect(link?.customerId).toBe(team.id);
    expect(await typesOf(therapistId)).toHaveLength(1);
    expect(await typesOf(await add(Role.SECRETARY))).toHaveLength(0);
    const [created] = await t.database.db.select().from(users).where(eq(users.id, therapistId));
    expect(created?.roles).toBe(Role.THERAPIST);
  });
});
