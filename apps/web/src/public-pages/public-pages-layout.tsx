import { TERMS_PDF_PATH } from '@praxia/shared/constants';
import { PUBLIC_PAGE_PATHS } from '@praxia/shared/public-pages';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Header with the product name, the page, and the legal links: the frame of every public page. */
export function PublicPagesLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="frame">
      <header className="header">
        <a className="brand" href="/">
          <span className="brand-badge" aria-hidden>
            P
          </span>
          Praxia
        </a>
      </header>
      <main className="main">{children}</main>
      <footer className="footer">
        <a href={PUBLIC_PAGE_PATHS.imprint}>{t('nav.imprint')}</a>
        <a href={PUBLIC_PAGE_PATHS.privacy}>{t('nav.privacy')}</a>
        <a href={TERMS_PDF_PATH} target="_blank" rel="noopener">
          {t('nav.terms')}
        </a>
      </footer>
    </div>
  );
}
