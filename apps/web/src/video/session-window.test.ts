import type { VideoSession } from '@praxia/shared/video/protocol';
import { describe, expect, it } from 'vitest';
import { translator } from './i18n';
import { appointmentLine, recheckDelayMs, tooEarlyText } from './session-window';

const de = translator('de');
const en = translator('en');

describe('tooEarlyText', () => {
  it('names the start in German time, DD.MM.YYYY and HH:mm, and the 30 minutes', () => {
    // 07:00 UTC is 09:00 in Berlin in summer.
    expect(tooEarlyText('2026-04-07T07:00:00Z', de)).toBe(
      'Die Videosprechstunde beginnt am 07.04.2026 um 09:00 Uhr. Sie können ab 30 Minuten vorher beitreten.',
    );
    expect(tooEarlyText('2026-12-01T16:30:00+01:00', en)).toBe(
      'The video consultation starts on 01.12.2026 at 16:30. You can join from 30 minutes before.',
    );
  });
});

describe('recheckDelayMs', () => {
  const start = '2026-04-07T09:00:00+02:00';

  it('asks again every 30 s while the opening is far', () => {
    expect(recheckDelayMs(start, new Date('2026-04-07T06:00:00+02:00'))).toBe(30_000);
  });

  it('asks right after the opening minute when it is near', () => {
    // Opens at 08:30; at 08:29:50 the page asks again 11 s later.
    expect(recheckDelayMs(start, new Date('2026-04-07T08:29:50+02:00'))).toBe(11_000);
  });

  it('waits at least a second once the opening has passed (the server decides)', () => {
    expect(recheckDelayMs(start, new Date('2026-04-07T08:45:00+02:00'))).toBe(1_000);
  });
});

describe('appointmentLine', () => {
  const session = (role: VideoSession['role']): VideoSession => ({
    role,
    status: 'open',
    appointment: {
      id: 1,
      appointmentStart: '2026-04-07T09:00:00+02:00',
      appointmentEnd: '2026-04-07T09:50:00+02:00',
      therapistName: 'Dr. Anna Berg',
      practiceName: 'Praxis am Park',
      patientName: role === 'therapist' ? 'Max Muster' : null,
    },
    iceServers: [],
  });

  it('shows the patient whom they meet, and the therapist which patient', () => {
    expect(appointmentLine(session('patient'), de)).toBe(
      'Termin am 07.04.2026 um 09:00 Uhr bei Dr. Anna Berg · Praxis am Park',
    );
    expect(appointmentLine(session('therapist'), de)).toBe('Termin am 07.04.2026 um 09:00 Uhr mit Max Muster');
  });
});
