import '../therapists/therapist-pages-i18n';
import '../therapists/therapist-pages.css';
import { ErrorCode } from '@praxia/shared/errors';
import { THERAPIST_SEARCH_PAGE_PREFIX, THERAPIST_SEARCH_PATH, therapistSearchPath } from '@praxia/shared/public-pages';
import { isPostalCode, pageFromSearch, postalCodeFromPath, searchPageHead } from '@praxia/shared/therapist-pages';
import type { TherapistSearch } from '@praxia/shared/users/search-schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n';
import { usePageHead, useTherapistPageText } from '../therapists/page-meta';
import type { PublicLoad } from '../therapists/public-api';
import { ResultCard } from './result-card';
import { searchTherapists } from './search-api';
import { SearchForm } from './search-form';
import { SearchPager } from './search-pager';

function readAddress() {
  const { pathname, search } = window.location;
  return { postalCode: postalCodeFromPath(pathname, THERAPIST_SEARCH_PAGE_PREFIX), page: pageFromSearch(search) };
}

function Results({ load, postalCode, page }: { load: PublicLoad<TherapistSearch>; postalCode: string; page: number }) {
  const { t } = useTranslation();
  if (load.kind === 'notFound' && load.code === ErrorCode.postalCodeUnknown) {
    return (
      <p className="warning" role="alert">
        {t('therapistPages.postalCodeUnknown', { postalCode })}
      </p>
    );
  }
  if (load.kind !== 'found') {
    return (
      <p className="warning" role="alert">
        {t('therapistPages.loadFailed')}
      </p>
    );
  }
  const { list, maxItems, pages } = load.data;
  if (maxItems === 0) {
    return (
      <p className="notice" role="status">
        {t('therapistPages.noResults', { postalCode })}
      </p>
    );
  }
  return (
    <section aria-labelledby="results-title">
      <h2 id="results-title" className="visually-hidden">
        {t('therapistPages.resultsTitle')}
      </h2>
      <p className="muted" role="status">
        {t('therapistPages.resultCount', { count: maxItems })}
      </p>
      <ul className="result-grid">
        {list.map((result) => (
          <ResultCard key={`${result.user.id}/${result.customerId}`} result={result} />
        ))}
      </ul>
      <SearchPager page={page} pages={pages} />
    </section>
  );
}

/**
 * /suche/psychotherapeuten-in-{postcode}?page=n (spec appointments §2.5): the postal-code search with its result
 * cards, two to a row. Title, heading and description name the searched place ('20095 Hamburg'), whichever city the
 * nearest practice is in; from page 2 on the page asks search engines not to list it.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const text = useTherapistPageText();
  const [{ postalCode, page }] = useState(readAddress);
  const isValid = isPostalCode(postalCode);
  const [load, setLoad] = useState<PublicLoad<TherapistSearch> | null>(null);

  useEffect(() => {
    // The development server has no /suche redirect of its own: do it here (the server answers 301 in production).
    if (window.location.pathname.replace(/\/$/, '') === THERAPIST_SEARCH_PATH) {
      const code = new URLSearchParams(window.location.search).get('postcode') ?? '';
      window.location.replace(therapistSearchPath(code.trim()));
      return;
    }
    if (isValid) void searchTherapists(postalCode, page).then(setLoad);
  }, [isValid, postalCode, page]);

  const head = searchPageHead(text, {
    postalCode,
    page,
    placeName: load?.kind === 'found' ? load.data.place.name : null,
    isUnknown: load?.kind === 'notFound',
  });
  // Until the search answers, the head the server wrote (with the place) stays.
  usePageHead(isValid && !load ? null : head);

  return (
    <article className="card therapist-search">
      <h1>{head.title}</h1>
      <SearchForm initialPostalCode={postalCode} isInitiallyInvalid={postalCode !== '' && !isValid} />
      {!postalCode && <p className="muted">{t('therapistPages.enterPostalCode')}</p>}
      {isValid && !load && (
        <p className="loading" role="status">
          {t('app.loading')}
        </p>
      )}
      {isValid && load && <Results load={load} postalCode={postalCode} page={page} />}
    </article>
  );
}
