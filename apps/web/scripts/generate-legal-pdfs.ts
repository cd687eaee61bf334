// Writes the terms, the patients' terms of use and the processing agreement into public/docs. Run after editing the texts:
//   node --import tsx apps/web/scripts/generate-legal-pdfs.ts
import { writeFileSync } from 'node:fs';
import { company } from '../src/public-pages/legal/company';
import { renderLegalPdf } from './legal-pdf';
import { patientTermsDocument } from './patient-terms-document';
import { processingAgreementDocument } from './processing-agreement-document';
import { termsDocument } from './terms-document';

const docs = new URL('../public/docs/', import.meta.url);

writeFileSync(
  new URL('agb-therapeuten.pdf', docs),
  await renderLegalPdf(termsDocument, {
    title: 'Allgemeine Geschäftsbedingungen',
    author: company.name,
    footer: `${company.name} · AGB`,
  }),
);
writeFileSync(
  new URL('nutzungsbedingungen-patienten.pdf', docs),
  await renderLegalPdf(patientTermsDocument, {
    title: 'Nutzungsbedingungen für Patientinnen und Patienten',
    author: company.name,
    footer: `${company.name} · Nutzungsbedingungen`,
  }),
);
writeFileSync(
  new URL('auftragsverarbeitungsvertrag.pdf', docs),
  await renderLegalPdf(processingAgreementDocument, {
    title: 'Vertrag zur Auftragsverarbeitung',
    author: company.name,
    footer: `${company.name} · AV-Vertrag`,
  }),
);
console.log('Wrote agb-therapeuten.pdf, nutzungsbedingungen-patienten.pdf and auftragsverarbeitungsvertrag.pdf');
