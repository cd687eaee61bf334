import './plain-frame.css';
import { TERMS_PDF_PATH } from '@praxia/shared/constants';
import { PUBLIC_PAGE_PATHS } from '@praxia/shared/public-pages';
import type { ReactNode } from 'react';

/** The frame's words, from whichever catalogue the page uses (i18next on sign-in, plain texts on the public pages). */
export type PlainFrameTexts = { mainNavigation: string; imprint: string; privacy: string; terms: string };

/** The frame's words in the page's language, by the page's `t`. */
export const plainFrameTexts = (t: (key: string) => string): PlainFrameTexts => ({
  mainNavigation: t('nav.mainNavigation'),
  imprint: t('nav.imprint'),
  privacy: t('nav.privacy'),
  terms: t('nav.terms'),
});

type PlainFrameProps = {
  children: ReactNode;
  texts: PlainFrameTexts;
  /** Draws the home link; a plain page load unless the page navigates itself (the sign-in page does). */
  homeLink?: (content: ReactNode, className: string) => ReactNode;
  /** Links after the legal ones in the footer. */
  moreFooterLinks?: ReactNode;
  /** The header's navigation beside the product name (the search and profile pages' public header). */
  headerLinks?: ReactNode;
};

const plainHomeLink = (content: ReactNode, className: string) => (
  <a className={className} href="/">
    {content}
  </a>
);

/**
 * The frame of the pages drawn without the staff app's component library (the public pages and sign-in): the
 * product name, the page, the legal links. Its styles are scoped, so it looks the same beside Mantine's.
 */
export function PlainFrame({
  children,
  texts,
  homeLink = plainHomeLink,
  moreFooterLinks,
  headerLinks,
}: PlainFrameProps) {
  const brand = (
    <>
      <span className="plain-brand-badge" aria-hidden>
        P
      </span>
      Praxia
    </>
  );
  return (
    <div className="plain-frame">
      <header className="plain-header">
        {homeLink(brand, 'plain-brand')}
        {headerLinks && (
          <nav className="plain-header-links" aria-label={texts.mainNavigation}>
            {headerLinks}
          </nav>
        )}
      </header>
      <main className="plain-main">{children}</main>
      <footer className="plain-footer">
        {/* The legal pages belong to the public entry: full page loads. */}
        <a href={PUBLIC_PAGE_PATHS.imprint}>{texts.imprint}</a>
        <a href={PUBLIC_PAGE_PATHS.privacy}>{texts.privacy}</a>
        <a href={TERMS_PDF_PATH} target="_blank" rel="noopener">
          {texts.terms}
        </a>
        {moreFooterLinks}
      </footer>
    </div>
  );
}
