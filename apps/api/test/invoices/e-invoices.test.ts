import { ErrorCode, type InvoiceListItem } from '@praxia/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema.js';
import { buildCiiXml } from '../../src/modules/invoices/documents/e-invoice/cii.js';
import { renderInvoicePdf } from '../../src/modules/invoices/documents/index.js';
import { api } from '../calendar-fixtures.js';
import {
  type InvoicePractice,
  invoiceableAppointment,
  invoicePractice,
  invoiceRow,
  issue,
  setPatient,
  setPractice,
} from '../invoice-fixtures.js';
import { pdfAttachments, xmpOf } from '../pdf-attachments.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { ciiSchemaErrors, isWellFormedXml, xmlValues as values } from './cii-schema.js';
import { therapyInvoice } from './e-invoice-samples.js';

// Every issued invoice PDF is a Factur-X / ZUGFeRD PDF/A-3 carrying its CII XML; a business client's invoice is
// also served as XRechnung. Read back with poppler's pdfdetach and checked against the UN/CEFACT CII D16B schema.

let t: TestApp;
let team: InvoicePractice;
let other: InvoicePractice;

const PRACTICE = {
  name: 'Praxis am See',
  street: 'Seeweg 1',
  postalCode: '10115',
  city: 'Berlin',
  phone: '030 1234567',
  email: 'praxis@example.org',
  taxNumber: '27/123/45678',
  showTaxNumber: true,
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};

beforeAll(async () => {
  t = await createTestApp();
  team = await invoicePractice(t);
  other = await invoicePractice(t);
  await setPractice(t, team, PRACTICE);
});
afterAll(() => t.close());

const download = (cookie: string, id: number, type: string) =>
  api(t, cookie, 'GET', `/invoice/${id}/file?type=${type}`);

async function issuedPdf(id: number) {
  const response = await download(team.therapist.cookie, id, 'pdf');
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

/** A coaching invoice (19 % added) for a client whose invoice address names a company. */
async function businessInvoice(
  invoiceAddress = 'Muster & Söhne GmbH\nz. Hd. Frau Nowak\nHafenstraße 9\n20457 Hamburg',
) {
  const appointment = await invoiceableAppointment(t, team.therapist.cookie, {
    fees: [{ coachingTitle: 'Business-Coaching', coachingAmount: '33,33', tax: 'add' }],
  });
  await setPatient(t, appointment.clientId, { invoiceAddress });
  const [invoice] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
  if (!invoice) throw new Error('no invoice');
  return invoice;
}

describe('the invoice PDF as Factur-X / ZUGFeRD', () => {
  let invoice: InvoiceListItem;
  let pdf: Buffer;

  beforeAll(async () => {
    const appointment = await invoiceableAppointment(t, team.therapist.cookie, {
      fees: [
        { code: '870', rate: '2,3' },
        { coachingTitle: 'Coaching', coachingAmount: '100,00', tax: 'add' },
      ],
    });
    [invoice] = (await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] })) as [InvoiceListItem];
    pdf = await issuedPdf(invoice.id);
  });

  it('carries factur-x.xml (pdfdetach -list), exactly the XML of the frozen document, valid against the CII schema', async () => {
    const { list, first } = await pdfAttachments(pdf);
    expect(list).toMatch(/^1 embedded files\n1: factur-x\.xml$/m);
    const row = await invoiceRow(t, invoice.id);
    expect(first).toBe(buildCiiXml(row.document, { profile: 'en16931' }));
    expect(await ciiSchemaErrors(first ?? '')).toEqual([]);
  });

  it('§14 Abs.4 UStG: its totals are the document’s — exempt therapy (E), coaching at 19 % (S), grand total', async () => {
    const xml = (await pdfAttachments(pdf)).first ?? '';
    expect(values(xml, 'ram:ID').slice(0, 2)).toEqual(['urn:cen.eu:en16931:2017', invoice.invoiceNumber]);
    expect(values(xml, 'ram:TypeCode')[0]).toBe('380');
    expect(values(xml, 'ram:CategoryCode')).toEqual(['E', 'S', 'E', 'S']);
    expect(values(xml, 'ram:BasisAmount')).toEqual(['100.55', '100.00']);
    expect(values(xml, 'ram:CalculatedAmount')).toEqual(['0.00', '19.00']);
    expect(values(xml, 'ram:GrandTotalAmount')).toEqual([invoice.amount.toFixed(2)]);
    expect(invoice.amount).toBe(219.55);
    expect(xml).toContain('<ram:ID schemeID="FC">27/123/45678</ram:ID>');
    expect(values(xml, 'ram:IBANID')).toEqual([PRACTICE.iban]);
  });

  it('is PDF/A-3b with the Factur-X XMP (EN 16931) and embeds its fonts', async () => {
    const xmp = xmpOf(pdf);
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
    const text = pdf.toString('latin1');
    expect(text).toContain('/AFRelationship /Alternative');
    expect(text).toContain('/OutputIntents');
    // PDF/A forbids the standard fonts unembedded: only the embedded Arimo subsets are used.
    expect(text).not.toMatch(/\/BaseFont \/Helvetica/);
    expect(text).toMatch(/\/FontFile2/);
  });

  it('a cancellation (Storno) carries a credit note (381) naming the cancelled invoice, with positive totals', async () => {
    const patched = await api(t, team.therapist.cookie, 'PATCH', `/invoice/${invoice.id}`, { state: 'cancelled' });
    expect(patched.statusCode).toBe(200);
    const list = (await api(t, team.therapist.cookie, 'GET', '/invoice?orderBy=invoiceNumber')).json()
      .list as InvoiceListItem[];
    const storno = list.find((item) => item.kind === 'cancellation' && item.amount === -invoice.amount);
    if (!storno) throw new Error('no cancellation');
    const { list: files, first } = await pdfAttachments(await issuedPdf(storno.id));
    expect(files).toContain('factur-x.xml');
    const xml = first ?? '';
    expect(await ciiSchemaErrors(xml)).toEqual([]);
    expect(values(xml, 'ram:TypeCode')[0]).toBe('381');
    expect(values(xml, 'ram:IssuerAssignedID')).toEqual([invoice.invoiceNumber]);
    expect(values(xml, 'ram:GrandTotalAmount')).toEqual(['219.55']);
    expect(xml).toBe(buildCiiXml((await invoiceRow(t, storno.id)).document, { profile: 'en16931' }));
  });
});

describe('the XMP metadata', () => {
  it('stays well-formed XML for a practice name with & (PDF/A needs parseable XMP)', async () => {
    const doc = { ...therapyInvoice, practice: { ...therapyInvoice.practice, name: 'Müller & Partner <Praxis>' } };
    const xmp = xmpOf(await renderInvoicePdf(doc, { logo: null }));
    expect(await isWellFormedXml(xmp)).toBe(true);
    expect(await isWellFormedXml(xmp.replace('</fx:Version>', '</fx:Version>&'))).toBe(false);
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
  });
});

describe('the profile follows the data', () => {
  it('without the tax number on the invoice the PDF carries Factur-X BASIC', async () => {
    await setPractice(t, team, { showTaxNumber: false });
    try {
      const appointment = await invoiceableAppointment(t, team.therapist.cookie);
      const [invoice] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
      const pdf = await issuedPdf(invoice?.id ?? 0);
      expect(xmpOf(pdf)).toContain('<fx:ConformanceLevel>BASIC</fx:ConformanceLevel>');
      const xml = (await pdfAttachments(pdf)).first ?? '';
      expect(values(xml, 'ram:ID')[0]).toBe('urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic');
      expect(await ciiSchemaErrors(xml)).toEqual([]);
    } finally {
      await setPractice(t, team, { showTaxNumber: true });
    }
  });
});

describe('GET /invoice/{id}/file?type=xrechnung', () => {
  it('answers a business client’s coaching invoice with the XRechnung 3.0 XML alone, schema-valid, audited', async () => {
    const invoice = await businessInvoice();
    const response = await download(team.assistant.cookie, invoice.id, 'xrechnung');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.headers['content-disposition']).toContain(`Rechnung-${invoice.invoiceNumber}.xml`);
    const xml = response.body;
    expect(await ciiSchemaErrors(xml)).toEqual([]);
    expect(values(xml, 'ram:ID')).toContain('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(values(xml, 'ram:BuyerReference')).toEqual([invoice.invoiceNumber]);
    expect(values(xml, 'ram:Name')).toContain('Muster &amp; Söhne GmbH');
    expect(values(xml, 'ram:CityName')).toEqual(['Berlin', 'Hamburg']);
    expect(values(xml, 'ram:GrandTotalAmount')).toEqual(['39.66']);
    expect(xml).toMatch(/<ram:URIID schemeID="EM">paula-[^<]+@example\.org<\/ram:URIID>/);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.resource, 'invoice'),
          eq(auditLog.resourceId, String(invoice.id)),
          eq(auditLog.action, 'download'),
        ),
      );
    expect(audits.map((row) => row.detail)).toContainEqual({ type: 'xrechnung' });
  });

  it('refuses a therapy invoice for a patient with 422 and a German text', async () => {
    const appointment = await invoiceableAppointment(t, team.therapist.cookie);
    const [invoice] = await issue(t, team.therapist.cookie, { appointmentIds: [appointment.id] });
    const response = await download(team.therapist.cookie, invoice?.id ?? 0, 'xrechnung');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: ErrorCode.xrechnungNotBusiness });
    expect(response.json().detail).toContain('nur für Coaching-Rechnungen an ein Unternehmen');
  });

  it('a coaching invoice to a person (no legal form in the address) is no business invoice', async () => {
    const invoice = await businessInvoice('Herr Max Muster\nHafenstraße 9\n20457 Hamburg');
    expect((await download(team.therapist.cookie, invoice.id, 'xrechnung')).statusCode).toBe(422);
  });

  it('the invoice list offers XRechnung for a business client’s invoice only', async () => {
    const business = await businessInvoice();
    const person = await businessInvoice('Herr Max Muster\nHafenstraße 9\n20457 Hamburg');
    const listed = await api(t, team.therapist.cookie, 'GET', '/invoice?limit=0');
    const offers = (id: number) =>
      (listed.json().list as InvoiceListItem[]).find((item) => item.id === id)?.offersXrechnung;
    expect(offers(business.id)).toBe(true);
    expect(offers(person.id)).toBe(false);
  });

  it('names the data XRechnung requires when the practice lacks it (BR-DE-2: phone)', async () => {
    const invoice = await businessInvoice();
    await setPractice(t, team, { phone: null });
    try {
      // The document is frozen: the phone missing now does not change it. An invoice issued without one lacks it.
      expect((await download(team.therapist.cookie, invoice.id, 'xrechnung')).statusCode).toBe(200);
      const without = await businessInvoice();
      const response = await download(team.therapist.cookie, without.id, 'xrechnung');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: ErrorCode.xrechnungDataMissing,
        params: { fields: 'practice.phone' },
        detail: 'Für die XRechnung fehlt: Telefonnummer der Praxis.',
      });
    } finally {
      await setPractice(t, team, { phone: PRACTICE.phone });
    }
  });

  it('answers another practice’s invoice and a missing one alike (404)', async () => {
    const invoice = await businessInvoice();
    const foreign = await download(other.assistant.cookie, invoice.id, 'xrechnung');
    const missing = await download(other.assistant.cookie, 2_000_000_000, 'xrechnung');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });
});
