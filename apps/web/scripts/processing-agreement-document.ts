import { company } from '../src/public-pages/legal/company';
import type { Block } from './legal-pdf';

const h = (text: string): Block => ({ kind: 'heading', text });
const p = (text: string): Block => ({ kind: 'paragraph', text });
const li = (text: string): Block => ({ kind: 'bullet', text });

const operator = `${company.name}, ${company.street}, ${company.postalCode} ${company.city}`;

/** Data processing agreement (Art. 28 GDPR), served as /docs/auftragsverarbeitungsvertrag.pdf. */
export const processingAgreementDocument: Block[] = [
  { kind: 'title', text: 'Vertrag zur Auftragsverarbeitung gemäß Art. 28 DSGVO' },
  p(
    `zwischen der Praxis, die sich bei Praxia registriert hat (Verantwortlicher, im Folgenden „Auftraggeber“), und der ${operator} (Auftragsverarbeiter, im Folgenden „Auftragnehmer“). Stand: 08.04.2025.`,
  ),
  p(
    'Der Vertrag wird elektronisch geschlossen, indem der Auftraggeber bei der Registrierung zustimmt. Er gilt für die gesamte Dauer des Nutzungsvertrags über Praxia.',
  ),
  h('§ 1 Gegenstand und Dauer'),
  p(
    'Der Auftragnehmer betreibt für den Auftraggeber die Praxisverwaltungssoftware Praxia. Dabei verarbeitet er personenbezogene Daten im Auftrag des Auftraggebers. Die Dauer dieses Vertrags entspricht der Laufzeit des Nutzungsvertrags.',
  ),
  h('§ 2 Art, Zweck und Umfang der Verarbeitung'),
  p('Zweck ist die Terminverwaltung, Dokumentation, Abrechnung und Kommunikation der Praxis. Verarbeitet werden:'),
  li('Stamm- und Kontaktdaten (Name, Anschrift, Geburtsdatum, E-Mail-Adresse, Telefonnummer),'),
  li('Termin- und Buchungsdaten sowie Metadaten von Videosprechstunden,'),
  li('Gesundheitsdaten im Sinne von Art. 9 DSGVO (Diagnosen, Verlaufsdokumentation, Dokumente),'),
  li('Abrechnungsdaten (Leistungen, Rechnungen, Versicherungsart).'),
  p('Betroffen sind Patientinnen und Patienten, Klientinnen und Klienten sowie die Mitarbeitenden des Auftraggebers.'),
  h('§ 3 Weisungen'),
  p(
    'Der Auftragnehmer verarbeitet die Daten nur auf dokumentierte Weisung des Auftraggebers, sofern er nicht gesetzlich zu einer anderen Verarbeitung verpflichtet ist. Weisungen erteilt der Auftraggeber grundsätzlich durch die Nutzung der Software, im Übrigen in Textform. Hält der Auftragnehmer eine Weisung für rechtswidrig, informiert er den Auftraggeber unverzüglich.',
  ),
  h('§ 4 Vertraulichkeit'),
  p(
    'Der Auftragnehmer setzt nur Personen ein, die auf die Vertraulichkeit verpflichtet und über die Schweigepflicht nach § 203 StGB belehrt sind. Er ist mitwirkende Person im Sinne von § 203 Abs. 3 StGB und wahrt die Geheimnisse der Patientinnen und Patienten wie der Auftraggeber selbst.',
  ),
  h('§ 5 Technische und organisatorische Maßnahmen'),
  p('Der Auftragnehmer trifft die Maßnahmen nach Art. 32 DSGVO, insbesondere:'),
  li('Betrieb in Rechenzentren in Deutschland mit Zutrittskontrolle und redundanter Stromversorgung,'),
  li('Verschlüsselung aller Verbindungen per TLS und Ende-zu-Ende-Verschlüsselung der Videosprechstunden,'),
  li('Speicherung von Passwörtern nur als sicherer Hash, Anmeldung mit Zugangscode auf Wunsch,'),
  li('Trennung der Daten verschiedener Praxen und rollenbasierte Zugriffsrechte,'),
  li('regelmäßige verschlüsselte Datensicherungen und erprobte Wiederherstellung,'),
  li('Protokollierung sicherheitsrelevanter Ereignisse und regelmäßige Überprüfung der Maßnahmen.'),
  h('§ 6 Unterauftragsverarbeiter'),
  p(
    'Der Auftraggeber stimmt dem Einsatz folgender Kategorien von Unterauftragsverarbeitern zu: Rechenzentrumsbetrieb in Deutschland und E-Mail-Versand innerhalb der Europäischen Union. Der Zahlungsdienstleister verarbeitet nur Daten des Abonnements, keine Patientendaten. Über beabsichtigte Änderungen informiert der Auftragnehmer vorab in Textform; der Auftraggeber kann aus wichtigem datenschutzrechtlichem Grund widersprechen. Eine Verarbeitung außerhalb der EU oder des EWR findet nicht statt.',
  ),
  h('§ 7 Unterstützung des Auftraggebers'),
  p(
    'Der Auftragnehmer unterstützt den Auftraggeber bei der Beantwortung von Anträgen betroffener Personen (Art. 15 bis 22 DSGVO), bei Datenschutz-Folgenabschätzungen und bei der Erfüllung seiner Pflichten nach Art. 32 bis 36 DSGVO. Anfragen betroffener Personen, die beim Auftragnehmer eingehen, leitet er unverzüglich an den Auftraggeber weiter.',
  ),
  h('§ 8 Meldung von Verletzungen'),
  p(
    'Der Auftragnehmer meldet dem Auftraggeber eine Verletzung des Schutzes personenbezogener Daten unverzüglich, spätestens innerhalb von 24 Stunden nach Kenntnis, mit den Angaben nach Art. 33 Abs. 3 DSGVO, soweit sie ihm vorliegen.',
  ),
  h('§ 9 Löschung und Rückgabe'),
  p(
    'Nach Ende des Vertrags kann der Auftraggeber seine Daten 30 Tage lang exportieren. Danach löscht der Auftragnehmer alle Daten des Auftraggebers, sofern keine gesetzliche Pflicht zur Speicherung besteht, und bestätigt die Löschung auf Anfrage.',
  ),
  h('§ 10 Nachweise und Kontrollen'),
  p(
    'Der Auftragnehmer weist die Einhaltung seiner Pflichten auf Anfrage durch geeignete Unterlagen nach. Der Auftraggeber kann Kontrollen nach rechtzeitiger Ankündigung während der üblichen Geschäftszeiten durchführen oder durch einen zur Verschwiegenheit verpflichteten Prüfer durchführen lassen.',
  ),
  h('§ 11 Haftung'),
  p('Für die Haftung gilt Art. 82 DSGVO. Im Übrigen gelten die Haftungsregeln des Nutzungsvertrags.'),
  h('§ 12 Schlussbestimmungen'),
  p(
    `Bei Widersprüchen geht dieser Vertrag den Regelungen des Nutzungsvertrags vor. Es gilt deutsches Recht. Datenschutzbeauftragter des Auftragnehmers: ${company.dataProtectionOfficer.name}, ${company.dataProtectionOfficer.email}.`,
  ),
];
