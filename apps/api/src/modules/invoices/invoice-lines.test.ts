import { ErrorCode } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import type { AppointmentRow } from '../calendar/index.js';
import { groupByTherapistAndPatient } from './invoice-candidates.js';
import type { FeeWithItem } from './invoice-data.repo.js';
import { appointmentLines, type LineContext } from './invoice-lines.js';

const appointment = (values: Partial<AppointmentRow> = {}) =>
  ({
    id: 1,
    therapistId: 10,
    clientId: 20,
    startsAt: new Date('2026-11-20T09:00:00Z'),
    location: null,
    ...values,
  }) as AppointmentRow;

// GOÄ Nr. 870 (Verhaltenstherapie, 750 points): threshold 2,3, maximum 3,5.
const item870 = {
  codeValue: '870',
  section: 'G',
  title: 'Verhaltenstherapie, Einzelbehandlung',
  titleShort: 'Verhaltenstherapie',
  points: 750,
  thresholdFactor: '2.30',
  maxFactor: '3.50',
  referenceCode: null,
  notes: null,
};

const goae = (rate: string | null, justification: string | null = null): FeeWithItem => ({
  fee: {
    codeValue: '870',
    alternativeTitle: null,
    incrementalRate: rate,
    justification,
    coachingTitle: null,
    coachingAmountCents: null,
    coachingAmountTax: null,
  } as FeeWithItem['fee'],
  item: item870,
});

const coaching = (cents: number, tax: 'add' | 'notax'): FeeWithItem => ({
  fee: {
    codeValue: null,
    alternativeTitle: null,
    incrementalRate: '1.00',
    justification: null,
    coachingTitle: '50 min Coaching',
    coachingAmountCents: cents,
    coachingAmountTax: tax,
  } as FeeWithItem['fee'],
  item: null,
});

const context = (values: Partial<LineContext> = {}): LineContext => ({
  smallBusiness: false,
  therapistJobType: 'psychologicalPsychotherapist',
  agreement: null,
  markRemote: false,
  probatoryIds: new Set(),
  typeLocation: () => null,
  ...values,
});

describe('the printed lines of an appointment', () => {
  it('bills a GOÄ item at points × 5,82873 ct × factor, rounded once, VAT-exempt (§5 Abs.1 GOÄ, §4 Nr.14 UStG)', () => {
    const { lines, taxable } = appointmentLines(appointment(), [goae('2.30')], context());
    expect(lines).toEqual([
      expect.objectContaining({
        date: '2026-11-20',
        kind: 'goae',
        code: '870',
        title: 'Verhaltenstherapie, Einzelbehandlung',
        factor: '2,3',
        justification: null,
        taxRatePercent: 0,
        netCents: 10_055,
        grossCents: 10_055,
      }),
    ]);
    expect(taxable).toEqual([{ kind: 'therapy', amountCents: 10_055 }]);
  });

  it('refuses a factor above the threshold without a written justification, and prints the one given (§12 Abs.3 GOÄ)', () => {
    expect(() => appointmentLines(appointment(), [goae('3.00')], context())).toThrow(
      expect.objectContaining({ code: ErrorCode.invoiceJustificationMissing, status: 422 }),
    );
    const { lines } = appointmentLines(
      appointment(),
      [goae('3.00', 'Erhöhter Zeitaufwand'), goae('2.50', 'Schwere des Krankheitsbildes')],
      context(),
    );
    // Each line prints its own entry's justification, exactly.
    expect(lines.map((line) => [line.factor, line.justification])).toEqual([
      ['3,0', 'Erhöhter Zeitaufwand'],
      ['2,5', 'Schwere des Krankheitsbildes'],
    ]);
    expect(lines[0]?.netCents).toBe(13_115);
  });

  it('refuses a factor above the maximum and an entry without a rate', () => {
    expect(() => appointmentLines(appointment(), [goae('3.60')], context())).toThrow(
      expect.objectContaining({ code: ErrorCode.invoiceRateAboveMaximum }),
    );
    expect(() => appointmentLines(appointment(), [goae(null)], context())).toThrow(
      expect.objectContaining({ code: ErrorCode.appointmentFeesIncomplete, status: 409 }),
    );
  });

  it('adds 19 % VAT to a coaching amount, rounded half up, except for a small business (§12 Abs.1, §19 UStG)', () => {
    const { lines, taxable } = appointmentLines(appointment(), [coaching(10_050, 'add')], context());
    expect(lines[0]).toMatchObject({ kind: 'coaching', taxRatePercent: 19, netCents: 10_050, taxCents: 1_910 });
    expect(lines[0]?.grossCents).toBe(11_960);
    expect(taxable).toEqual([{ kind: 'coaching', amountCents: 10_050, tax: 'add' }]);
    const small = appointmentLines(appointment(), [coaching(10_050, 'add')], context({ smallBusiness: true }));
    expect(small.lines[0]).toMatchObject({ taxRatePercent: 0, taxCents: 0, grossCents: 10_050 });
  });

  it('§12 Abs.1 UStG: takes a notax coaching amount as gross including 19 %, net and tax shown; §19 UStG: none', () => {
    const { lines, taxable } = appointmentLines(appointment(), [coaching(10_000, 'notax')], context());
    // 100,00 € / 1,19 = 84,0336… → 84,03 € net, 15,97 € VAT; the patient pays the 100,00 € entered.
    expect(lines[0]).toMatchObject({ taxRatePercent: 19, taxIncluded: true, netCents: 8_403, taxCents: 1_597 });
    expect(lines[0]?.grossCents).toBe(10_000);
    expect(taxable).toEqual([{ kind: 'coaching', amountCents: 10_000, tax: 'notax' }]);
    const small = appointmentLines(appointment(), [coaching(10_000, 'notax')], context({ smallBusiness: true }));
    expect(small.lines[0]).toMatchObject({ taxRatePercent: 0, taxIncluded: false, netCents: 10_000, taxCents: 0 });
  });

  it('§4 Nr. 14 UStG: refuses GOÄ lines of a coach or consultant, whose coaching lines stay billable', () => {
    const coach = context({ therapistJobType: 'coachOrConsultant' });
    expect(() => appointmentLines(appointment(), [goae('2.30')], coach)).toThrow(
      expect.objectContaining({ code: ErrorCode.goaeNotForJobType, status: 422 }),
    );
    expect(appointmentLines(appointment(), [coaching(5_000, 'add')], coach).lines).toHaveLength(1);
  });

  it('§2 GOÄ: bills a factor above 3,5 up to the signed agreement made before the session, naming its date', () => {
    const agreement = { date: '2026-11-01', factorHundredths: 450 };
    const { lines } = appointmentLines(appointment(), [goae('4.50', 'Schwierige Behandlung')], context({ agreement }));
    expect(lines[0]).toMatchObject({ factor: '4,5', feeAgreementDate: '2026-11-01', netCents: 19672 });
    const late = context({ agreement: { ...agreement, date: '2026-11-21' } });
    expect(() => appointmentLines(appointment(), [goae('4.50', 'Schwierige Behandlung')], late)).toThrow(
      expect.objectContaining({ code: ErrorCode.invoiceRateAboveMaximum }),
    );
  });

  it('marks remote sessions when asked and probatory ones for therapy only', () => {
    const remote = context({ markRemote: true, probatoryIds: new Set([1]), typeLocation: () => 'remote' });
    const { lines } = appointmentLines(appointment(), [goae('2.30'), coaching(5_000, 'notax')], remote);
    expect(lines.map((line) => [line.kind, line.isRemote, line.isProbatory])).toEqual([
      ['goae', true, true],
      ['coaching', true, false],
    ]);
  });
});

describe('one invoice per therapist and patient (spec §4.1)', () => {
  it('groups the appointments in time order', () => {
    const late = appointment({ id: 2, startsAt: new Date('2026-11-21T09:00:00Z') });
    const early = appointment({ id: 3, startsAt: new Date('2026-11-19T09:00:00Z') });
    const otherPatient = appointment({ id: 4, clientId: 21 });
    const groups = groupByTherapistAndPatient([late, otherPatient, early]);
    expect(groups.map((group) => [group.therapistId, group.clientId, group.appointments.map((a) => a.id)])).toEqual([
      [10, 20, [3, 2]],
      [10, 21, [4]],
    ]);
  });

  it('refuses an appointment without a patient, whose invoice would have no address (§14 Abs.4 Nr.1 UStG)', () => {
    expect(() => groupByTherapistAndPatient([appointment({ clientId: null })])).toThrow(
      expect.objectContaining({ code: ErrorCode.appointmentAddressMissing, status: 409 }),
    );
  });
});
