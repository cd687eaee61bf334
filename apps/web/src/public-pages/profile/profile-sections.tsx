import {
  COVERAGE_TYPES,
  SPOKEN_LANGUAGES,
  THERAPEUTIC_FOCUS,
  TREATMENT_METHODS,
} from '@praxia/shared/users/profile-lists';
import type { PublicProfile } from '@praxia/shared/users/public-profile-schemas';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { languageName, sortedLabels } from '../therapists/therapist-format';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="profile-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

const TagList = ({ items }: { items: string[] }) => (
  <ul className="tag-list">
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

/** The profile's sections of spec appointments §2.6, each only when the therapist filled it in. */
export function ProfileSections({ profile }: { profile: PublicProfile }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const focus = sortedLabels(profile.therapeuticFocus, THERAPEUTIC_FOCUS, language);
  const methods = sortedLabels(profile.treatmentMethods, TREATMENT_METHODS, language);
  const coverage = sortedLabels(profile.coverageTypes, COVERAGE_TYPES, language);
  const languages = profile.languages.map((code) => languageName(code, SPOKEN_LANGUAGES, language));
  return (
    <>
      {focus.length > 0 && (
        <Section id="profile-focus" title={t('therapistPages.focus')}>
          <TagList items={focus} />
        </Section>
      )}
      {profile.therapistProfileText && (
        <Section id="profile-text" title={t('therapistPages.profileText')}>
          <p className="pre-line">{profile.therapistProfileText}</p>
        </Section>
      )}
      {methods.length > 0 && (
        <Section id="profile-methods" title={t('therapistPages.methods')}>
          <TagList items={methods} />
        </Section>
      )}
      {(profile.billingInformation || coverage.length > 0) && (
        <Section id="profile-billing" title={t('therapistPages.billing')}>
          {profile.billingInformation && <p className="pre-line">{profile.billingInformation}</p>}
          {coverage.length > 0 && <TagList items={coverage} />}
        </Section>
      )}
      {languages.length > 0 && (
        <Section id="profile-languages" title={t('therapistPages.languages')}>
          <p>{languages.join(', ')}</p>
        </Section>
      )}
      {profile.vita && (
        <Section id="profile-vita" title={t('therapistPages.vita')}>
          {/* Sanitised by the server to bold, underline, paragraphs and line breaks (security.md); never raw input. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised rich text */}
          <div className="vita" dangerouslySetInnerHTML={{ __html: profile.vita }} />
        </Section>
      )}
    </>
  );
}
