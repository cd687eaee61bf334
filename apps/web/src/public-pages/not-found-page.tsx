import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/document-title';

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
