import './public-pages.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from './i18n';
import { PublicPagesLayout } from './public-pages-layout';
import { findPage } from './routes';

/*
 * The public pages' own entry (legal pages, cancel page, search, profile; the booking widget and the video
 * consultation have their own, src/widget and src/video). It must never pull the staff app: no Mantine, no staff router, no query client — the build's
 * first-view budget holds it.
 */

function Loading() {
  const { t } = useTranslation();
  return (
    <p className="loading" role="status">
      {t('app.loading')}
    </p>
  );
}

const Page = findPage(window.location.pathname);
const container = document.getElementById('root');
if (!container) throw new Error('public-pages.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <PublicPagesLayout>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </PublicPagesLayout>
  </StrictMode>,
);
