import { SIGNAL_MAX_MESSAGE_BYTES } from '@praxia/shared/video/protocol';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, userCustomers, users } from '../../apps/api/src/db/schema.js';
import { linkIn } from '../../apps/api/test/smtp-capture.js';
import { findAxeViolations, measureSidewaysOverflow, WIDTHS } from '../support/screen-checks.js';
import { expectVisible, openSignedIn, type Stack, startStack } from '../support/stack.js';

/*
 * Issue 10 end to end: a therapist and a patient meet in one online appointment through their links, with Chromium's
 * fake camera and microphone. The media must flow peer to peer: the WebSocket carries only small signalling frames.
 */

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    browserArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  });
});
afterAll(() => stack.close());

const MINUTE = 60_000;

async function demoIds() {
  const [therapist] = await stack.db
    .select({ id: users.id, customerId: userCustomers.customerId })
    .from(users)
    .innerJoin(userCustomers, eq(userCustomers.userId, users.id))
    .where(eq(users.email, 'therapeutin@example.org'));
  const [patient] = await stack.db.select().from(users).where(eq(users.email, 'patient@example.org'));
  if (!therapist || !patient) throw new Error('demo users missing');
  return { therapist, patient };
}

/** A taken online appointment of the demo therapist with Tim Neumann in [start, end), clearing her calendar there. */
async function onlineAppointment(start: Date, end: Date) {
  const { therapist, patient } = await demoIds();
  await stack.db
    .delete(appointments)
    .where(
      and(eq(appointments.therapistId, therapist.id), lt(appointments.startsAt, end), gt(appointments.endsAt, start)),
    );
  const [row] = await stack.db
    .insert(appointments)
    .values({
      customerId: therapist.customerId,
      therapistId: therapist.id,
      state: 'taken',
      startsAt: start,
      endsAt: end,
      location: 'remote',
      clientId: patient.id,
      clientFirstName: patient.firstName,
      clientLastName: patient.lastName,
      clientEmail: patient.email,
    })
    .returning();
  if (!row) throw new Error('no appointment');
  return row;
}

/** What the signed-in therapist's page fetches: her token's page, and the patient's link sent again by mail. */
async function linksOf(staff: Page, appointmentId: number) {
  const meeting = await staff.evaluate(async (id) => {
    const response = await fetch(`/api/appointment/${id}/meeting/therapist`);
    return (await response.json()) as { url: string };
  }, appointmentId);
  const status = await staff.evaluate(
    async (id) => (await fetch(`/api/appointment/${id}/meeting/patient-link`, { method: 'POST' })).status,
    appointmentId,
  );
  expect(status).toBe(204);
  // The demo patient may also get an appointment reminder meanwhile (the reminder job runs at any time of day).
  const mail = await stack.smtp.waitForMail('patient@example.org', 10_000, (sent) =>
    sent.subject.startsWith('Ihre Videosprechstunde'),
  );
  return { therapistPath: meeting.url, patientLink: linkIn(mail, '/video/') };
}

/** Counts the bytes of every WebSocket frame the page sends or receives (the signalling channel). */
function watchSignalling(page: Page) {
  const frames: number[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => frames.push(Buffer.byteLength(frame.payload)));
    socket.on('framereceived', (frame) => frames.push(Buffer.byteLength(frame.payload)));
  });
  return frames;
}

const bytesReceived = (page: Page) =>
  page.evaluate(() => ({
    audio: Number(document.body.dataset.audioBytesReceived ?? 0),
    video: Number(document.body.dataset.videoBytesReceived ?? 0),
  }));

/** axe-core and no sideways scrolling at a laptop's and a phone's width, in the page's current state. */
async function expectAccessible(page: Page, state: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(200);
    const where = `${state} at ${size.width} px`;
    expect(await findAxeViolations(page), where).toEqual([]);
    expect(await measureSidewaysOverflow(page), where).toBeLessThanOrEqual(0);
  }
}

async function waitForConnected(page: Page) {
  await page.waitForFunction(() => document.body.dataset.connectionState === 'connected', undefined, {
    timeout: 20_000,
  });
}

describe('a video consultation', () => {
  it('the patient waits until admitted; both connect directly, media arrive peer to peer; hang-up ends it for both', async () => {
    const now = Date.now();
    const appointment = await onlineAppointment(new Date(now - 5 * MINUTE), new Date(now + 20 * MINUTE));
    // Another online appointment opening now (its link works 30 minutes before): its patient must not get into the room.
    const other = await onlineAppointment(new Date(now + 25 * MINUTE), new Date(now + 50 * MINUTE));
    const staff = await openSignedIn(stack, 'therapeutin@example.org', '/main');
    const links = await linksOf(staff, appointment.id);
    const otherLinks = await linksOf(staff, other.id);

    const intruder = await stack.newPage(otherLinks.patientLink.replace(stack.baseUrl, ''));
    await intruder.getByTestId('join').click();
    await expectVisible(intruder.getByTestId('waiting-room'));

    const therapist = await stack.newPage(links.therapistPath);
    const therapistFrames = watchSignalling(therapist);
    await expectVisible(therapist.getByTestId('join'));
    await expectAccessible(therapist, 'the camera and microphone check');
    await therapist.getByTestId('join').click();
    await expectVisible(therapist.getByTestId('lobby'));
    // The other appointment's patient waits in that appointment's room, not in this one.
    await therapist.waitForTimeout(1500);
    expect(await therapist.getByTestId('patient-waiting').count()).toBe(0);

    const patient = await stack.newPage(links.patientLink.replace(stack.baseUrl, ''));
    const patientFrames = watchSignalling(patient);
    await patient.getByTestId('join').click();
    await expectVisible(patient.getByTestId('waiting-room'));
    await expectAccessible(patient, 'the waiting room');
    await expectVisible(therapist.getByTestId('patient-waiting'));
    await therapist.getByTestId('admit').click();

    await waitForConnected(therapist);
    await waitForConnected(patient);
    for (const page of [therapist, patient]) {
      const before = await bytesReceived(page);
      await page.waitForTimeout(3000);
      const after = await bytesReceived(page);
      expect(after.audio).toBeGreaterThan(before.audio);
      expect(after.video).toBeGreaterThan(before.video);
      expect(await page.evaluate(() => document.body.dataset.connectionKind)).toBe('direct');
      await expectVisible(page.getByTestId('connection-kind'));
    }
    await expectAccessible(therapist, 'the call');
    // The media went elsewhere: what the WebSocket carried is a little signalling, far below what arrived as video.
    const received = await bytesReceived(patient);
    const signalling = [...therapistFrames, ...patientFrames];
    expect(Math.max(...signalling)).toBeLessThanOrEqual(SIGNAL_MAX_MESSAGE_BYTES);
    expect(signalling.reduce((sum, size) => sum + size, 0)).toBeLessThan(received.video / 2);
    expect(await intruder.getByTestId('waiting-room').count()).toBe(1);

    await therapist.getByTestId('hang-up').click();
    await expectVisible(therapist.getByTestId('call-ended'));
    await expectVisible(patient.getByTestId('call-ended'));
    for (const page of [staff, intruder, therapist, patient]) await page.context().close();
  });
});
