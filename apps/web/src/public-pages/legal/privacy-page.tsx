import { useTranslation } from '../i18n';
import { LegalPage, LegalSection, LegalText } from './legal-page';
import { PRIVACY_VERSION, privacySections } from './privacy-content';

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <LegalPage title={t('nav.privacy')}>
      <p className="muted" data-testid="privacy-version">
        {PRIVACY_VERSION}
      </p>
      {privacySections.map((section) => (
        <LegalSection key={section.title} title={section.title}>
          {section.blocks.map((block) => (
            <LegalText key={typeof block === 'string' ? block : block.join('|')} content={block} />
          ))}
        </LegalSection>
      ))}
    </LegalPage>
  );
}
