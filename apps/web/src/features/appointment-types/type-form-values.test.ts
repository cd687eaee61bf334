import { AppointmentValidationKey, ValidationKey } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { bookingDeadlineOptions, emptyTypeValues, toTypePayload, typeFormSchema } from './type-form-values';

const issues = (values: Partial<typeof emptyTypeValues>) => {
  const result = typeFormSchema.safeParse(toTypePayload({ ...emptyTypeValues, name: 'Sitzung', ...values }, 7));
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('appointment type form (spec appointments §5)', () => {
  it('accepts a complete type and sends it for the chosen therapist', () => {
    expect(issues({})).toEqual({});
    expect(toTypePayload({ ...emptyTypeValues, name: ' Erstgespräch ' }, 7)).toMatchObject({
      name: 'Erstgespräch',
      userId: 7,
      duration: '50',
    });
  });

  it('requires the name', () => {
    expect(issues({ name: '  ' }).name).toBe(ValidationKey.required);
  });

  it('takes the duration as digits only, fewer than 4 of them', () => {
    expect(issues({ duration: '999' })).toEqual({});
    expect(issues({ duration: '1000' }).duration).toBe(AppointmentValidationKey.typeDuration);
    expect(issues({ duration: '5,5' }).duration).toBe(AppointmentValidationKey.typeDuration);
    expect(issues({ duration: '' }).duration).toBe(AppointmentValidationKey.typeDuration);
  });

  it('refuses a type of no minutes with the "not zero" text (foundations §5)', () => {
    expect(issues({ duration: '0' }).duration).toBe(ValidationKey.notZero);
    expect(issues({ duration: '000' }).duration).toBe(ValidationKey.notZero);
  });

  it('offers the booking deadlines of spec §9 in order', () => {
    expect(bookingDeadlineOptions.map((option) => option.value)).toEqual([
      'none',
      'PT2H',
      'PT6H',
      'PT12H',
      'PT16H',
      'P1D',
      'P2D',
      'P3D',
      'P7D',
    ]);
  });
});
