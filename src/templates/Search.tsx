// The search page: the query comes from the URL (?q=), results from the site search over the
// Pagefind index of the page's language (src/runtime/search-client.ts), ten at a time with a
// "show more" button. It says how it searched (a word corrected, words left out, "Did you mean
// …?"), and when it finds little it offers pages with some of the words, "What applies to me?"
// and the contacts, so that no search ends with nothing to follow.
import { useEffect, useRef, useState } from 'react';
import { Link } from '../components/router/Link.tsx';
import { useSearchParams } from '../components/router/RouterProvider.tsx';
import { useChrome } from '../components/Chrome.tsx';
import { SearchForm } from '../components/SearchForm.tsx';
import { SearchHitList } from '../components/SearchHitList.tsx';
import { SearchNotes } from '../components/SearchNotes.tsx';
import { useHydrated } from '../components/useHydrated.ts';
import type { TemplateProps } from '../routes/page-data.ts';
import { search } from '../runtime/search-client.ts';
import { FEW_PAGES } from '../runtime/search/ranking.ts';
import type { LoadedHit, SiteHit, SiteSearchResult } from '../runtime/search/site-search.ts';

const PAGE_SIZE = 10;

type Outcome =
  | { term: string; failed: true }
  | {
      term: string;
      failed: false;
      result: SiteSearchResult;
      hits: LoadedHit[];
      closest: LoadedHit[];
      /** Index of the first hit the last "show more" added, which then gets focus. */
      firstNew?: number;
    };

const loadAll = (hits: readonly SiteHit[]) => Promise.all(hits.map((hit) => hit.load()));

export function SearchTemplate({ data }: TemplateProps<'search'>) {
  const { chrome, t } = useChrome();
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  // Before hydration the page shows what the prerender showed: the form alone.
  const query = hydrated ? searchParams.get('q') : null;
  const term = query?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const firstNewHit = useRef<HTMLAnchorElement>(null);
  const { searchIndexes: parts, words } = data;

  useEffect(() => {
    if (!term) return;
    let cancelled = false;
    search(term, parts, words).then(
      async (result) => {
        const [hits, closest] = await Promise.all([
          loadAll(result.hits.slice(0, PAGE_SIZE)),
          loadAll(result.closest),
        ]);
        if (!cancelled) setOutcome({ term, failed: false, result, hits, closest });
      },
      () => {
        if (!cancelled) setOutcome({ term, failed: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [term, parts, words]);

  const current = outcome?.term === term ? outcome : null;
  const found = current && !current.failed ? current : null;
  // After "show more" has rendered, keyboard and screen-reader users continue at the first new result.
  useEffect(() => {
    if (found?.firstNew !== undefined) firstNewHit.current?.focus();
  }, [found?.firstNew]);
  // The count names the query that was searched: with a corrected word, the corrected one.
  const searched =
    found?.result.corrections.reduce((text, { typed, used }) => text.replace(typed, used), term) ??
    term;
  const status = !term
    ? ''
    : !current
      ? t('search.loading')
      : current.failed
        ? t('search.failed')
        : t('search.count', { count: current.result.hits.length, query: searched });

  const showMore = async () => {
    if (!found) return;
    const more = await loadAll(
      found.result.hits.slice(found.hits.length, found.hits.length + PAGE_SIZE),
    );
    setOutcome({ ...found, hits: [...found.hits, ...more], firstNew: found.hits.length });
  };
  const few = found !== null && found.result.hits.length < FEW_PAGES;

  return (
    <div className="search-page">
      <h1>{data.title}</h1>
      <SearchForm
        className="search-page__form"
        query={query ?? ''}
        error={query !== null && !term ? t('search.required') : undefined}
      />
      <div role="status" aria-live="polite" className="search-page__status">
        <p data-testid="search-status">{status}</p>
        {found ? <SearchNotes result={found.result} language={chrome.language} /> : null}
      </div>
      {found && found.hits.length > 0 ? (
        <>
          <SearchHitList hits={found.hits} focusAt={found.firstNew} focusRef={firstNewHit} />
          {found.hits.length < found.result.hits.length ? (
            <button type="button" className="button" onClick={() => void showMore()}>
              {t('search.more')}
            </button>
          ) : null}
        </>
      ) : null}
      {few && found.closest.length > 0 ? (
        <section className="search-page__more" aria-labelledby="search-closest">
          <h2 id="search-closest">{t('search.closest')}</h2>
          <SearchHitList hits={found.closest} level={3} />
        </section>
      ) : null}
      {few && data.help.length > 0 ? (
        <section className="search-page__more" aria-labelledby="search-help">
          <h2 id="search-help">{t('search.help')}</h2>
          <ul>
            {data.help.map((link) => (
              <li key={link.path}>
                <Link to={link.path}>{link.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
