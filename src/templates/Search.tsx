// The search page: the query comes from the URL (?q=), results from the Pagefind index of the
// page's language (its parts, merged), ten at a time with a "show more" button.
import { useEffect, useRef, useState } from 'react';
import { Link } from '../components/router/Link.tsx';
import { useSearchParams } from '../components/router/RouterProvider.tsx';
import { useChrome } from '../components/Chrome.tsx';
import { SearchForm } from '../components/SearchForm.tsx';
import { useHydrated } from '../components/useHydrated.ts';
import { formatDate } from '../i18n/format-date.ts';
import type { TemplateProps } from '../routes/page-data.ts';
import { search, type SearchHit, type SearchResults } from '../runtime/search-client.ts';

const PAGE_SIZE = 10;

type Outcome =
  | { term: string; failed: true }
  /** firstNew: index of the first hit the last "show more" added, which then gets focus. */
  | { term: string; failed: false; results: SearchResults; hits: SearchHit[]; firstNew?: number };

export function SearchTemplate({ data }: TemplateProps<'search'>) {
  const { chrome, t } = useChrome();
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  // Before hydration the page shows what the prerender showed: the form alone.
  const query = hydrated ? searchParams.get('q') : null;
  const term = query?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const firstNewHit = useRef<HTMLAnchorElement>(null);
  const parts = data.searchIndexes;

  useEffect(() => {
    if (!term) return;
    let cancelled = false;
    search(term, parts).then(
      async (results) => {
        const hits = await results.load(0, PAGE_SIZE);
        if (!cancelled) setOutcome({ term, failed: false, results, hits });
      },
      () => {
        if (!cancelled) setOutcome({ term, failed: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [term, parts]);

  const current = outcome?.term === term ? outcome : null;
  const firstNew = current && !current.failed ? current.firstNew : undefined;
  // After "show more" has rendered, keyboard and screen-reader users continue at the first new result.
  useEffect(() => {
    if (firstNew !== undefined) firstNewHit.current?.focus();
  }, [firstNew]);
  const status = !term
    ? ''
    : !current
      ? t('search.loading')
      : current.failed
        ? t('search.failed')
        : t('search.count', { count: current.results.count, query: term });

  const showMore = async () => {
    if (!current || current.failed) return;
    const more = await current.results.load(current.hits.length, current.hits.length + PAGE_SIZE);
    setOutcome({ ...current, hits: [...current.hits, ...more], firstNew: current.hits.length });
  };

  return (
    <div className="search-page">
      <h1>{data.title}</h1>
      <SearchForm
        className="search-page__form"
        query={query ?? ''}
        error={query !== null && !term ? t('search.required') : undefined}
      />
      <p
        className="search-page__status"
        role="status"
        aria-live="polite"
        data-testid="search-status"
      >
        {status}
      </p>
      {current && !current.failed && current.hits.length > 0 ? (
        <>
          <ol className="search-results">
            {current.hits.map((hit, index) => (
              <li key={hit.url} className="search-results__item">
                <h2 className="search-results__title">
                  <Link to={hit.url} ref={index === firstNew ? firstNewHit : undefined}>
                    {hit.title}
                  </Link>
                </h2>
                {hit.section || hit.date ? (
                  <p className="search-results__meta">
                    {[hit.section, hit.date ? formatDate(hit.date, chrome.language) : undefined]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                ) : null}
                <p
                  className="search-results__excerpt"
                  dangerouslySetInnerHTML={{ __html: hit.excerpt }}
                />
              </li>
            ))}
          </ol>
          {current.hits.length < current.results.count ? (
            <button type="button" className="button" onClick={() => void showMore()}>
              {t('search.more')}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
