import { TERMS_PDF_PATH } from '@praxia/shared';
import { useEffect } from 'react';
import { PageLoader } from '../../app/page-loader';

/** /agb is a stable address for the terms; the document itself is the PDF. */
export function TermsPage() {
  useEffect(() => {
    window.location.replace(TERMS_PDF_PATH);
  }, []);
  return <PageLoader />;
}
