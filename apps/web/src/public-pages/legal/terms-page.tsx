import { TERMS_PDF_PATH } from '@praxia/shared/constants';
import { useEffect } from 'react';
import { useTranslation } from '../i18n';

/** /agb is a stable address for the terms; the document itself is the PDF. */
export function TermsPage() {
  const { t } = useTranslation();
  useEffect(() => {
    window.location.replace(TERMS_PDF_PATH);
  }, []);
  return (
    <p className="loading" role="status">
      {t('app.loading')}
    </p>
  );
}
