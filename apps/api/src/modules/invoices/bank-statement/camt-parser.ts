import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** One credit of a statement as the matching needs it; a batch booking gives one per transaction. */
export type StatementCredit = {
  /** Stable across imports of the same statement: derived from the bank's references (or the entry's content). */
  key: string;
  bookingDate: string;
  amountCents: number;
  reference: string;
  debtorName: string;
};

export type ParsedStatement = { credits: StatementCredit[]; debitCount: number };

type Node = Record<string, unknown>;

/** Elements that may repeat; the parser returns them as arrays always, so one and many read alike. */
const REPEATED = new Set(['Stmt', 'Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  // Character references (&#xFC;) as some banks write umlauts in names.
  htmlEntities: true,
  isArray: (name) => REPEATED.has(name),
});

export class NotAStatementError extends Error {}

const asNode = (value: unknown): Node | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
const asList = (value: unknown): Node[] =>
  Array.isArray(value) ? value.map(asNode).filter((node) => node !== undefined) : [];
const path = (node: unknown, ...names: string[]): unknown =>
  names.reduce<unknown>((current, name) => asNode(current)?.[name], node);
const text = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const inner = asNode(value)?.['#text'];
  return typeof inner === 'string' ? inner : '';
};

/** "1234.5" → 123450; CAMT amounts carry a dot and at most two decimals for EUR. */
function toCents(value: unknown): number | undefined {
  const currency = asNode(value)?.['@Ccy'];
  if (currency !== undefined && currency !== 'EUR') return undefined;
  const amount = text(value);
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(amount)) return undefined;
  const [euros = '0', cents = ''] = amount.split('.');
  return Number(euros) * 100 + Number(cents.padEnd(2, '0'));
}

const dateOf = (node: unknown): string => (text(path(node, 'Dt')) || text(path(node, 'DtTm'))).slice(0, 10);

/** The statement's (camt.053) or notification's (camt.054) blocks, whatever the schema version. */
function statementBlocks(document: Node): Node[] {
  const root = asNode(document.Document);
  if (!root) return [];
  const statement = asNode(root.BkToCstmrStmt);
  if (statement) return asList(statement.Stmt);
  const notification = asNode(root.BkToCstmrDbtCdtNtfctn);
  return notification ? asList(notification.Ntfctn) : [];
}

/** Unstructured lines joined, else the structured creditor reference (RF…) some payers send. */
function remittanceText(transaction: Node): string {
  const lines = path(transaction, 'RmtInf', 'Ustrd');
  const unstructured = Array.isArray(lines) ? lines.map(text).join(' ') : '';
  return unstructured || text(path(transaction, 'RmtInf', 'Strd', 'CdtrRefInf', 'Ref'));
}

function transactionCredits(account: string, entry: Node, entryIndex: number): StatementCredit[] {
  const bookingDate = dateOf(entry.BookgDt) || dateOf(entry.ValDt);
  const entryRef = text(entry.AcctSvcrRef) || text(entry.NtryRef);
  const transactions = asList(entry.NtryDtls).flatMap((details) => asList(details.TxDtls));
  const entryAmount = toCents(entry.Amt);
  // A single booking without details still is a credit: the entry itself.
  const parts = transactions.length ? transactions : [{} as Node];
  return parts.flatMap((transaction, index) => {
    const amountCents =
      transactions.length > 1
        ? (toCents(path(transaction, 'AmtDtls', 'TxAmt', 'Amt')) ?? toCents(transaction.Amt))
        : entryAmount;
    if (amountCents === undefined || amountCents <= 0 || !bookingDate) return [];
    const reference = remittanceText(transaction);
    const debtorName =
      text(path(transaction, 'RltdPties', 'Dbtr', 'Nm')) ||
      text(path(transaction, 'RltdPties', 'Dbtr', 'Pty', 'Nm')) ||
      text(path(transaction, 'RltdPties', 'UltmtDbtr', 'Nm'));
    const txRef =
      text(path(transaction, 'Refs', 'AcctSvcrRef')) ||
      text(path(transaction, 'Refs', 'EndToEndId')).replace(/^NOTPROVIDED$/, '');
    // Without any bank reference the content itself identifies the credit within its statement.
    const identity = [account, bookingDate, entryRef, txRef, entryRef || txRef ? '' : `${entryIndex}/${index}`];
    const key = createHash('sha256')
      .update([...identity, amountCents, reference, debtorName].join('\u0000'))
      .digest('hex');
    return [{ key, bookingDate, amountCents, reference: reference.trim(), debtorName: debtorName.trim() }];
  });
}

/**
 * Reads the credits of a CAMT.053 statement (or CAMT.054 notification) of any version German banks send
 * (camt.053.001.02 to .08): one credit per transaction of each booked CRDT entry; debits are only counted.
 * Throws NotAStatementError for anything else.
 */
export function parseCamtStatement(xml: string): ParsedStatement {
  // ISO 20022 messages declare no DTD; one with its own entities is refused before it could expand them.
  if (/<!DOCTYPE/i.test(xml)) throw new NotAStatementError('a document type declaration');
  if (XMLValidator.validate(xml) !== true) throw new NotAStatementError('not well-formed XML');
  const blocks = statementBlocks(parser.parse(xml) as Node);
  if (blocks.length === 0) throw new NotAStatementError('no CAMT statement');
  const credits: StatementCredit[] = [];
  let debitCount = 0;
  for (const block of blocks) {
    const account = text(path(block, 'Acct', 'Id', 'IBAN')) || text(path(block, 'Acct', 'Id', 'Othr', 'Id'));
    asList(block.Ntry).forEach((entry, entryIndex) => {
      // Pending or information-only entries are not yet money on the account.
      const status = text(entry.Sts) || text(path(entry, 'Sts', 'Cd'));
      if (status && status !== 'BOOK') return;
      if (text(entry.CdtDbtInd) !== 'CRDT') {
        debitCount += 1;
        return;
      }
      if (text(entry.RvslInd) === 'true') return;
      credits.push(...transactionCredits(account, entry, entryIndex));
    });
  }
  return { credits, debitCount };
}
