import { describe, expect, it } from 'vitest';
import { germanDateToWire, wireDateToGerman } from './patient-contact-values';
import {
  emptyPatientValues,
  type FeeRow,
  nextJustifications,
  toFeePayload,
  toFeeRows,
  toPatientPayload,
} from './patient-form-values';

const goae = (rate: string, id?: number): FeeRow => ({
  key: `k${rate}${id ?? ''}`,
  id,
  kind: 'goae',
  codeValue: '870',
  label: '870',
  alternativeTitle: '',
  rate,
  maxRate: 350,
});

describe('patient form values', () => {
  it('labels a loaded GOÄ default as the search does, at its rate, and bounds the rate by its item', () => {
    const item = {
      codeValue: '870',
      title: 'Verhaltenstherapie',
      titleShort: 'VT',
      amount: 43.72,
      points: 750,
      maxFactor: '3.5',
    };
    const [row] = toFeeRows([
      {
        id: 1,
        userId: 2,
        codeValue: '870',
        alternativeTitle: null,
        incrementalRate: '2.3',
        coachingTitle: null,
        coachingAmount: null,
        coachingAmountTax: null,
        item,
      },
    ]);
    expect(row).toMatchObject({ kind: 'goae', rate: '2,3', maxRate: 350 });
    expect(row?.kind === 'goae' && row.label).toBe('870, Verhaltenstherapie, 43,72\u00a0€ × 2,3 = 100,55\u00a0€');
  });

  it('converts birthdays between DD.MM.YYYY and the wire form', () => {
    expect(germanDateToWire('30.04.1990')).toBe('1990-04-30 00:00:00');
    expect(germanDateToWire('1.2.2001')).toBe('2001-02-01 00:00:00');
    expect(germanDateToWire('')).toBeNull();
    expect(germanDateToWire('31.02.2001')).toBeUndefined();
    expect(germanDateToWire('2001-02-01')).toBeUndefined();
    expect(wireDateToGerman('1990-04-30 00:00:00')).toBe('30.04.1990');
    expect(wireDateToGerman(null)).toBe('');
  });

  it('sends the patient number only when editing, and invoices by post as invoiceDigital no', () => {
    const values = {
      ...emptyPatientValues(4),
      firstName: ' Ada ',
      lastName: 'L',
      email: 'a@b.de',
      invoiceDigital: false,
    };
    expect(toPatientPayload(values, false)).toMatchObject({ customerId: 4, firstName: 'Ada', invoiceDigital: 'no' });
    expect(toPatientPayload(values, false)).not.toHaveProperty('patientNumber');
    expect(toPatientPayload({ ...values, patientNumber: '12' }, true)).toMatchObject({ patientNumber: '12' });
  });

  it('leaves incomplete fee rows out of the sync and sends rates with a point', () => {
    const rows: FeeRow[] = [
      goae('3,0'),
      goae(''),
      goae('2,3', 5),
      { key: 'c1', kind: 'coaching', coachingTitle: 'Coaching', coachingAmount: '', coachingAmountTax: 'add' },
      { key: 'c2', kind: 'coaching', coachingTitle: 'Coaching', coachingAmount: '80,00', coachingAmountTax: 'add' },
    ];
    expect(toFeePayload(rows)).toEqual([
      { codeValue: '870', alternativeTitle: null, incrementalRate: '3.0' },
      { id: 5 },
      { coachingTitle: 'Coaching', coachingAmount: '80,00', coachingAmountTax: 'add' },
    ]);
  });

  it('selects complexity for a rate above 2,3 and removes it again', () => {
    const raised = nextJustifications([goae('3,0')], [], '');
    expect(raised.selected).toEqual(['complexity']);
    expect(raised.invoiceRemark).toContain('wird der angegebene Steigerungssatz veranschlagt.');
    expect(nextJustifications([goae('2,3')], raised.selected, raised.invoiceRemark)).toEqual({
      selected: [],
      invoiceRemark: '',
    });
  });
});
