import { addPracticeDays, atPracticeTime, toPracticeIsoDateTime } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  bookingInput,
  type CalendarPractice,
  calendarPractice,
  createSlot,
  defaultTypeId,
} from '../calendar-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let team: CalendarPractice;
let other: CalendarPractice;

beforeAll(async () => {
  t = await createTestApp();
  team = await calendarPractice(t);
  other = await calendarPractice(t);
});
afterAll(() => t.close());

const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

describe('the private calendar feed', () => {
  it('shows time, type and the patient’s initials only, at a secret address the therapist can renew', async () => {
    const start = atPracticeTime(addPracticeDays(new Date(), 2), 15);
    const slot = await createSlot(t, team.therapist.cookie, {
      appointmentStart: toPracticeIsoDateTime(start),
      appointmentEnd: toPracticeIsoDateTime(new Date(start.getTime() + 50 * 60_000)),
      notes: 'Vertraulich',
      meetingType: await defaultTypeId(t, team.therapist.id),
    });
    await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}/book`, {
      ...bookingInput({ firstName: 'Mira', lastName: 'Paulsen', issue: 'Panikattacken' }),
      sendEmails: false,
    });
    await createSlot(t, team.therapist.cookie, {
      appointmentStart: toPracticeIsoDateTime(new Date(start.getTime() + 2 * 3_600_000)),
      appointmentEnd: toPracticeIsoDateTime(new Date(start.getTime() + 3 * 3_600_000)),
    });

    const renewed = await api(t, team.therapist.cookie, 'POST', '/calendar-settings/feed', {});
    expect(renewed.statusCode).toBe(200);
    const { url } = renewed.json();
    expect(url).toMatch(/^http:\/\/praxia\.test\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await fetchFeed(url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain('SUMMARY:Therapiesitzung – M. P.');
    expect(feed.body).toContain(`DTSTART:${start.toISOString().replace(/[-:]/g, '').replace('.000', '')}`);
    // One booked appointment; free slots are not shown.
    expect(feed.body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    for (const secret of ['Paulsen', 'Mira', 'Vertraulich', 'Panikattacken', '@example.org', 'Gartenweg']) {
      expect(feed.body).not.toContain(secret);
    }
    expect((await api(t, team.therapist.cookie, 'GET', '/calendar-settings')).json().hasCalendarFeed).toBe(true);

    const next = (await api(t, team.therapist.cookie, 'POST', '/calendar-settings/feed', {})).json();
    expect((await fetchFeed(url)).statusCode).toBe(404);
    expect((await fetchFeed(next.url)).statusCode).toBe(200);
    expect((await fetchFeed(next.url.replace('.ics', ''))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar-feed/unknown.ics' })).statusCode).toBe(404);

    expect((await api(t, team.therapist.cookie, 'DELETE', '/calendar-settings/feed')).statusCode).toBe(204);
    expect((await fetchFeed(next.url)).statusCode).toBe(404);
    expect((await api(t, team.therapist.cookie, 'GET', '/calendar-settings')).json().hasCalendarFeed).toBe(false);
  });

  it('is renewed by the therapist or their assistant, not by anyone of another practice', async () => {
    const forTherapist = await api(t, team.assistant.cookie, 'POST', '/calendar-settings/feed', {
      userId: team.otherTherapist.id,
    });
    expect(forTherapist.statusCode).toBe(200);
    expect(
      (await api(t, other.assistant.cookie, 'POST', '/calendar-settings/feed', { userId: team.therapist.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api(t, team.therapist.cookie, 'POST', '/calendar-settings/feed', { userId: team.otherTherapist.id }))
        .statusCode,
    ).toBe(404);
    expect((await api(t, team.patientAccount.cookie, 'POST', '/calendar-settings/feed', {})).statusCode).toBe(403);
  });
});
