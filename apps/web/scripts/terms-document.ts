import { company } from '../src/public-pages/legal/company';
import type { Block } from './legal-pdf';

const h = (text: string): Block => ({ kind: 'heading', text });
const p = (text: string): Block => ({ kind: 'paragraph', text });
const li = (text: string): Block => ({ kind: 'bullet', text });

const operator = `${company.name}, ${company.street}, ${company.postalCode} ${company.city}`;

/** General terms for therapists and practices (AGB), served as /docs/agb-therapeuten.pdf. */
export const termsDocument: Block[] = [
  { kind: 'title', text: 'Allgemeine Geschäftsbedingungen für Therapeutinnen, Therapeuten und Praxen' },
  p(`Anbieter: ${operator} („Praxia“). Stand: 08.04.2025.`),
  h('§ 1 Geltungsbereich'),
  p(
    'Diese Bedingungen gelten für die Nutzung der Praxisverwaltungssoftware Praxia durch Psychotherapeutinnen und Psychotherapeuten, Coaches, Beraterinnen und Berater sowie ihre Praxen (im Folgenden „Kunde“). Praxia richtet sich ausschließlich an Unternehmer im Sinne des § 14 BGB. Abweichende Bedingungen des Kunden gelten nur, wenn Praxia ihnen ausdrücklich in Textform zustimmt.',
  ),
  h('§ 2 Leistungen'),
  p('Praxia stellt dem Kunden eine webbasierte Software zur Verfügung, insbesondere:'),
  li('Verwaltung von Therapeutinnen, Therapeuten, Assistenzkräften und Patientinnen und Patienten,'),
  li('einen Terminkalender mit Online-Buchung über ein einbettbares Buchungsfenster und eine Therapeutensuche,'),
  li('die Abrechnung nach der Gebührenordnung für Ärzte (GOÄ) und nach frei vereinbarten Honoraren sowie Rechnungen,'),
  li('Videosprechstunden und den Austausch von Dokumenten zwischen Praxis und Patientinnen und Patienten.'),
  p(
    'Die Software wird im Rechenzentrum von Praxia betrieben und über das Internet bereitgestellt. Praxia schuldet keine Rechts-, Steuer- oder Abrechnungsberatung; die fachliche Verantwortung für Diagnosen, Behandlungen und Rechnungen liegt beim Kunden.',
  ),
  h('§ 3 Registrierung und Vertragsschluss'),
  p(
    'Der Vertrag kommt mit der Registrierung und der Bestätigung der E-Mail-Adresse zustande. Der Kunde versichert, dass seine Angaben zutreffen, und hält sie aktuell. Mit der Registrierung schließt der Kunde zugleich den Vertrag zur Auftragsverarbeitung nach § 9 ab.',
  ),
  h('§ 4 Kostenlose Testphase'),
  p(
    'Nach der Registrierung kann der Kunde Praxia 14 Tage kostenlos testen. Die Testphase endet automatisch; ein kostenpflichtiges Abonnement entsteht nicht von selbst, sondern nur, wenn der Kunde die Vollversion ausdrücklich freischaltet. Während der Testphase wird das Profil des Kunden nicht in den Suchergebnissen angezeigt. Nach Ablauf der Testphase kann der Kunde bis zur Freischaltung nur noch die Seite zur Freischaltung der Vollversion nutzen; seine Daten bleiben erhalten.',
  ),
  h('§ 5 Preise und Zahlung'),
  p(
    'Die Vollversion kostet 34,99 EUR pro Monat einschließlich der gesetzlichen Umsatzsteuer. Die Zahlung erfolgt monatlich im Voraus über den von Praxia beauftragten Zahlungsdienstleister. Rechnungen stellt Praxia elektronisch bereit. Kündigt der Kunde innerhalb des ersten Monats nach der Freischaltung, erfolgt keine Abbuchung.',
  ),
  h('§ 6 Laufzeit und Kündigung'),
  p(
    'Das Abonnement läuft auf unbestimmte Zeit und ist von beiden Seiten monatlich zum Ende des laufenden Abrechnungsmonats kündbar. Die Kündigung ist in Textform oder über die Kontoeinstellungen möglich. Das Recht zur außerordentlichen Kündigung aus wichtigem Grund bleibt unberührt. Nach Vertragsende kann der Kunde seine Daten 30 Tage lang exportieren; danach werden sie gelöscht, soweit keine gesetzliche Aufbewahrungspflicht entgegensteht.',
  ),
  h('§ 7 Pflichten des Kunden'),
  li('Der Kunde hält seine Zugangsdaten geheim und richtet für jede Person, die Praxia nutzt, ein eigenes Konto ein.'),
  li(
    'Der Kunde beachtet seine berufsrechtlichen Pflichten, insbesondere die Schweigepflicht nach § 203 StGB, und holt erforderliche Einwilligungen seiner Patientinnen und Patienten ein.',
  ),
  li(
    'Der Kunde lädt keine rechtswidrigen Inhalte hoch und nutzt Praxia nicht so, dass der Betrieb beeinträchtigt wird.',
  ),
  h('§ 8 Verfügbarkeit und Änderungen'),
  p(
    'Praxia bemüht sich um eine Verfügbarkeit von 99 % im Monatsmittel. Ausgenommen sind angekündigte Wartungsfenster und Störungen, die Praxia nicht zu vertreten hat. Praxia entwickelt die Software weiter und darf Funktionen ändern, soweit die vertraglich geschuldeten Leistungen dadurch nicht wesentlich eingeschränkt werden.',
  ),
  h('§ 9 Datenschutz und Auftragsverarbeitung'),
  p(
    'Daten von Patientinnen und Patienten verarbeitet Praxia ausschließlich im Auftrag und nach Weisung des Kunden. Einzelheiten regelt der Vertrag zur Auftragsverarbeitung nach Art. 28 DSGVO, der Bestandteil dieses Vertrags ist. Im Übrigen gilt die Datenschutzerklärung von Praxia.',
  ),
  h('§ 10 Haftung'),
  p(
    'Praxia haftet unbeschränkt für Vorsatz und grobe Fahrlässigkeit, für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit sowie nach dem Produkthaftungsgesetz. Bei leicht fahrlässiger Verletzung einer wesentlichen Vertragspflicht ist die Haftung auf den vertragstypischen, vorhersehbaren Schaden begrenzt. Im Übrigen ist die Haftung für leichte Fahrlässigkeit ausgeschlossen. Für den Verlust von Daten haftet Praxia nur, soweit der Schaden auch bei ordnungsgemäßer Datensicherung durch Praxia eingetreten wäre.',
  ),
  h('§ 11 Änderungen dieser Bedingungen'),
  p(
    'Praxia kann diese Bedingungen mit Wirkung für die Zukunft ändern, wenn dafür ein sachlicher Grund besteht. Praxia teilt Änderungen mindestens sechs Wochen vor ihrem Inkrafttreten in Textform mit. Widerspricht der Kunde nicht bis zum Inkrafttreten, gelten die Änderungen als angenommen; auf diese Folge weist Praxia in der Mitteilung hin. Im Fall des Widerspruchs kann jede Seite den Vertrag zum Inkrafttreten der Änderung kündigen.',
  ),
  h('§ 12 Schlussbestimmungen'),
  p(
    `Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Gerichtsstand für alle Streitigkeiten aus diesem Vertrag ist, soweit gesetzlich zulässig, ${company.city}. Sollte eine Bestimmung unwirksam sein, bleibt die Wirksamkeit der übrigen Bestimmungen unberührt.`,
  ),
];
