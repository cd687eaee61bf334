import { FAQ_URL, MARKETING_URL } from '@praxia/shared/constants';
import { THERAPIST_PROFILE_PREFIX, THERAPIST_SEARCH_PATH } from '@praxia/shared/public-pages';
import type { ReactNode } from 'react';
import { PlainFrame, plainFrameTexts } from '../lib/plain-frame/plain-frame';
import { useTranslation } from './i18n';

/** The search and profile pages are where visitors arrive from outside: they get the public header (spec §2.5). */
const hasPublicHeader = (pathname: string) =>
  pathname.startsWith(THERAPIST_SEARCH_PATH) || pathname.startsWith(THERAPIST_PROFILE_PREFIX);

function PublicHeaderLinks() {
  const { t } = useTranslation();
  return (
    <>
      <a href={MARKETING_URL}>{t('nav.aboutPraxia')}</a>
      <a href={FAQ_URL}>{t('nav.faq')}</a>
      <a href="/login">{t('nav.login')}</a>
    </>
  );
}

/** The frame of every public page: the product name, the page, and the legal links. */
export function PublicPagesLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const headerLinks = hasPublicHeader(window.location.pathname) ? <PublicHeaderLinks /> : undefined;
  return (
    <PlainFrame texts={plainFrameTexts(t)} headerLinks={headerLinks}>
      {children}
    </PlainFrame>
  );
}
