import { useTranslation } from 'react-i18next';
import { PageTitle } from './page-title';

/** The dashboard: an empty page with a title for now (spec foundations §2). */
export function MainPage() {
  const { t } = useTranslation();
  return <PageTitle>{t('pages.mainTitle')}</PageTitle>;
}
