import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  renderInvoiceDocx,
  renderInvoicePdf,
  renderOverdueNoticePdf,
} from '../../src/modules/invoices/documents/index.js';
import { BANK, invoiceFixture, longInvoiceFixture, noticeFixture } from '../invoice-document-fixtures.js';
import { pdfAttachments, xmpOf } from '../pdf-attachments.js';
import { collapsed, pdfText } from '../pdf-text.js';

// The documents read back with Debian's tools (scripts/ensure-document-tools.mjs installs them): pdftotext for the
// text, pdftoppm + zbarimg for the GiroCode, pdfimages for the logo, LibreOffice headless for the Word file.

const run = promisify(execFile);
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'praxia-invoice-docs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
function save(data: Buffer, extension: string): string {
  const path = join(dir, `document-${++fileCount}.${extension}`);
  writeFileSync(path, data);
  return path;
}

const MM_PER_POINT = 25.4 / 72;

/** The words of page 1 with their boxes in millimetres from the top left corner (pdftotext -bbox). */
async function wordBoxes(pdfPath: string) {
  const { stdout } = await run('pdftotext', ['-bbox', '-f', '1', '-l', '1', pdfPath, '-']);
  return [
    ...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
  ].map(([, left, top, right, bottom, text]) => ({
    text: text ?? '',
    left: Number(left) * MM_PER_POINT,
    top: Number(top) * MM_PER_POINT,
    right: Number(right) * MM_PER_POINT,
    bottom: Number(bottom) * MM_PER_POINT,
  }));
}

/** The QR codes found on page 1 rendered at 150 dpi; none → []. */
async function qrCodes(pdf: Buffer): Promise<string[]> {
  const prefix = join(dir, `page-${++fileCount}`);
  await run('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', '-singlefile', save(pdf, 'pdf'), prefix]);
  try {
    // Binary: the bytes as encoded (UTF-8 per the EPC's character set 1), not zbar's guess of the text encoding.
    const args = ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', '-Sbinary', `${prefix}.png`];
    const { stdout } = await run('zbarimg', args, { encoding: 'buffer' });
    return [stdout.toString('utf8').replace(/\n$/, '')];
  } catch (error) {
    // zbarimg exits with 4 when the image holds no code.
    if ((error as { code?: number }).code === 4) return [];
    throw error;
  }
}

const pageCount = async (pdf: Buffer) =>
  Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [save(pdf, 'pdf')])).stdout)?.[1]);

/** The rows of the fixture's table as -layout prints them: date, number, description … factor, amount. */
const ROWS = [
  /03\.11\.2026 +870 +Verhaltenstherapie, Einzelbehandlung, Dauer mindestens.* 2,3 +100,55 €/,
  /10\.11\.2026 +812a +Psychotherapeutische Akutbehandlung, je 25 Minuten +2,3 +67,03 €/,
  /17\.11\.2026 +870 +Verhaltenstherapie, Einzelbehandlung, Dauer mindestens.* 3,0 +131,15 €/,
  /20\.11\.2026 +Coaching zur beruflichen Neuorientierung \(60 Minuten\) +100,00 €/,
];

/** Everything §14 Abs.4 UStG and §12 GOÄ ask for, as the fixture fills it (whitespace collapsed). */
const MANDATORY = [
  // §14 Abs.4 Nr.1: supplier and recipient with their addresses; Nr.2: tax number; Nr.3: date; Nr.4: number.
  'Praxis für Psychotherapie Weber',
  'Invalidenstraße 12',
  '10115 Berlin',
  'Tel. 030 1234567',
  'E-Mail praxis@weber-psychotherapie.de',
  'Steuernummer 27/123/45678',
  'Praxis Weber · Invalidenstraße 12 · 10115 Berlin',
  'Jonas Müller',
  'Kastanienallee 7',
  '10435 Berlin',
  'Rechnungsdatum 25.11.2026',
  'Rechnung Nr. 1042',
  'Rechnungsnummer 1042',
  'Geburtsdatum 12.04.1988',
  'Patientennummer P-1007',
  'Diagnose: F32.1 Mittelgradige depressive Episode',
  // §12 GOÄ: the analog item's equivalent, the reason above the threshold, the marks.
  'entsprechend Nr. 812 Psychiatrische Notfallbehandlung bei Suizidversuch',
  'Begründung für den Faktor 3,0: Erhöhter Zeitaufwand wegen krisenhafter Zuspitzung mit akuter',
  'per Video',
  'probatorische Sitzung',
  'zzgl. 19 % USt.',
  // §14 Abs.4 Nr.7/8: net, rate and tax per rate, the exemption note.
  'Umsatzsteuerfrei (§ 4 Nr. 14a UStG) 298,73 € 0,00 € 298,73 €',
  '19 % USt. 100,00 € 19,00 € 119,00 €',
  'Rechnungsbetrag gesamt 417,73 €',
  'Umsatzsteuerfreie Heilbehandlung gemäß § 4 Nr. 14a UStG.',
  'Zahlbar bis 09.12.2026',
  'Bitte überweisen Sie den Betrag unter Angabe der Rechnungsnummer.',
  'IBAN: DE89 3704 0044 0532 0130 00',
  'BIC: COBADEFFXXX',
  'Kontoinhaber: Dr. Miriam Weber',
  'Verwendungszweck: Rechnung 1042',
  'Mit freundlichen Grüßen',
  'Dr. Miriam Weber',
  'Psychologische Psychotherapeutin',
];

const EXPECTED_GIROCODE = [
  'BCD',
  '002',
  '1',
  'SCT',
  'COBADEFFXXX',
  'Dr. Miriam Weber',
  'DE89370400440532013000',
  'EUR417.73',
  '',
  '',
  'Rechnung 1042',
].join('\n');

describe('the invoice PDF', () => {
  let pdf: Buffer;
  let text: string;
  beforeAll(async () => {
    pdf = await renderInvoicePdf(invoiceFixture(), { logo: null });
    text = await pdfText(pdf);
  });

  it('holds every mandatory item of §14 Abs.4 UStG and §12 GOÄ with the right amounts', () => {
    const flat = collapsed(text);
    expect(MANDATORY.filter((item) => !flat.includes(item))).toEqual([]);
    expect(ROWS.filter((row) => !row.test(text))).toEqual([]);
    expect(flat).toContain('Rechnung Nr. 1042 · Seite 1 von 1');
  });

  it('carries a GiroCode with the exact EPC payload: IBAN, amount and the invoice number as reference', async () => {
    expect(text).toContain('Zahlen mit Code');
    expect(await qrCodes(pdf)).toEqual([EXPECTED_GIROCODE]);
  });

  it('without a bank account has neither bank details nor a GiroCode', async () => {
    const without = await renderInvoicePdf(invoiceFixture({ bank: null }), { logo: null });
    const withoutText = await pdfText(without);
    expect(withoutText).not.toContain('Zahlen mit Code');
    expect(withoutText).not.toContain('IBAN');
    expect(await qrCodes(without)).toEqual([]);
    expect(collapsed(withoutText)).toContain('Rechnungsbetrag gesamt 417,73 €');
  });

  it('prints the small-business note when the practice uses §19 UStG, and leaves out what is not given', async () => {
    const small = invoiceFixture({
      taxNotes: ['invoice.taxNote.smallBusiness'],
      practice: { ...invoiceFixture().practice, taxNumber: null },
      patient: { name: 'Jonas Müller', birthday: null, patientNumber: null },
      diagnosis: null,
    });
    const smallText = collapsed(await pdfText(await renderInvoicePdf(small, { logo: null })));
    expect(smallText).toContain('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet (Kleinunternehmerregelung).');
    // The document's notes are printed as given; the exemption's note only when the issue put it there.
    expect(smallText).not.toContain('Umsatzsteuerfreie Heilbehandlung');
    for (const absent of ['Steuernummer', 'Geburtsdatum', 'Patientennummer', 'Diagnose']) {
      expect(smallText).not.toContain(absent);
    }
  });

  it('prints names outside the standard fonts by their base letters; the GiroCode keeps them in UTF-8', async () => {
    const bank = { ...BANK, accountHolder: 'Praxis Łukasz Şahin' };
    const rendered = await renderInvoicePdf(invoiceFixture({ bank, recipient: { lines: ['Frau', 'Ayşe Yıldız'] } }), {
      logo: null,
    });
    const printed = collapsed(await pdfText(rendered));
    expect(printed).toContain('Ayse Yildiz');
    expect(printed).toContain('Kontoinhaber: Praxis Lukasz Sahin');
    expect(await qrCodes(rendered)).toEqual([EXPECTED_GIROCODE.replace('Dr. Miriam Weber', 'Praxis Łukasz Şahin')]);
  });

  it('DIN 5008: keeps an address longer than the window to six lines, the town last, each inside the window', async () => {
    const lines = [
      'Firma Sehr Lang',
      'Abteilung 1',
      'Abteilung 2',
      'z. Hd. Frau Nowak',
      'Postfach 12',
      'Gebäude C',
      'Hafenstraße 9',
      '20457 Hamburg',
    ];
    const rendered = await renderInvoicePdf(invoiceFixture({ recipient: { lines } }), { logo: null });
    const printed = collapsed(await pdfText(rendered, 1));
    for (const line of [...lines.slice(0, 5), '20457 Hamburg']) expect(printed).toContain(line);
    expect(printed).not.toContain('Gebäude C');
    expect(printed).not.toContain('Hafenstraße 9');
  });

  it('draws the practice logo (PNG or JPEG) on the first page', async () => {
    const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#2a6f97' } })
      .jpeg()
      .toBuffer();
    const path = save(await renderInvoicePdf(invoiceFixture(), { logo }), 'pdf');
    const { stdout } = await run('pdfimages', ['-list', path]);
    expect(stdout).toMatch(/^\s+1\s+\d+\s+image\s+300\s+100\s/m);
  });

  it('titles a cancellation "Stornorechnung", names the cancelled invoice and asks for no payment', async () => {
    const cancellation = invoiceFixture({
      kind: 'cancellation',
      invoiceNumber: '1043',
      cancels: { invoiceNumber: '1042', issueDate: '2026-11-25' },
      issueDate: '2026-11-30',
    });
    const rendered = await renderInvoicePdf(cancellation, { logo: null });
    const cancellationText = collapsed(await pdfText(rendered));
    expect(cancellationText).toContain('Stornorechnung Nr. 1043');
    expect(cancellationText).toContain('Storno der Rechnung Nr. 1042 vom 25.11.2026');
    expect(cancellationText).toContain('Rechnungsdatum 30.11.2026');
    expect(cancellationText).toContain('Stornobetrag gesamt 417,73 €');
    expect(cancellationText).toContain('Diese Stornorechnung hebt die Rechnung Nr. 1042 auf.');
    expect(cancellationText).not.toContain('Zahlbar bis');
    expect(await qrCodes(rendered)).toEqual([]);
  });
});

describe('an invoice of 40 lines', () => {
  it('runs over pages with the table header repeated and every line printed once', async () => {
    const pdf = await renderInvoicePdf(longInvoiceFixture(40), { logo: null });
    const pages = await pageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    let rows = 0;
    for (let page = 1; page <= pages; page++) {
      const text = await pdfText(pdf, page);
      expect(collapsed(text)).toContain(`Rechnung Nr. 1042 · Seite ${page} von ${pages}`);
      const pageRows = text.match(/^ *\d\d\.\d\d\.2026 +870 +Verhaltenstherapie.* 2,3 +100,55 €$/gm) ?? [];
      rows += pageRows.length;
      if (page === 2) {
        expect(text).toMatch(/Rechnung Nr\. 1042 – Fortsetzung/);
        expect(text).toMatch(/Datum +GOÄ-Nr\. +Leistung +Faktor +Betrag/);
        expect(pageRows.length).toBeGreaterThan(0);
      }
    }
    expect(rows).toBe(40);
    expect(collapsed(await pdfText(pdf))).toContain('Rechnungsbetrag gesamt 4.022,00 €');
  });
});

describe('the invoice as Word', () => {
  it('converts with LibreOffice and holds the same lines, totals and notes', async () => {
    const docx = save(await renderInvoiceDocx(invoiceFixture(), { logo: null }), 'docx');
    // One conversion only: LibreOffice takes a few seconds to start. Its own profile keeps it off the user's.
    await run('soffice', [
      `-env:UserInstallation=file://${join(dir, 'lo-profile')}`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      dir,
      docx,
    ]);
    const text = await pdfText(docx.replace(/\.docx$/, '.pdf'));
    const flat = collapsed(text);
    const sameAsPdf = MANDATORY.filter((item) => !item.startsWith('Begründung') && !item.startsWith('entsprechend'));
    expect(sameAsPdf.filter((item) => !flat.includes(item))).toEqual([]);
    expect(flat).toContain('entsprechend Nr. 812 Psychiatrische Notfallbehandlung');
    expect(flat).toContain('Begründung für den Faktor 3,0: Erhöhter Zeitaufwand');
    expect(ROWS.filter((row) => !row.test(text))).toEqual([]);

    // DIN 5008 form B, as in the PDF: the recipient inside the window (20–105 mm from the left, 62.7–90 mm from the
    // top), the information block from 125 mm, the subject below the window. Positions in mm from pdftotext -bbox.
    const words = await wordBoxes(docx.replace(/\.docx$/, '.pdf'));
    const box = (word: string) => {
      const found = words.find((entry) => entry.text === word);
      if (!found) throw new Error(`${word} not on page 1`);
      return found;
    };
    for (const word of ['Herrn', 'Kastanienallee', '10435']) {
      expect(box(word).left).toBeGreaterThanOrEqual(20);
      expect(box(word).right).toBeLessThanOrEqual(105);
      expect(box(word).top).toBeGreaterThanOrEqual(62.7);
      expect(box(word).bottom).toBeLessThanOrEqual(90);
    }
    expect(box('Rechnungsnummer').left).toBeGreaterThanOrEqual(124);
    expect(box('Rechnungsnummer').top).toBeGreaterThanOrEqual(50);
    const subject = words.find((entry) => entry.text === 'Rechnung' && entry.top > 90);
    expect(subject?.top).toBeLessThan(115);
  }, 20_000);
});

describe('the overdue notice PDF', () => {
  it('a first reminder: polite text, the invoice reference, due date and GiroCode', async () => {
    const pdf = await renderOverdueNoticePdf(noticeFixture('reminder', 1), { logo: null });
    const text = collapsed(await pdfText(pdf));
    for (const item of [
      'Zahlungserinnerung',
      'Rechnung Nr. 1042 vom 25.11.2026 über 417,73 €, fällig am 09.12.2026',
      'sicher ist es Ihrer Aufmerksamkeit entgangen',
      'Zahlbar bis 23.12.2026',
      'Jonas Müller',
      'Praxis für Psychotherapie Weber',
      'IBAN: DE89 3704 0044 0532 0130 00',
    ]) {
      expect(text).toContain(item);
    }
    expect(text).not.toContain('§ 286 BGB');
    expect(await qrCodes(pdf)).toEqual([EXPECTED_GIROCODE]);
  });

  it('the final notice: "Mahnung" citing §286 BGB and announcing further steps', async () => {
    const text = collapsed(await pdfText(await renderOverdueNoticePdf(noticeFixture('notice', 3), { logo: null })));
    expect(text).toContain('Mahnung');
    expect(text).toContain('gemäß § 286 BGB in Zahlungsverzug');
    expect(text).toContain('Sehr geehrte Frau Dr. Brandt,');
    expect(text).toContain('ein gerichtliches Mahnverfahren beantragen');
    // §203 StGB: the fixture's patient gave no consent to a collection agency.
    expect(text).not.toContain('Inkasso');
    expect(text).toContain('bis zum 23.12.2026');
    expect(text).toContain(`Kontoinhaber: ${BANK.accountHolder}`);
  });
});

describe('drawing an issued document again', () => {
  it('gives the same bytes of PDF, e-invoice XML and Word file, whenever and however often it is drawn', async () => {
    const logo = await sharp({ create: { width: 300, height: 90, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    const doc = invoiceFixture();
    const draw = async () => ({
      pdf: await renderInvoicePdf(doc, { logo }),
      docx: await renderInvoiceDocx(doc, { logo }),
    });
    // The clock must not reach the files: the second drawing happens a day and a few seconds later.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-02T09:15:00Z'));
      const first = await draw();
      vi.setSystemTime(new Date('2026-03-03T17:42:07Z'));
      const second = await draw();
      expect(second.pdf.equals(first.pdf)).toBe(true);
      expect(second.docx.equals(first.docx)).toBe(true);
      const [xmlFirst, xmlSecond] = await Promise.all([pdfAttachments(first.pdf), pdfAttachments(second.pdf)]);
      expect(xmlFirst.first).toMatch(/^<\?xml/);
      expect(xmlSecond.first).toBe(xmlFirst.first);
      // Dated by the invoice's issue day, not the day it was drawn.
      expect(xmpOf(first.pdf)).toContain(`<xmp:CreateDate>${doc.issueDate}T00:00:00Z</xmp:CreateDate>`);
    } finally {
      vi.useRealTimers();
    }
  });
});
