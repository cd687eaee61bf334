import { AppointmentValidationKey as K, ValidationKey as V } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import {
  type AppointmentFormValues,
  defaultSendEmails,
  emptyAppointmentValues,
  endForType,
  needsNoClientConfirmation,
  toBookPayload,
  toCreatePayload,
  validateAppointment,
} from './appointment-form-values';

const base = (values: Partial<AppointmentFormValues> = {}) =>
  emptyAppointmentValues(null, {
    therapistId: 3,
    customerId: 1,
    meetingType: '5',
    appointmentStart: '23.11.2026 08:00',
    appointmentEnd: '23.11.2026 08:50',
    ...values,
  });
const errors = (values: Partial<AppointmentFormValues>, typeLocation: 'onSite' | 'both' = 'onSite') =>
  validateAppointment(base(values), { typeLocation, isNew: true });

describe('appointment dialog rules (appointments §5)', () => {
  it('accepts a complete free slot', () => {
    expect(errors({})).toEqual({});
  });

  it('requires start and end as valid DD.MM.YYYY HH:mm, the end after the start and on the same day', () => {
    expect(errors({ appointmentStart: '' }).appointmentStart).toBe(V.required);
    expect(errors({ appointmentStart: '2026-11-23 08:00' }).appointmentStart).toBe(K.dateTime);
    expect(errors({ appointmentEnd: '31.11.2026 08:50' }).appointmentEnd).toBe(K.dateTime);
    expect(errors({ appointmentEnd: '23.11.2026 08:00' }).appointmentEnd).toBe(K.endBeforeStart);
    expect(errors({ appointmentEnd: '24.11.2026 08:50' }).appointmentEnd).toBe(K.multipleDays);
  });

  it('requires therapist, practice and type', () => {
    expect(errors({ therapistId: null, customerId: null, meetingType: null })).toEqual({
      therapistId: V.required,
      customerId: V.required,
      meetingType: V.required,
    });
  });

  it('counts a series from 2 to 50, digits only, when an interval is set', () => {
    expect(errors({ seriesInterval: 'P1W', seriesCount: '10' })).toEqual({});
    expect(errors({ seriesInterval: 'P1W', seriesCount: '1' }).seriesCount).toBe(K.seriesCount);
    expect(errors({ seriesInterval: 'P2W', seriesCount: '51' }).seriesCount).toBe(K.seriesCount);
    expect(errors({ seriesInterval: 'P2W', seriesCount: '1a' }).seriesCount).toBe(K.seriesCount);
    expect(errors({ seriesInterval: 'none', seriesCount: '' })).toEqual({});
  });

  it('needs name and valid e-mail only when booking without a linked patient, and the location for "both" types', () => {
    expect(errors({ firstName: 'Anna' })).toEqual({ lastName: V.required, email: V.required });
    expect(errors({ firstName: 'Anna', lastName: 'B', email: 'x' }).email).toBe(V.invalidEmail);
    expect(errors({ clientId: 9 }, 'both')).toEqual({ location: V.required });
    expect(errors({ clientId: 9, location: 'remote' }, 'both')).toEqual({});
    expect(errors({}, 'both')).toEqual({});
    expect(errors({ firstName: 'A', lastName: 'B', email: 'a@b.de', street: 'x'.repeat(81) }).street).toBe(
      V.max80Signs,
    );
  });

  it('checks a typed-in phone by its chosen country (German by default), also while other fields are invalid', () => {
    const client = { firstName: 'A', lastName: 'B', email: 'a@b.de' };
    expect(errors({ ...client, phone: '030 1234567' })).toEqual({});
    expect(errors({ ...client, phone: '0664 1234567', phoneCountry: 'AT' })).toEqual({});
    expect(errors({ ...client, phone: '030 1234567', phoneCountry: null })).toEqual({ phoneCountry: V.required });
    expect(errors({ ...client, phone: '12' })).toEqual({ phone: V.phone });
    expect(errors({ ...client, phone: '12', meetingType: null })).toEqual({ phone: V.phone, meetingType: V.required });
    expect(errors({ clientId: 4, phone: '12' })).toEqual({});
  });

  it('asks before creating with client data but no linked patient', () => {
    expect(needsNoClientConfirmation(base({ lastName: 'Muster' }), true)).toBe(true);
    expect(needsNoClientConfirmation(base({ clientId: 4 }), true)).toBe(false);
    expect(needsNoClientConfirmation(base({ lastName: 'Muster' }), false)).toBe(false);
  });
});

describe('appointment dialog defaults and payloads', () => {
  it('sets the end from the type duration, across the daylight-saving change on the wall clock', () => {
    expect(endForType('23.11.2026 08:00', 50)).toBe('23.11.2026 08:50');
    expect(endForType('25.10.2026 01:30', 90)).toBe('25.10.2026 02:00');
    expect(endForType('kaputt', 50)).toBeNull();
  });

  it('e-mails by default, for on-site types as the therapist chose', () => {
    expect(defaultSendEmails('onSite', false)).toBe(false);
    expect(defaultSendEmails('onSite', true)).toBe(true);
    expect(defaultSendEmails('remote', false)).toBe(true);
    expect(defaultSendEmails('both', false)).toBe(true);
  });

  it('sends practice times with their offset and the series when one is chosen', () => {
    const payload = toCreatePayload(base({ seriesInterval: 'P1W', seriesCount: '10' }));
    expect(payload).toMatchObject({
      therapistId: 3,
      meetingType: 5,
      appointmentStart: '2026-11-23T08:00:00+01:00',
      appointmentEnd: '2026-11-23T08:50:00+01:00',
      series: { interval: 'P1W', count: 10 },
    });
    expect(toCreatePayload(base()).series).toBeNull();
  });

  it('books a linked patient by id, otherwise with the typed-in data, salutation and phone country included', () => {
    expect(toBookPayload(base({ clientId: 4 }), 'abc')).toMatchObject({ clientId: 4, seriesId: 'abc' });
    expect(toBookPayload(base({ firstName: 'Anna', lastName: 'Muster', email: 'a@b.de' }), null)).toMatchObject({
      salutation: null,
      firstName: 'Anna',
      lastName: 'Muster',
      email: 'a@b.de',
      phoneCountry: 'DE',
      phone: null,
    });
    const typed = base({ salutation: 'Frau', lastName: 'Muster', phoneCountry: 'AT', phone: '0664 1234567' });
    expect(toBookPayload(typed, null)).toMatchObject({ salutation: 'Frau', phoneCountry: 'AT', phone: '0664 1234567' });
  });
});
