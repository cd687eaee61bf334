import { useTranslation } from 'react-i18next';
import { PageTitle } from './page-title';

/** The settings overview: an empty page with a title; the settings themselves are in the sidebar group. */
export function SettingsPage() {
  const { t } = useTranslation();
  return <PageTitle>{t('pages.settingsTitle')}</PageTitle>;
}
