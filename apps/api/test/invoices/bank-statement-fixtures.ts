import { readFileSync } from 'node:fs';
import type { BankStatementImport } from '@praxia/shared';
import { expect } from 'vitest';
import { call, type TestApp } from '../test-app.js';

export const novemberStatement = readFileSync(new URL('./fixtures/camt053-praxis-november.xml', import.meta.url));

/** POST /invoice/bank-statement with the file as a browser's form sends it. */
export function uploadStatement(t: TestApp, cookie: string, file: Buffer | string, filename = 'kontoauszug.xml') {
  const boundary = '----praxia-statement-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/xml\r\n\r\n`,
    ),
    Buffer.isBuffer(file) ? file : Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return call(t.app, cookie, {
    method: 'POST',
    url: '/api/invoice/bank-statement',
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

export async function importStatement(t: TestApp, cookie: string, file: Buffer | string) {
  const response = await uploadStatement(t, cookie, file);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BankStatementImport;
}

/** A camt.053.001.02 statement (the older version many banks still send) with one credit per entry. */
export function smallStatement(
  credits: { ref: string; amount: string; text: string; name: string; booked?: string }[],
): string {
  const entries = credits
    .map(
      (credit) => `<Ntry><Amt Ccy="EUR">${credit.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>${credit.booked ?? '2026-11-24'}</Dt></BookgDt><AcctSvcrRef>${credit.ref}</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>${credit.name}</Nm></Dbtr></RltdPties>
<RmtInf><Ustrd>${credit.text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>TEST</MsgId><CreDtTm>2026-11-24T20:00:00</CreDtTm></GrpHdr>
<Stmt><Id>TEST-1</Id><CreDtTm>2026-11-24T20:00:00</CreDtTm><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>
${entries}
</Stmt></BkToCstmrStmt></Document>`;
}
