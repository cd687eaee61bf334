import { describe, expect, it } from 'vitest';
import { ciiSchemaErrors, xmlValues as values } from '../../../../../test/invoices/cii-schema.js';
import {
  businessCoachingInvoice,
  coachingLine,
  therapyInvoice,
} from '../../../../../test/invoices/e-invoice-samples.js';
import { buildCancellationDocument } from '../../invoice-document.builder.js';
import { buildCiiXml, ciiAmount, ciiDate, GUIDELINES } from './cii.js';

const storno = buildCancellationDocument(therapyInvoice, 1050, new Date('2026-11-30T10:00:00Z'));

describe('CII amounts and dates', () => {
  it('writes cents as euros with two decimals, negative ones with a minus, without float rounding', () => {
    expect([ciiAmount(0), ciiAmount(5), ciiAmount(10_055), ciiAmount(-1_899), ciiAmount(123_456_789)]).toEqual([
      '0.00',
      '0.05',
      '100.55',
      '-18.99',
      '1234567.89',
    ]);
  });

  it('writes calendar dates in format 102', () => {
    expect(ciiDate('2026-01-09')).toBe('20260109');
  });
});

describe('the CII XML of an invoice (EN 16931)', () => {
  it('is valid against the UN/CEFACT CII D16B schema for every profile and a cancellation', async () => {
    for (const profile of ['en16931', 'basic', 'xrechnung'] as const) {
      expect(await ciiSchemaErrors(buildCiiXml(therapyInvoice, { profile }))).toEqual([]);
      expect(await ciiSchemaErrors(buildCiiXml(businessCoachingInvoice, { profile, buyerEmail: 'a@b.de' }))).toEqual(
        [],
      );
    }
    expect(await ciiSchemaErrors(buildCiiXml(storno, { profile: 'en16931' }))).toEqual([]);
  });

  it('the schema check itself rejects an element out of place (so a pass above means something)', async () => {
    const broken = buildCiiXml(therapyInvoice, { profile: 'en16931' }).replace('<ram:TypeCode>380', '<ram:Foo>380');
    const fixed = broken.replace('380</ram:TypeCode>', '380</ram:Foo>');
    expect((await ciiSchemaErrors(fixed)).join()).toMatch(/Foo.*not expected/);
  });

  it('names the guideline of the profile (EN 16931, Factur-X BASIC, XRechnung 3.0)', () => {
    expect(values(buildCiiXml(therapyInvoice, { profile: 'en16931' }), 'ram:ID')[0]).toBe('urn:cen.eu:en16931:2017');
    const xrechnung = buildCiiXml(therapyInvoice, { profile: 'xrechnung' });
    expect(xrechnung).toContain(`<ram:ID>${GUIDELINES.xrechnung}</ram:ID>`);
    expect(GUIDELINES.xrechnung).toBe('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
  });

  it('§4 Nr.14 UStG: therapy lines are category E with the exemption reason and VATEX-EU-132-1C', () => {
    const xml = buildCiiXml(therapyInvoice, { profile: 'en16931' });
    expect(values(xml, 'ram:CategoryCode')).toEqual(['E', 'E', 'E']);
    expect(values(xml, 'ram:ExemptionReason')).toEqual(['Steuerfrei nach § 4 Nr. 14 UStG']);
    expect(values(xml, 'ram:ExemptionReasonCode')).toEqual(['VATEX-EU-132-1C']);
    expect(values(xml, 'ram:BasisAmount')).toEqual(['201.10']);
    expect(values(xml, 'ram:CalculatedAmount')).toEqual(['0.00']);
  });

  it('§12 UStG: coaching with VAT is category S 19 %, taxed once on the total (BR-CO-17), and the totals add up', () => {
    const xml = buildCiiXml(businessCoachingInvoice, { profile: 'en16931' });
    expect(values(xml, 'ram:CategoryCode')).toEqual(['S', 'S', 'S', 'S']);
    expect(values(xml, 'ram:RateApplicablePercent')).toEqual(['19', '19', '19', '19']);
    expect(values(xml, 'ram:LineTotalAmount')).toEqual(['33.33', '33.33', '33.33', '99.99']);
    expect(values(xml, 'ram:CalculatedAmount')).toEqual(['19.00']);
    expect(values(xml, 'ram:TaxBasisTotalAmount')).toEqual(['99.99']);
    expect(values(xml, 'ram:TaxTotalAmount')).toEqual(['19.00']);
    expect(values(xml, 'ram:GrandTotalAmount')).toEqual(['118.99']);
    expect(values(xml, 'ram:DuePayableAmount')).toEqual(['118.99']);
  });

  it('§19 UStG: a small business bills coaching as category E with the small-business reason, joined with §4 Nr.14', () => {
    const doc = {
      ...therapyInvoice,
      lines: [...therapyInvoice.lines, coachingLine('2026-11-12', 8_000, 0)],
      taxTotals: [
        { group: 'exempt' as const, ratePercent: 0, netCents: 20_110, taxCents: 0, grossCents: 20_110 },
        { group: 'untaxed' as const, ratePercent: 0, netCents: 8_000, taxCents: 0, grossCents: 8_000 },
      ],
      taxNotes: ['invoice.taxNote.smallBusiness' as const],
      totalCents: 28_110,
    };
    const xml = buildCiiXml(doc, { profile: 'en16931' });
    // One breakdown for E at 0 %: both reasons, no VATEX code (there is none for §19 UStG).
    expect(values(xml, 'ram:ExemptionReason')).toEqual([
      'Steuerfrei nach § 4 Nr. 14 UStG; Kein Ausweis von Umsatzsteuer, da Kleinunternehmer gemäß § 19 UStG',
    ]);
    expect(values(xml, 'ram:ExemptionReasonCode')).toEqual([]);
    expect(values(xml, 'ram:BasisAmount')).toEqual(['281.10']);
    expect(values(xml, 'ram:GrandTotalAmount')).toEqual(['281.10']);
  });

  it('writes the issue and due date, each session date as its line period, and the last as the date of supply', () => {
    const xml = buildCiiXml(therapyInvoice, { profile: 'en16931' });
    expect(values(xml, 'udt:DateTimeString')).toEqual([
      '20261127',
      '20261103',
      '20261103',
      '20261110',
      '20261110',
      '20261110',
      '20261211',
    ]);
    expect(values(xml, 'ram:Content')).toContain('Leistungsdatum 03.11.2026, Faktor 2,3');
  });

  it('names seller (tax number as FC, IBAN as means 58) and buyer from the window address', () => {
    const xml = buildCiiXml(businessCoachingInvoice, { profile: 'xrechnung', buyerEmail: 'einkauf@muster.de' });
    expect(xml).toContain('<ram:ID schemeID="FC">27/123/45678</ram:ID>');
    expect(values(xml, 'ram:TypeCode')).toEqual(['380', 'VAT', 'VAT', 'VAT', '58', 'VAT']);
    expect(values(xml, 'ram:IBANID')).toEqual(['DE89370400440532013000']);
    expect(values(xml, 'ram:Name')).toEqual([
      'Business-Coaching',
      'Business-Coaching',
      'Business-Coaching',
      'Praxis am Park',
      'Muster &amp; Söhne GmbH',
    ]);
    expect(values(xml, 'ram:LineOne')).toEqual(['Parkstraße 1', 'z. Hd. Frau Łucja Nowak']);
    expect(values(xml, 'ram:CityName')).toEqual(['Berlin', 'Hamburg']);
    expect(values(xml, 'ram:PostcodeCode')).toEqual(['10115', '20457']);
    expect(xml).toContain('<ram:URIID schemeID="EM">einkauf@muster.de</ram:URIID>');
    // BT-10: no reference is recorded, so the invoice number (the patient number when shown).
    expect(values(xml, 'ram:BuyerReference')).toEqual(['1043']);
    expect(values(buildCiiXml(therapyInvoice, { profile: 'xrechnung' }), 'ram:BuyerReference')).toEqual(['17']);
  });

  it('BASIC leaves out what only EN 16931 carries (line notes, line periods, seller contact)', () => {
    const xml = buildCiiXml(therapyInvoice, { profile: 'basic' });
    expect(xml).not.toContain('BillingSpecifiedPeriod');
    expect(xml).not.toContain('DefinedTradeContact');
    expect(values(xml, 'ram:Content')).toEqual(['Patient:in: Tim Neumann']);
  });
});

describe('the CII XML of a cancellation', () => {
  it('§14c UStG: is a credit note (381) with positive amounts naming the cancelled invoice and its date', () => {
    const xml = buildCiiXml(storno, { profile: 'en16931' });
    expect(values(xml, 'ram:TypeCode')[0]).toBe('381');
    expect(values(xml, 'ram:IssuerAssignedID')).toEqual(['1042']);
    expect(xml).toContain('<qdt:DateTimeString format="102">20261127</qdt:DateTimeString>');
    expect(values(xml, 'ram:GrandTotalAmount')).toEqual(['201.10']);
    expect(values(xml, 'ram:LineTotalAmount')).toEqual(['100.55', '100.55', '201.10']);
    expect(xml).not.toContain('DueDateDateTime');
  });
});

describe('a document whose totals do not add up', () => {
  it('gets no e-invoice (BR-CO-15 would fail)', () => {
    expect(() => buildCiiXml({ ...therapyInvoice, totalCents: 20_111 }, { profile: 'en16931' })).toThrow(
      /do not add up/,
    );
  });
});
