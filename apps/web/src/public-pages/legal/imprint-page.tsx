import { useTranslation } from '../i18n';
import { company, ODR_URL } from './company';
import { DataAttributions } from './data-attributions';
import { LegalPage, LegalSection } from './legal-page';

export function ImprintPage() {
  const { t } = useTranslation();
  const { dataProtectionOfficer: dpo, supervisoryAuthority: authority } = company;
  return (
    <LegalPage title={t('nav.imprint')}>
      <LegalSection title="Angaben gemäß § 5 DDG">
        <p>
          {company.name}
          <br />
          {company.street}
          <br />
          {company.postalCode} {company.city}
        </p>
      </LegalSection>
      <LegalSection title="Kontakt">
        <p>
          Telefon: <a href={`tel:${company.phone.replaceAll(' ', '')}`}>{company.phone}</a>
          <br />
          E-Mail: <a href={`mailto:${company.email}`}>{company.email}</a>
        </p>
      </LegalSection>
      <LegalSection title="Vertretungsberechtigte Geschäftsführung">
        <p>{company.managingDirector}</p>
      </LegalSection>
      <LegalSection title="Registereintrag">
        <p>
          Registergericht: {company.registerCourt}
          <br />
          Registernummer: {company.registerNumber}
        </p>
      </LegalSection>
      <LegalSection title="Umsatzsteuer-Identifikationsnummer">
        <p>Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: {company.vatId}</p>
      </LegalSection>
      <LegalSection title="Datenschutzbeauftragter">
        <p>
          {dpo.name}, {company.name}, {company.street}, {company.postalCode} {company.city}
          <br />
          E-Mail: <a href={`mailto:${dpo.email}`}>{dpo.email}</a>
        </p>
      </LegalSection>
      <LegalSection title="Zuständige Datenschutz-Aufsichtsbehörde">
        <p>
          {authority.name}, {authority.address},{' '}
          <a href={authority.url} target="_blank" rel="noopener noreferrer">
            {authority.url.replace('https://', '')}
          </a>
        </p>
      </LegalSection>
      <LegalSection title="EU-Streitschlichtung">
        <p>
          Die Europäische Kommission stellt eine Plattform zur Online-Streitbeilegung (OS) bereit:{' '}
          <a href={ODR_URL} target="_blank" rel="noopener noreferrer">
            {ODR_URL}
          </a>
          . Unsere E-Mail-Adresse finden Sie oben. Wir sind nicht bereit oder verpflichtet, an Streitbeilegungsverfahren
          vor einer Verbraucherschlichtungsstelle teilzunehmen.
        </p>
      </LegalSection>
      <LegalSection title="Haftung für Links">
        <p>
          Unser Angebot enthält Links zu externen Websites Dritter, auf deren Inhalte wir keinen Einfluss haben. Für
          diese fremden Inhalte übernehmen wir keine Gewähr; verantwortlich ist stets der jeweilige Anbieter oder
          Betreiber der Seiten. Die verlinkten Seiten wurden zum Zeitpunkt der Verlinkung auf mögliche Rechtsverstöße
          überprüft; rechtswidrige Inhalte waren nicht erkennbar. Eine permanente inhaltliche Kontrolle der verlinkten
          Seiten ist ohne konkrete Anhaltspunkte einer Rechtsverletzung nicht zumutbar. Werden uns Rechtsverletzungen
          bekannt, entfernen wir derartige Links umgehend.
        </p>
      </LegalSection>
      <LegalSection title="Urheberrecht">
        <p>
          Die Inhalte und Werke auf diesen Seiten unterliegen dem deutschen Urheberrecht. Vervielfältigung, Bearbeitung,
          Verbreitung und jede Art der Verwertung außerhalb der Grenzen des Urheberrechts bedürfen der schriftlichen
          Zustimmung der {company.name}. Inhalte Dritter sind als solche gekennzeichnet.
        </p>
        <p>
          © {new Date().getFullYear()} {company.name}. Alle Rechte vorbehalten.
        </p>
      </LegalSection>
      <DataAttributions />
    </LegalPage>
  );
}
