import { describe, expect, it } from 'vitest';
import { pickTherapistId } from './therapist-choice';

const therapists = [{ id: 4 }, { id: 9 }];

describe('pickTherapistId', () => {
  it('keeps the stored choice while that therapist belongs to the practice', () => {
    expect(pickTherapistId(therapists, 9)).toBe(9);
  });

  it('falls back to the first therapist without a (valid) choice, and to null without therapists', () => {
    expect(pickTherapistId(therapists, null)).toBe(4);
    expect(pickTherapistId(therapists, 99)).toBe(4);
    expect(pickTherapistId([], 9)).toBeNull();
  });
});
