import { company } from '../src/public-pages/legal/company';
import type { Block } from './legal-pdf';

const h = (text: string): Block => ({ kind: 'heading', text });
const p = (text: string): Block => ({ kind: 'paragraph', text });
const li = (text: string): Block => ({ kind: 'bullet', text });

const operator = `${company.name}, ${company.street}, ${company.postalCode} ${company.city}`;

/**
 * Terms of use for patients and clients with an account (the patient area), served as
 * /docs/nutzungsbedingungen-patienten.pdf. Patients are consumers and have no contract of payment with Praxia: the
 * treatment contract stays between them and their practice, which is why the text keeps those two apart.
 */
export const patientTermsDocument: Block[] = [
  { kind: 'title', text: 'Nutzungsbedingungen für Patientinnen, Patienten und Klientinnen, Klienten' },
  p(`Anbieter: ${operator} („Praxia“). Stand: 27.11.2026.`),
  h('§ 1 Worum es geht'),
  p(
    'Ihre Praxis nutzt Praxia, um Termine, Unterlagen, Rechnungen und Videosprechstunden zu verwalten. Mit Ihrem Zugang zum Patientenbereich sehen Sie Ihre Termine, die Dokumente, die Ihre Praxis für Sie freigibt, und Ihre Rechnungen; Sie können Ihre Kontaktdaten pflegen, Dokumente an Ihre Praxis senden und an Videosprechstunden teilnehmen. Die Nutzung ist für Sie kostenlos.',
  ),
  h('§ 2 Ihre Praxis und Praxia'),
  p(
    'Ihr Behandlungs- oder Beratungsvertrag besteht allein mit Ihrer Praxis. Praxia ist nicht an Ihrer Behandlung beteiligt, erteilt keine medizinischen oder therapeutischen Auskünfte und rechnet nicht mit Ihnen ab. Fragen zu Terminen, Befunden und Rechnungen richten Sie bitte an Ihre Praxis.',
  ),
  h('§ 3 Ihr Zugang'),
  li('Ihr Zugang ist persönlich. Halten Sie Ihr Passwort geheim und geben Sie es nicht weiter.'),
  li(
    'Vermuten Sie, dass jemand anderes Ihren Zugang kennt, ändern Sie bitte sofort Ihr Passwort und informieren Sie Ihre Praxis.',
  ),
  li(
    'Nach längerer Inaktivität meldet Praxia Sie zu Ihrem Schutz automatisch ab. Melden Sie sich auf fremden Geräten immer ab.',
  ),
  h('§ 4 Dokumente und Nachrichten'),
  p(
    'Dokumente, die Sie hochladen, erhält nur Ihre Praxis. Laden Sie bitte nur Dateien hoch, die für Ihre Behandlung bestimmt sind und keine Rechte Dritter verletzen. Erlaubt sind Word-Dokumente, PDFs und Bilder.',
  ),
  h('§ 5 Videosprechstunde'),
  p(
    'Die Videosprechstunde verbindet Ihren Browser direkt und verschlüsselt mit dem Ihrer Therapeutin oder Ihres Therapeuten; Bild und Ton laufen nicht über die Server von Praxia und werden nicht aufgezeichnet. Nehmen Sie bitte an einem Ort teil, an dem niemand mithört.',
  ),
  h('§ 6 Datenschutz'),
  p(
    'Verantwortlich für Ihre Gesundheitsdaten ist Ihre Praxis; Praxia verarbeitet sie nur in deren Auftrag und nach deren Weisung (Art. 28 DSGVO). Ihre Rechte auf Auskunft, Berichtigung, Löschung und Datenübertragbarkeit machen Sie bei Ihrer Praxis geltend. Einzelheiten stehen in der Datenschutzerklärung.',
  ),
  h('§ 7 Verfügbarkeit'),
  p(
    'Praxia bemüht sich, den Patientenbereich jederzeit verfügbar zu halten. Wartungsarbeiten und Störungen können die Nutzung zeitweise einschränken. Termine sagen Sie in dringenden Fällen bitte auch telefonisch bei Ihrer Praxis ab.',
  ),
  h('§ 8 Ende der Nutzung'),
  p(
    'Sie können Ihren Zugang jederzeit von Ihrer Praxis schließen lassen. Ihre Praxis bewahrt die Behandlungsdokumentation nach den gesetzlichen Fristen auf (in der Regel zehn Jahre nach Abschluss der Behandlung, § 630f BGB), auch wenn Ihr Zugang geschlossen ist.',
  ),
  h('§ 9 Haftung und Schlussbestimmungen'),
  p(
    'Praxia haftet unbeschränkt für Vorsatz und grobe Fahrlässigkeit sowie für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit; im Übrigen nach den gesetzlichen Vorschriften. Es gilt das Recht der Bundesrepublik Deutschland; zwingende Verbraucherschutzvorschriften des Staates, in dem Sie Ihren gewöhnlichen Aufenthalt haben, bleiben unberührt.',
  ),
];
