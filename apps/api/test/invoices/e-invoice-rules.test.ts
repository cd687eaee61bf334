import { describe, expect, it } from 'vitest';
import { buildCiiXml } from '../../src/modules/invoices/documents/e-invoice/cii.js';
import { buildCancellationDocument } from '../../src/modules/invoices/invoice-document.builder.js';
import { businessCoachingInvoice, therapyInvoice } from './e-invoice-samples.js';
import { en16931RuleFailures } from './en16931-rules.js';

// The e-invoice XML against the business rules of EN 16931-1 (the Commission's Schematron, run by Saxon-HE), beyond
// the CII schema that cii.test.ts checks: a buyer's validator refuses a document that breaks a fatal rule.

const storno = buildCancellationDocument(therapyInvoice, 1050, new Date('2026-11-30T10:00:00Z'));

describe('the CII XML of an invoice against the EN 16931 business rules', () => {
  it('EN 16931-1: meets every business rule (Schematron) for every profile, a business client and a cancellation', async () => {
    const failures = await en16931RuleFailures({
      'therapy, EN 16931': buildCiiXml(therapyInvoice, { profile: 'en16931' }),
      'therapy, BASIC': buildCiiXml(therapyInvoice, { profile: 'basic' }),
      'therapy, XRechnung': buildCiiXml(therapyInvoice, { profile: 'xrechnung' }),
      'business coaching, EN 16931': buildCiiXml(businessCoachingInvoice, { profile: 'en16931' }),
      'business coaching, XRechnung': buildCiiXml(businessCoachingInvoice, {
        profile: 'xrechnung',
        buyerEmail: 'einkauf@muster.de',
      }),
      'cancellation (381)': buildCiiXml(storno, { profile: 'en16931' }),
      // The rules' own check: a seller without any identifier breaks BR-CO-26 (and, exempt, BR-E-02), so a pass above
      // means something.
      'no seller identifier': buildCiiXml(
        { ...therapyInvoice, practice: { ...therapyInvoice.practice, taxNumber: null } },
        {
          profile: 'basic',
        },
      ),
    });
    const { 'no seller identifier': broken, ...generated } = failures;
    for (const [name, list] of Object.entries(generated))
      expect({ name, failures: list }).toEqual({ name, failures: [] });
    expect(broken?.map((failure) => `${failure.id} ${failure.flag}`)).toContain('BR-CO-26 fatal');
  }, 60_000);
});
