import { useTranslation } from '../i18n';

const pageHref = (page: number) => (page === 1 ? window.location.pathname : `?page=${page}`);

/** Previous and next page as plain links (?page=n), so every page has its own address. */
export function SearchPager({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('therapistPages.pager')}>
      {page > 1 ? (
        <a href={pageHref(page - 1)} rel="prev">
          {t('therapistPages.previousPage')}
        </a>
      ) : (
        <span />
      )}
      <span aria-current="page">{t('therapistPages.pageOf', { page, pages })}</span>
      {page < pages ? (
        <a href={pageHref(page + 1)} rel="next">
          {t('therapistPages.nextPage')}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
