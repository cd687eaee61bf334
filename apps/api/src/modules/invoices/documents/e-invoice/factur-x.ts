import type { InvoiceDocument } from '@praxia/shared';
import { documentDate } from '../format.js';
import { buildCiiXml, type FacturXProfile, facturXProfile } from './cii.js';

// Factur-X 1.0 / ZUGFeRD 2.x: a PDF/A-3 whose catalogue lists the CII XML as an associated file named
// factur-x.xml (relationship Alternative: the XML is the same invoice as the printed pages), and whose XMP names it in
// the fx schema, declared through a PDF/A extension schema (PDF/A allows only declared XMP properties). pdfkit writes
// the PDF/A-3 part, the embedded file with /AF and lets a caller append to the XMP, so no post-processing is needed.

export const FACTUR_X_FILE_NAME = 'factur-x.xml';
const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
const CONFORMANCE_LEVELS: Record<FacturXProfile, string> = {
  en16931: 'EN 16931',
  basic: 'BASIC',
};

const property = (name: string, description: string) => `
              <rdf:li rdf:parseType="Resource">
                <pdfaProperty:name>${name}</pdfaProperty:name>
                <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                <pdfaProperty:category>external</pdfaProperty:category>
                <pdfaProperty:description>${description}</pdfaProperty:description>
              </rdf:li>`;

/** The fx properties and their extension schema; every value is a constant of this module (nothing to escape). */
function facturXMetadata(conformanceLevel: string): string {
  return `
        <rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}">
          <fx:DocumentType>INVOICE</fx:DocumentType>
          <fx:DocumentFileName>${FACTUR_X_FILE_NAME}</fx:DocumentFileName>
          <fx:Version>1.0</fx:Version>
          <fx:ConformanceLevel>${conformanceLevel}</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
            xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${property('DocumentFileName', 'The name of the embedded XML document')}${property(
                    'DocumentType',
                    'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER',
                  )}${property('Version', 'The actual version of the standard applying to the embedded XML document')}${property(
                    'ConformanceLevel',
                    'The conformance level of the embedded XML document',
                  )}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>`;
}

/** The e-invoice XML the PDF carries: EN 16931, or BASIC when the document lacks the seller's tax number. */
export function facturXXml(doc: InvoiceDocument): { xml: string; profile: FacturXProfile } {
  const profile = facturXProfile(doc);
  return { xml: buildCiiXml(doc, { profile }), profile };
}

/** Embeds the document's CII XML into a PDF started as PDF/A-3 (pdf-letter.ts startPdf), before it is ended. */
export function attachFacturX(pdf: PDFKit.PDFDocument, doc: InvoiceDocument): void {
  const { xml, profile } = facturXXml(doc);
  const issued = documentDate(doc.issueDate);
  // pdfkit 0.20 takes `relationship` (the file's /AFRelationship); its type definitions do not list it yet.
  const options: PDFKit.Mixins.PDFAttachmentOptions & { relationship: 'Alternative' } = {
    name: FACTUR_X_FILE_NAME,
    type: 'text/xml',
    relationship: 'Alternative',
    description: 'Factur-X/ZUGFeRD-Rechnung (EN 16931, CII)',
    creationDate: issued,
    modifiedDate: issued,
  };
  pdf.file(Buffer.from(xml, 'utf8'), options);
  pdf.appendXML(facturXMetadata(CONFORMANCE_LEVELS[profile]));
}
