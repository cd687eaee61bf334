import { describe, expect, it } from 'vitest';
import { NotAStatementError, parseCamtStatement } from './camt-parser.js';

const notification = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>N1</MsgId><CreDtTm>2026-11-24T10:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>N1</Id><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>
<Ntry><Amt Ccy="EUR">1234.5</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><DtTm>2026-11-24T09:12:00</DtTm></BookgDt>
<NtryDtls><TxDtls><Refs><EndToEndId>E2E-1</EndToEndId></Refs><RltdPties><Dbtr><Nm>M&#xFC;ller &amp; S&#xF6;hne</Nm></Dbtr></RltdPties>
<RmtInf><Strd><CdtrRefInf><Ref>RF18 2026 004</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>
<Ntry><Amt Ccy="USD">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-24</Dt></BookgDt></Ntry>
<Ntry><Amt Ccy="EUR">20.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>true</RvslInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-24</Dt></BookgDt></Ntry>
</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;

describe('parseCamtStatement', () => {
  it('reads a CAMT.054 notification: amount with one decimal, date-time booking, structured reference, entities', () => {
    const { credits, debitCount } = parseCamtStatement(notification);
    expect(debitCount).toBe(0);
    // Foreign currency and reversals are not payments of an invoice in euros.
    expect(credits).toEqual([
      {
        key: expect.stringMatching(/^[0-9a-f]{64}$/),
        bookingDate: '2026-11-24',
        amountCents: 123450,
        reference: 'RF18 2026 004',
        debtorName: 'Müller & Söhne',
      },
    ]);
  });

  it('gives the same credit the same key on every import, and different credits different keys', () => {
    const first = parseCamtStatement(notification).credits[0]?.key;
    expect(parseCamtStatement(notification).credits[0]?.key).toBe(first);
    expect(parseCamtStatement(notification.replace('E2E-1', 'E2E-2')).credits[0]?.key).not.toBe(first);
  });

  it('refuses what is not a CAMT statement or notification', () => {
    const withEntities = `<!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa">]>${notification.replace(/^<\?xml[^>]*>/, '')}`;
    for (const text of ['', 'Kontoauszug', '<a><b></a>', '<Document><CstmrCdtTrfInitn/></Document>', withEntities]) {
      expect(() => parseCamtStatement(text), text).toThrow(NotAStatementError);
    }
  });
});
