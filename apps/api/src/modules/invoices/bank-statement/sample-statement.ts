import { XMLBuilder } from 'fast-xml-parser';
import type { FileStorage } from '../../../storage/file-storage.js';

/** Where a demo practice's sample statement is kept; other practices have none. */
export const sampleStatementKey = (customerId: number) => `practices/${customerId}/bank-statements/sample.xml`;

export type SampleCredit = { invoiceNumber: number; amountCents: number; payer: string; bookingDate: string };

const euros = (cents: number) => (cents / 100).toFixed(2);

/**
 * A camt.053.001.08 day statement as a German bank sends it, with one credit per invoice naming it ("Rechnung
 * 2026004"): what a demo practice imports to see its open invoices paid.
 */
export function buildSampleStatement(credits: SampleCredit[], iban: string, createdAt: Date): string {
  const day = createdAt.toISOString().slice(0, 10);
  const entries = credits.map((credit, index) => {
    const ref = `${day.replaceAll('-', '')}DEMO${String(index + 1).padStart(4, '0')}`;
    return {
      Amt: { '#text': euros(credit.amountCents), '@_Ccy': 'EUR' },
      CdtDbtInd: 'CRDT',
      Sts: { Cd: 'BOOK' },
      BookgDt: { Dt: credit.bookingDate },
      ValDt: { Dt: credit.bookingDate },
      AcctSvcrRef: ref,
      NtryDtls: {
        TxDtls: {
          Refs: { AcctSvcrRef: ref, EndToEndId: 'NOTPROVIDED' },
          Amt: { '#text': euros(credit.amountCents), '@_Ccy': 'EUR' },
          CdtDbtInd: 'CRDT',
          RltdPties: { Dbtr: { Pty: { Nm: credit.payer } } },
          RmtInf: { Ustrd: `Rechnung ${credit.invoiceNumber}` },
        },
      },
      AddtlNtryInf: 'GUTSCHR. UEBERWEISUNG',
    };
  });
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08',
      BkToCstmrStmt: {
        GrpHdr: { MsgId: `DEMO-${day}`, CreDtTm: createdAt.toISOString() },
        Stmt: {
          Id: `DEMO-${day}`,
          CreDtTm: createdAt.toISOString(),
          Acct: { Id: { IBAN: iban }, Ccy: 'EUR' },
          Ntry: entries,
        },
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true });
  return builder.build(document) as string;
}

export async function storeSampleStatement(storage: FileStorage, customerId: number, xml: string) {
  await storage.put(sampleStatementKey(customerId), Buffer.from(xml, 'utf8'));
}
