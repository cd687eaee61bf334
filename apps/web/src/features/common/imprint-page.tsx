import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { company, ODR_URL } from './company';
import { DataAttributions } from './data-attributions';
import { LegalPage, LegalSection } from './legal-page';

export function ImprintPage() {
  const { t } = useTranslation();
  const { dataProtectionOfficer: dpo, supervisoryAuthority: authority } = company;
  return (
    <LegalPage title={t('nav.imprint')}>
      <LegalSection title="Angaben gemäß § 5 DDG">
        <Text size="sm">
          {company.name}
          <br />
          {company.street}
          <br />
          {company.postalCode} {company.city}
        </Text>
      </LegalSection>
      <LegalSection title="Kontakt">
        <Text size="sm">
          Telefon: <Anchor href={`tel:${company.phone.replaceAll(' ', '')}`}>{company.phone}</Anchor>
          <br />
          E-Mail: <Anchor href={`mailto:${company.email}`}>{company.email}</Anchor>
        </Text>
      </LegalSection>
      <LegalSection title="Vertretungsberechtigte Geschäftsführung">
        <Text size="sm">{company.managingDirector}</Text>
      </LegalSection>
      <LegalSection title="Registereintrag">
        <Text size="sm">
          Registergericht: {company.registerCourt}
          <br />
          Registernummer: {company.registerNumber}
        </Text>
      </LegalSection>
      <LegalSection title="Umsatzsteuer-Identifikationsnummer">
        <Text size="sm">Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: {company.vatId}</Text>
      </LegalSection>
      <LegalSection title="Datenschutzbeauftragter">
        <Text size="sm">
          {dpo.name}, {company.name}, {company.street}, {company.postalCode} {company.city}
          <br />
          E-Mail: <Anchor href={`mailto:${dpo.email}`}>{dpo.email}</Anchor>
        </Text>
      </LegalSection>
      <LegalSection title="Zuständige Datenschutz-Aufsichtsbehörde">
        <Text size="sm">
          {authority.name}, {authority.address},{' '}
          <Anchor href={authority.url} target="_blank" rel="noopener noreferrer">
            {authority.url.replace('https://', '')}
          </Anchor>
        </Text>
      </LegalSection>
      <LegalSection title="EU-Streitschlichtung">
        <Text size="sm">
          Die Europäische Kommission stellt eine Plattform zur Online-Streitbeilegung (OS) bereit:{' '}
          <Anchor href={ODR_URL} target="_blank" rel="noopener noreferrer">
            {ODR_URL}
          </Anchor>
          . Unsere E-Mail-Adresse finden Sie oben. Wir sind nicht bereit oder verpflichtet, an Streitbeilegungsverfahren
          vor einer Verbraucherschlichtungsstelle teilzunehmen.
        </Text>
      </LegalSection>
      <LegalSection title="Haftung für Links">
        <Text size="sm">
          Unser Angebot enthält Links zu externen Websites Dritter, auf deren Inhalte wir keinen Einfluss haben. Für
          diese fremden Inhalte übernehmen wir keine Gewähr; verantwortlich ist stets der jeweilige Anbieter oder
          Betreiber der Seiten. Die verlinkten Seiten wurden zum Zeitpunkt der Verlinkung auf mögliche Rechtsverstöße
          überprüft; rechtswidrige Inhalte waren nicht erkennbar. Eine permanente inhaltliche Kontrolle der verlinkten
          Seiten ist ohne konkrete Anhaltspunkte einer Rechtsverletzung nicht zumutbar. Werden uns Rechtsverletzungen
          bekannt, entfernen wir derartige Links umgehend.
        </Text>
      </LegalSection>
      <LegalSection title="Urheberrecht">
        <Text size="sm">
          Die Inhalte und Werke auf diesen Seiten unterliegen dem deutschen Urheberrecht. Vervielfältigung, Bearbeitung,
          Verbreitung und jede Art der Verwertung außerhalb der Grenzen des Urheberrechts bedürfen der schriftlichen
          Zustimmung der {company.name}. Inhalte Dritter sind als solche gekennzeichnet.
        </Text>
        <Text size="sm">
          © {new Date().getFullYear()} {company.name}. Alle Rechte vorbehalten.
        </Text>
      </LegalSection>
      <DataAttributions />
    </LegalPage>
  );
}
