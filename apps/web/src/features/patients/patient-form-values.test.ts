import { describe, expect, it } from 'vitest';
import { newCoachingRow } from './fee-rows';
import { germanDateToWire, wireDateToGerman } from './patient-contact-values';
import { emptyPatientValues, placeSaveErrors, toPatientPayload } from './patient-form-values';

describe('patient form values', () => {
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

  it('§2 GOÄ: sends the fee agreement with its date as YYYY-MM-DD, and the diagnosis consent', () => {
    const values = {
      ...emptyPatientValues(4),
      diagnosisOnInvoice: true,
      feeAgreementDate: '10.01.2025',
      feeAgreementFactor: '4,5',
      feeAgreementSigned: true,
    };
    expect(toPatientPayload(values, true)).toMatchObject({
      diagnosisOnInvoice: true,
      feeAgreementDate: '2025-01-10',
      feeAgreementFactor: '4,5',
      feeAgreementSigned: true,
    });
    expect(toPatientPayload(emptyPatientValues(4), false)).toMatchObject({
      feeAgreementDate: null,
      feeAgreementFactor: null,
      feeAgreementSigned: false,
    });
  });

  it('places the server’s refusals at fields, fee rows and the diagnosis card, and names the rest', () => {
    const fees = [newCoachingRow(), newCoachingRow()];
    const placed = placeSaveErrors(
      {
        lastName: 'error.required',
        'feeDefaults.1.coachingAmount': 'error.invalidValue',
        'diagnoses.0.codeValue': 'error.invalidValue',
        therapistId: 'error.invalidValue',
      },
      { fees, formFields: Object.keys(emptyPatientValues(1)), hasDiagnoses: true },
    );
    expect(placed.form).toEqual({ lastName: 'error.required' });
    expect(placed.feeRows).toEqual({ [fees[1]?.key ?? '']: { coachingAmount: 'error.invalidValue' } });
    expect(placed.diagnoses).toBe('error.invalidValue');
    // Nothing on screen shows the therapist: the generic toast reports it.
    expect(placed.unplaced).toEqual(['therapistId']);
    // Without the diagnosis card, its refusals are not shown anywhere either.
    expect(
      placeSaveErrors({ defaultUserDiagnosisId: 'x' }, { fees, formFields: [], hasDiagnoses: false }).unplaced,
    ).toEqual(['defaultUserDiagnosisId']);
  });
});
