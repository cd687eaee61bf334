/**
 * Benchmark: an invoice PDF (renderInvoicePdf: the DIN 5008 letter with logo, four lines, totals, notes, bank details
 * and GiroCode) against bare pdfkit drawing the same page: the same text, lines, rectangles and image at the same
 * positions, called straight on a PDFDocument in one loop, without layout, measuring or content helpers. The bare
 * side's calls are recorded once from a real render (only the calls the renderer makes itself, not those pdfkit makes
 * inside them), and it encodes the same GiroCode payload and writes the same e-invoice XML, so both do the same work; the outputs must be the
 * same bytes, or the ratio means nothing.
 * Goal (issue 11 §3): ≤ 1.5× the time of bare pdfkit.
 * Run: npm run bench:invoice-pdf   (BENCH_SECONDS to change 3 s per round, BENCH_ROUNDS 3)
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { buildCiiXml, facturXProfile } from '../apps/api/src/modules/invoices/documents/e-invoice/cii.js';
import { epcPayload } from '../apps/api/src/modules/invoices/documents/epc-qr.js';
import { renderInvoicePdf } from '../apps/api/src/modules/invoices/documents/index.js';
import { invoiceFixture } from '../apps/api/test/invoice-document-fixtures.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GOAL = 1.5;

/** Every drawing call the renderer makes on its document. */
const DRAWING = [
  'addPage',
  'switchToPage',
  'font',
  'fontSize',
  'fillColor',
  'strokeColor',
  'lineWidth',
  'text',
  'rect',
  'fill',
  'moveTo',
  'lineTo',
  'stroke',
  'save',
  'restore',
  'image',
  // PDF/A: the embedded fonts, and the Factur-X XML with its XMP (the renderer builds the XML; bare pdfkit embeds it).
  'registerFont',
  'file',
  'appendXML',
  // Recorded so that what pdfkit appends to the XMP while ending is not taken for the renderer's own calls.
  'end',
] as const;
type Call = { method: (typeof DRAWING)[number]; args: unknown[] };
type Drawable = Record<(typeof DRAWING)[number], (...args: unknown[]) => unknown>;

const doc = invoiceFixture();
const logo = await sharp({ create: { width: 400, height: 120, channels: 3, background: '#2a6f97' } })
  .png()
  .toBuffer();
if (!doc.bank) throw new Error('the fixture has a bank account');
const qrPayload = epcPayload(doc.bank, doc.totalCents, `Rechnung ${doc.invoiceNumber}`);

/** Renders once with the prototype's drawing methods wrapped, keeping only the outermost calls. */
async function recordCalls(): Promise<Call[]> {
  const calls: Call[] = [];
  const prototype = PDFDocument.prototype as unknown as Drawable;
  const originals = DRAWING.map((method) => [method, prototype[method]] as const);
  let depth = 0;
  for (const [method, original] of originals) {
    prototype[method] = function (this: unknown, ...args: unknown[]) {
      if (depth === 0) calls.push({ method, args });
      depth += 1;
      try {
        return original.apply(this, args);
      } finally {
        depth -= 1;
      }
    };
  }
  try {
    await renderInvoicePdf(doc, { logo });
  } finally {
    for (const [method, original] of originals) prototype[method] = original;
  }
  return calls;
}

const calls = await recordCalls();

/** Bare pdfkit: the recorded calls on a new A4 document, after encoding the same GiroCode and writing the same XML. */
function drawBare(): Promise<Buffer> {
  buildCiiXml(doc, { profile: facturXProfile(doc) });
  QRCode.create([{ data: Buffer.from(qrPayload, 'utf8'), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    // The renderer's document opened its first page in its constructor, which the recording holds as addPage().
    autoFirstPage: false,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    info: { Title: `Rechnung Nr. ${doc.invoiceNumber}`, Author: doc.practice.name },
  });
  const finished = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const drawable = pdf as unknown as Drawable;
  for (const call of calls) if (call.method !== 'end') drawable[call.method](...call.args);
  pdf.end();
  return finished;
}

const renderApp = () => renderInvoicePdf(doc, { logo });

/** Documents per second over SECONDS, one after another (pdfkit is synchronous apart from the stream). */
async function run(render: () => Promise<Buffer>): Promise<number> {
  const end = performance.now() + SECONDS * 1000;
  let count = 0;
  const start = performance.now();
  while (performance.now() < end) {
    await render();
    count += 1;
  }
  return (performance.now() - start) / count;
}

// Both must draw the same page: the same bytes apart from the creation dates and the file id derived from them.
const withoutDate = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\/CreationDate \([^)]*\)/g, '')
    // PDF 1.7 (PDF/A-3) writes the info dictionary's dates as objects of their own.
    .replace(/\(D:\d{14}Z\)/g, '')
    .replace(/\/ID \[[^\]]*\]/, '')
    .replace(/<xmp:CreateDate>[^<]*<\/xmp:CreateDate>/, '');
const [appPdf, barePdf] = await Promise.all([renderApp(), drawBare()]);
if (withoutDate(appPdf) !== withoutDate(barePdf)) throw new Error('the renderer and bare pdfkit drew different pages');

await run(renderApp);
await run(drawBare);
const rounds: { app: number; bare: number; ratio: number }[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const bareFirst = round % 2 === 0;
  const first = await run(bareFirst ? drawBare : renderApp);
  const second = await run(bareFirst ? renderApp : drawBare);
  const [bare, app] = bareFirst ? [first, second] : [second, first];
  rounds.push({ app, bare, ratio: app / bare });
}
const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor((rounds.length - 1) / 2)];
if (!median) throw new Error('BENCH_ROUNDS must be at least 1');
const verdict = median.ratio <= GOAL ? 'PASS' : 'FAIL';
console.log(
  `invoice PDF (${doc.lines.length} lines, logo, GiroCode, ${appPdf.length} bytes): renderer ${median.app.toFixed(2)} ms | bare pdfkit ${median.bare.toFixed(2)} ms (median of ${rounds.length} rounds)`,
);
console.log(
  `  time ${median.ratio.toFixed(2)}× bare pdfkit (rounds ${rounds.map((r) => r.ratio.toFixed(2)).join(', ')}; goal ≤ ${GOAL}: ${verdict})`,
);
if (median.ratio > GOAL) process.exit(1);
