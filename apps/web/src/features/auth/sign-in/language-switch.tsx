import { LANGUAGES } from '@praxia/shared/constants';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../../lib/i18n';

/**
 * The guest's language switch on the sign-in page. The choice is remembered in this browser until a signed-in
 * user's own setting takes over (see lib/interface-language). Each language is named in itself, so a reader who
 * landed in the other one still finds theirs.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <fieldset aria-label={t('language.switch')} className="sign-in-languages">
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={i18n.language === language}
          className="sign-in-language"
          onClick={() => setLanguage(language)}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </fieldset>
  );
}
