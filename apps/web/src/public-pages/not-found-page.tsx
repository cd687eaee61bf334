import { useDocumentTitle } from '../lib/document-title';
import { useTranslation } from './i18n';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.notFoundTitle'));
  return (
    <article className="card">
      <h1>{t('pages.notFound')}</h1>
      <p>
        <a href="/">{t('pages.goHome')}</a>
      </p>
    </article>
  );
}
