import { company } from './company';

/** Version and date as the spec gives them (foundations §2 Legal pages). */
export const PRIVACY_VERSION = 'Version 1.3, Stand: 08.04.25';

type Section = { title: string; blocks: (string | readonly string[])[] };

const address = `${company.name}, ${company.street}, ${company.postalCode} ${company.city}`;

export const privacySections: Section[] = [
  {
    title: '1. Verantwortlicher und Auftragsverarbeiter',
    blocks: [
      `Verantwortlicher im Sinne der Datenschutz-Grundverordnung (DSGVO) für diese Website, für die Nutzerkonten der Praxen und für die Vertragsabwicklung ist die ${address}, E-Mail: ${company.email}, Telefon: ${company.phone}.`,
      'Daten von Patientinnen und Patienten (zum Beispiel Termine, Patientenakten, Diagnosen, Rechnungen und Dokumente) verarbeitet die jeweilige Praxis in eigener Verantwortung. Für diese Daten ist die Praxis Verantwortliche; Praxia verarbeitet sie ausschließlich in ihrem Auftrag und nach ihren Weisungen als Auftragsverarbeiter gemäß Art. 28 DSGVO auf Grundlage des Vertrags zur Auftragsverarbeitung (AV-Vertrag). Anfragen zu diesen Daten richten Sie bitte an Ihre Praxis.',
    ],
  },
  {
    title: '2. Datenschutzbeauftragter',
    blocks: [
      `Sie erreichen unseren Datenschutzbeauftragten, ${company.dataProtectionOfficer.name}, unter ${company.dataProtectionOfficer.email} oder unter unserer Postanschrift mit dem Zusatz „Datenschutzbeauftragter“.`,
    ],
  },
  {
    title: '3. Welche Daten wir verarbeiten und wozu',
    blocks: [
      [
        'Kontodaten der Praxis und ihrer Mitarbeitenden (Name, Anrede, Titel, Berufsbezeichnung, E-Mail-Adresse, Telefonnummer, Praxisanschrift, Passwort als sicherer Hash) zur Bereitstellung des Dienstes, Art. 6 Abs. 1 lit. b DSGVO.',
        'Abrechnungsdaten des Abonnements (Rechnungsanschrift, Zahlungsstatus) zur Vertragserfüllung und zur Erfüllung steuer- und handelsrechtlicher Pflichten, Art. 6 Abs. 1 lit. b und c DSGVO.',
        'Technische Zugriffsdaten (IP-Adresse, Zeitpunkt, aufgerufene Adresse, Browserkennung) zur sicheren Bereitstellung und zur Abwehr von Angriffen, Art. 6 Abs. 1 lit. f DSGVO.',
        'Gesundheitsdaten von Patientinnen und Patienten ausschließlich im Auftrag der Praxis; die Praxis verarbeitet sie auf Grundlage von Art. 9 Abs. 2 lit. h DSGVO in Verbindung mit den berufsrechtlichen Vorschriften.',
      ],
      'Bei der Anmeldung mit Zugangscode senden wir einen einmal verwendbaren Code an Ihre E-Mail-Adresse. Wir setzen keine Werbe-, Analyse- oder Tracking-Dienste ein und binden keine Schriftarten, Skripte oder Inhalte von Drittanbietern ein.',
    ],
  },
  {
    title: '4. Cookies',
    blocks: [
      'Wir verwenden genau ein technisch notwendiges Cookie, das Sitzungscookie „praxia_session“. Es hält Sie nach der Anmeldung angemeldet und enthält nur eine zufällige Sitzungskennung. Es ist 12 Stunden gültig; die Gültigkeit verlängert sich bei jeder Interaktion mit unserem Server. Bei der Abmeldung wird es gelöscht. Rechtsgrundlage ist § 25 Abs. 2 Nr. 2 TDDDG und Art. 6 Abs. 1 lit. b DSGVO; eine Einwilligung ist dafür nicht erforderlich.',
    ],
  },
  {
    title: '5. Videosprechstunde',
    blocks: [
      'Videosprechstunden werden Ende-zu-Ende-verschlüsselt übertragen. Bild und Ton werden weder von uns noch von Dritten aufgezeichnet oder gespeichert und sind für uns nicht einsehbar. Wir speichern nur Metadaten der Verbindung (Zeitpunkt, Dauer, beteiligte Konten), um den Dienst bereitzustellen und Störungen zu beheben.',
    ],
  },
  {
    title: '6. Empfänger',
    blocks: [
      'Wir setzen sorgfältig ausgewählte Dienstleister ein, die Daten in unserem Auftrag und nach unseren Weisungen verarbeiten (Art. 28 DSGVO): Rechenzentrumsbetrieb in Deutschland, Versand von E-Mails sowie einen Zahlungsdienstleister für das Abonnement. Eine Übermittlung in Länder außerhalb der Europäischen Union oder des Europäischen Wirtschaftsraums findet nicht statt. Daten von Patientinnen und Patienten geben wir nur auf Weisung der Praxis weiter.',
    ],
  },
  {
    title: '7. Speicherdauer',
    blocks: [
      [
        'IP-Adressen in Server-Protokollen: höchstens 7 Tage.',
        'Verbindungsprotokolle: 3 Monate.',
        'Metadaten von Videosprechstunden: 90 Tage.',
        'Rechnungs- und Abrechnungsdaten: 10 Jahre (§ 147 Abgabenordnung, § 257 Handelsgesetzbuch).',
        'Kontodaten: für die Dauer des Vertrags; danach werden sie gelöscht, soweit keine gesetzliche Aufbewahrungspflicht besteht.',
        'Daten, die wir im Auftrag der Praxis verarbeiten: nach Weisung der Praxis, spätestens bei Vertragsende nach den Regeln des AV-Vertrags.',
      ],
    ],
  },
  {
    title: '8. Ihre Rechte',
    blocks: [
      [
        'Auskunft über die zu Ihrer Person gespeicherten Daten (Art. 15 DSGVO).',
        'Berichtigung unrichtiger Daten (Art. 16 DSGVO).',
        'Löschung (Art. 17 DSGVO) und Einschränkung der Verarbeitung (Art. 18 DSGVO).',
        'Datenübertragbarkeit (Art. 20 DSGVO).',
        'Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21 DSGVO).',
        'Widerruf einer erteilten Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO).',
        `Beschwerde bei einer Datenschutz-Aufsichtsbehörde (Art. 77 DSGVO), zum Beispiel bei der für uns zuständigen ${company.supervisoryAuthority.name}, ${company.supervisoryAuthority.address}.`,
      ],
      `Wenden Sie sich zur Ausübung Ihrer Rechte an ${company.email}. Betreffen Ihre Anliegen Daten, die eine Praxis verarbeitet, leiten wir sie an die Praxis weiter.`,
    ],
  },
  {
    title: '9. Datensicherheit',
    blocks: [
      'Alle Verbindungen sind per TLS verschlüsselt. Passwörter speichern wir nur als sicheren Hash. Die Daten jeder Praxis sind von denen anderer Praxen getrennt; Zugriffe sind nach Rollen beschränkt. Eine automatisierte Entscheidungsfindung einschließlich Profiling findet nicht statt.',
    ],
  },
  {
    title: '10. Änderungen',
    blocks: [
      'Wir passen diese Datenschutzerklärung an, wenn sich der Dienst oder die Rechtslage ändert. Es gilt die jeweils hier veröffentlichte Fassung.',
    ],
  },
];
