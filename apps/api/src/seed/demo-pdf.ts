import PDFDocument from 'pdfkit';

/** A short findings report as a real PDF, so the demo history holds a document that opens. */
export function renderDemoReport(patientName: string, therapistName: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Befundbericht ${patientName}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text('Befundbericht (Demo)', { underline: false });
    doc.moveDown();
    doc.fontSize(11).text(`Patient: ${patientName}`);
    doc.text(`Behandelnde Therapeutin: ${therapistName}`);
    doc.moveDown();
    doc.text(
      'Dieser Bericht ist ein Beispieldokument der Demo-Praxis. Er zeigt, wie Dokumente in der Patientenakte ' +
        'abgelegt, mit Patientinnen und Patienten geteilt und heruntergeladen werden.',
    );
    doc.end();
  });
}
