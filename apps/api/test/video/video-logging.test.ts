import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { readConfig } from '../../src/config.js';
import { calendarPractice } from '../calendar-fixtures.js';
import { actAsSameOriginPage, call, createTestAppWithMail } from '../test-app.js';
import {
  bookVideoAppointment,
  moveAppointment,
  newTherapist,
  therapistToken,
  type VideoTestApp,
} from '../video-fixtures.js';
import { SignalClient } from '../video-signal-client.js';

let t: VideoTestApp;
let logged: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestAppWithMail();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // The most talkative level: whatever the app would ever log about a call is in these lines.
  logged = await buildApp({
    config: { ...readConfig({}), seedDemo: false, logLevel: 'trace' },
    database: t.database,
    serveWeb: false,
    logger: { stream },
  });
  actAsSameOriginPage(logged);
  await logged.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await logged.close();
  await t.close();
});

describe('video logging', () => {
  it('never logs tokens, SDP or candidates', async () => {
    const team = await calendarPractice(t);
    const therapist = await newTherapist(t, team.id);
    const booked = await bookVideoAppointment(t, therapist);
    await moveAppointment(t, booked.id, -5, 45);
    const token = await therapistToken(t, therapist, booked.id);
    const session = await call(logged, undefined, { method: 'POST', url: '/api/video/session', payload: { token } });
    expect(session.statusCode).toBe(200);

    const baseUrl = `ws://127.0.0.1:${(logged.server.address() as AddressInfo).port}`;
    const host = await SignalClient.join(baseUrl, token);
    const guest = await SignalClient.join(baseUrl, booked.patientToken);
    await host.next('patientWaiting');
    host.send({ type: 'admit' });
    await guest.next('start');
    const sdp = 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=geheim-sdp\r\n';
    host.send({ type: 'signal', payload: { description: { type: 'offer', sdp } } });
    guest.send({
      type: 'signal',
      payload: { candidate: { candidate: 'candidate:7 1 udp 9 198.51.100.7 5000 typ host' } },
    });
    await guest.next('signal');
    await host.next('signal');
    guest.send('{"type":"signal","payload":"kaputt-geheim"}');
    await guest.next('error');
    host.send({ type: 'hangUp' });
    await host.closed;

    const log = logLines.join('');
    expect(log).toContain('/api/video/signal');
    for (const secret of [token, booked.patientToken, 'geheim-sdp', '198.51.100.7', 'kaputt-geheim']) {
      expect(log).not.toContain(secret);
    }
  });
});
