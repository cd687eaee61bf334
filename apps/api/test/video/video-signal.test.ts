import type { AddressInfo } from 'node:net';
import { SIGNAL_MAX_MESSAGE_BYTES, SIGNAL_MAX_MESSAGES } from '@praxia/shared/video/protocol';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, videoSessions } from '../../src/db/schema.js';
import { removeOldVideoData } from '../../src/modules/video/video-metadata.js';
import { api, type CalendarPractice, calendarPractice } from '../calendar-fixtures.js';
import type { Member } from '../patient-fixtures.js';
import { createTestAppWithMail } from '../test-app.js';
import {
  bookVideoAppointment,
  moveAppointment,
  newTherapist,
  therapistToken,
  type VideoTestApp,
} from '../video-fixtures.js';
import { SignalClient } from '../video-signal-client.js';

let t: VideoTestApp;
let team: CalendarPractice;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestAppWithMail();
  team = await calendarPractice(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** An online appointment running now, with the therapist's token and the patient's link. */
async function callNow(therapist?: Member) {
  const owner = therapist ?? (await newTherapist(t, team.id));
  const booked = await bookVideoAppointment(t, owner);
  await moveAppointment(t, booked.id, -5, 45);
  return { ...booked, therapist: owner, therapistToken: await therapistToken(t, owner, booked.id) };
}

/** Both parties in the room, the patient admitted and both told to start. */
async function startedCall() {
  const call = await callNow();
  const therapist = await SignalClient.join(baseUrl, call.therapistToken);
  const patient = await SignalClient.join(baseUrl, call.patientToken);
  await therapist.next('joined');
  await patient.next('joined');
  await patient.next('waiting');
  await therapist.next('patientWaiting');
  therapist.send({ type: 'admit' });
  await therapist.next('start');
  await patient.next('start');
  return { call, therapist, patient };
}

const offer = { description: { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } };
const answer = { description: { type: 'answer', sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' } };

describe('the signalling WebSocket', () => {
  it('refuses a wrong token and a first message that is not the join', async () => {
    const wrong = await SignalClient.join(baseUrl, 'x'.repeat(43));
    expect(wrong.messages).toEqual([{ type: 'error', code: 'invalidToken' }]);
    expect(await wrong.closed).toBe(1008);

    const impatient = await SignalClient.open(baseUrl);
    impatient.send({ type: 'admit' });
    expect(await impatient.next('error')).toEqual({ type: 'error', code: 'notAllowed' });
    expect(await impatient.closed).toBe(1008);

    const garbled = await SignalClient.open(baseUrl);
    garbled.send('{not json');
    expect(await garbled.next('error')).toEqual({ type: 'error', code: 'badMessage' });
    const unknown = await SignalClient.open(baseUrl);
    unknown.send({ type: 'record', token: 'x' });
    expect(await unknown.next('error')).toEqual({ type: 'error', code: 'badMessage' });
  });

  it('closes a connection that does not join within 5 seconds', async () => {
    const silent = await SignalClient.open(baseUrl);
    expect(await silent.next('error', 7000)).toEqual({ type: 'error', code: 'joinTimeout' });
    expect(await silent.closed).toBe(1008);
  });

  it('keeps the patient waiting until admitted, then relays signals between the two only', async () => {
    const call = await callNow();
    const patient = await SignalClient.join(baseUrl, call.patientToken);
    expect(patient.messages.shift()).toEqual({ type: 'joined', role: 'patient' });
    expect(await patient.next('waiting')).toEqual({ type: 'waiting' });

    const therapist = await SignalClient.join(baseUrl, call.therapistToken);
    expect(therapist.messages.shift()).toEqual({ type: 'joined', role: 'therapist' });
    expect(await therapist.next('patientWaiting')).toEqual({ type: 'patientWaiting', isWaiting: true });
    // Nothing passes before admission.
    patient.send({ type: 'signal', payload: offer });
    expect(await therapist.pendingTypes()).toEqual([]);
    // Only the therapist admits.
    const other = await callNow();
    const otherPatient = await SignalClient.join(baseUrl, other.patientToken);
    otherPatient.send({ type: 'admit' });
    expect(await otherPatient.next('error')).toEqual({ type: 'error', code: 'notAllowed' });

    therapist.send({ type: 'admit' });
    expect(await therapist.next('start')).toEqual({ type: 'start', isOfferer: true });
    expect(await patient.next('start')).toEqual({ type: 'start', isOfferer: false });
    therapist.send({ type: 'signal', payload: offer });
    expect(await patient.next('signal')).toEqual({ type: 'signal', payload: offer });
    patient.send({ type: 'signal', payload: answer });
    expect(await therapist.next('signal')).toEqual({ type: 'signal', payload: answer });
    const candidate = { candidate: { candidate: 'candidate:1 1 udp 1 192.0.2.1 5000 typ host', sdpMid: '0' } };
    patient.send({ type: 'signal', payload: candidate });
    expect(await therapist.next('signal')).toEqual({ type: 'signal', payload: candidate });
    therapist.send({ type: 'ping' });
    expect(await therapist.next('pong')).toEqual({ type: 'pong' });
    therapist.close();
    patient.close();
  });

  it('keeps a third party out: another appointment’s link enters its own room and hears nothing of this one', async () => {
    const { call, therapist, patient } = await startedCall();
    const other = await callNow();
    const intruder = await SignalClient.join(baseUrl, other.patientToken);
    expect(intruder.messages.shift()).toEqual({ type: 'joined', role: 'patient' });
    therapist.send({ type: 'signal', payload: offer });
    expect(await patient.next('signal')).toEqual({ type: 'signal', payload: offer });
    intruder.send({ type: 'signal', payload: answer });
    expect(await intruder.pendingTypes()).toEqual(['waiting']);
    expect(await therapist.pendingTypes()).toEqual([]);
    // The therapist's token of one appointment opens only that room (a second token of the same one replaces).
    const colleague = await newTherapist(t, team.id);
    const foreign = await SignalClient.join(baseUrl, await therapistToken(t, colleague, (await callNow(colleague)).id));
    expect(foreign.messages.shift()).toEqual({ type: 'joined', role: 'therapist' });
    expect(await patient.pendingTypes()).toEqual([]);
    expect(call.id).not.toBe(other.id);
    for (const client of [therapist, patient, intruder, foreign]) client.close();
  });

  it('ends the call for both on hang-up', async () => {
    const { therapist, patient } = await startedCall();
    patient.send({ type: 'hangUp' });
    expect(await therapist.next('ended')).toEqual({ type: 'ended', reason: 'hungUp' });
    expect(await patient.next('ended')).toEqual({ type: 'ended', reason: 'hungUp' });
    expect(await therapist.closed).toBe(1000);
    expect(await patient.closed).toBe(1000);
  });

  it('tells the other when a party drops; a returning patient is let in again without a new admission', async () => {
    const { call, therapist, patient } = await startedCall();
    patient.close();
    expect(await therapist.next('peerLeft')).toEqual({ type: 'peerLeft' });
    const back = await SignalClient.join(baseUrl, call.patientToken);
    expect(await back.next('start')).toEqual({ type: 'start', isOfferer: false });
    expect(await therapist.next('start')).toEqual({ type: 'start', isOfferer: true });
    // A second connection of the same role (a reload in another tab) replaces the first.
    const reloaded = await SignalClient.join(baseUrl, call.therapistToken);
    expect(await therapist.next('error')).toEqual({ type: 'error', code: 'replaced' });
    expect(await therapist.closed).toBe(4001);
    expect(await back.next('peerLeft')).toEqual({ type: 'peerLeft' });
    expect(await reloaded.next('start')).toEqual({ type: 'start', isOfferer: true });
    reloaded.close();
    back.close();
  });

  it('ends an open call for both when the practice rejects the appointment', async () => {
    const { call, therapist, patient } = await startedCall();
    const rejected = await api(t, call.therapist.cookie, 'PATCH', `/appointment/${call.id}/cancel`);
    expect(rejected.statusCode).toBe(200);
    expect(await therapist.next('ended')).toEqual({ type: 'ended', reason: 'cancelled' });
    expect(await patient.next('ended')).toEqual({ type: 'ended', reason: 'cancelled' });
    const again = await SignalClient.join(baseUrl, call.patientToken);
    expect(again.messages).toEqual([{ type: 'error', code: 'invalidToken' }]);
  });

  it('lets the patient in only from 30 minutes before the start until the end', async () => {
    const call = await callNow();
    await moveAppointment(t, call.id, 40, 90);
    const early = await SignalClient.join(baseUrl, call.patientToken);
    expect(early.messages).toEqual([{ type: 'error', code: 'notAllowed' }]);
    await moveAppointment(t, call.id, -60, -5);
    const late = await SignalClient.join(baseUrl, call.patientToken);
    expect(late.messages).toEqual([{ type: 'ended', reason: 'appointmentEnded' }]);
    expect(await late.closed).toBe(1000);
  });

  it('closes a connection that sends an oversized message or too many', async () => {
    const { therapist, patient } = await startedCall();
    const sdp = 'a'.repeat(SIGNAL_MAX_MESSAGE_BYTES);
    therapist.send({ type: 'signal', payload: { description: { type: 'offer', sdp } } });
    expect(await therapist.next('error')).toEqual({ type: 'error', code: 'tooLarge' });
    expect(await therapist.closed).toBe(1009);
    expect(await patient.next('peerLeft')).toEqual({ type: 'peerLeft' });

    for (let index = 0; index < SIGNAL_MAX_MESSAGES + 1; index++) patient.send({ type: 'ping' });
    expect(await patient.next('error')).toEqual({ type: 'error', code: 'tooFrequent' });
    expect(await patient.closed).toBe(1008);
    expect(patient.messages.filter((message) => message.type === 'pong').length).toBeLessThan(SIGNAL_MAX_MESSAGES);
  });

  it('writes metadata and audit entries for each join and leave, and housekeeping deletes old metadata', async () => {
    const { call, therapist, patient } = await startedCall();
    therapist.send({ type: 'hangUp' });
    await therapist.closed;
    await patient.closed;
    const rows = await waitFor(async () => {
      const found = await t.database.db.select().from(videoSessions).where(eq(videoSessions.appointmentId, call.id));
      return found.length === 2 && found.every((row) => row.leftAt) ? found : null;
    });
    expect(rows.map((row) => row.role).sort()).toEqual(['patient', 'therapist']);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
      'appointmentId',
      'customerId',
      'id',
      'joinedAt',
      'leftAt',
      'role',
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'videoSession'), eq(auditLog.resourceId, String(call.id))));
    const entries = audit.map((row) => [row.action, row.actorUserId, (row.detail as { role: string }).role]);
    expect(entries.sort()).toEqual(
      [
        ['join', call.therapist.id, 'therapist'],
        ['join', null, 'patient'],
        ['leave', call.therapist.id, 'therapist'],
        ['leave', null, 'patient'],
      ].sort(),
    );
    expect(audit.every((row) => row.customerId === team.id && row.outcome === 'success')).toBe(true);

    const now = new Date();
    const [old] = await t.database.db
      .insert(videoSessions)
      .values({ appointmentId: call.id, customerId: team.id, role: 'patient', joinedAt: daysAgo(now, 91) })
      .returning();
    const [kept] = await t.database.db
      .insert(videoSessions)
      .values({ appointmentId: call.id, customerId: team.id, role: 'patient', joinedAt: daysAgo(now, 89) })
      .returning();
    expect(await removeOldVideoData(t.database.db, now)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select().from(videoSessions).where(eq(videoSessions.appointmentId, call.id));
    expect(left.map((row) => row.id)).not.toContain(old?.id);
    expect(left.map((row) => row.id)).toContain(kept?.id);
  });
});

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/** Leaves are written after the connection closed: waits until the check finds what it needs. */
async function waitFor<T>(check: () => Promise<T | null>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
