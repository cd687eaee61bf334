import { Role } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../plugins/actor.js';
import { invoiceScope, seesPracticeInvoices } from './invoice-scope.js';

const PRACTICE = 7;
const actor = (roles: number, values: Partial<Actor> = {}): Actor => ({
  userId: 100,
  roles,
  customerIds: [PRACTICE],
  practiceId: PRACTICE,
  patientOfPracticeId: null,
  sessionIdHash: new Uint8Array(),
  idleExpiresAt: new Date(),
  isTrialExpired: false,
  ...values,
});

const therapist = actor(Role.THERAPIST);
const owner = actor(Role.THERAPIST | Role.CUSTOMER_ADMIN);
const assistant = actor(Role.SECRETARY);

describe('which invoices a caller sees (spec billing §4)', () => {
  it('keeps a therapist to their own invoices whatever filter they send', () => {
    expect(seesPracticeInvoices(therapist)).toBe(false);
    expect(invoiceScope(therapist, 555)).toEqual({ customerId: PRACTICE, therapistId: 100 });
  });

  it('gives assistants and owners the practice’s invoices, narrowed to one therapist when asked', () => {
    expect(invoiceScope(assistant)).toEqual({ customerId: PRACTICE, therapistId: null });
    expect(invoiceScope(owner, 555)).toEqual({ customerId: PRACTICE, therapistId: 555 });
  });

  it('answers 404 to a caller without a practice', () => {
    expect(() => invoiceScope(actor(Role.ADMIN, { practiceId: null, customerIds: [] }))).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });
});
