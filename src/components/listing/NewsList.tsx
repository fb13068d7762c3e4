// The news list: filters, the result count, one page of items, "load more" and the page links.
// Without JavaScript each page of the unfiltered list is its own prerendered address.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../router/RouterProvider.tsx';
import type { ListingInfo, ListingItem } from '../../routes/page-data.ts';
import { useChrome } from '../Chrome.tsx';
import { ItemList } from '../ItemList.tsx';
import { filterItems, queryOf } from './listing-query.ts';
import { ListingFilters } from './ListingFilters.tsx';
import { Pagination } from './Pagination.tsx';
import { ResultCount } from './ResultCount.tsx';
import { useListingQuery } from './useListingQuery.ts';
import './listing.css';

// How far "load more" went is kept in the history entry, so going back to the list shows as
// many items as before, while the address stays the one to share.
const shownUntilOf = (state: unknown): number | undefined =>
  typeof state === 'object' &&
  state !== null &&
  'shownUntil' in state &&
  typeof state.shownUntil === 'number'
    ? state.shownUntil
    : undefined;

export function NewsList({ listing, info }: { listing: ListingItem[]; info: ListingInfo }) {
  const { t } = useChrome();
  const location = useLocation();
  const navigate = useNavigate();
  const query = useListingQuery(info);
  const { filter, filtered, hydrated, today } = query;
  const countRef = useRef<HTMLDivElement>(null);
  const firstNewLink = useRef<HTMLAnchorElement>(null);
  const focusFirstNew = useRef(false);

  const results = filterItems(listing, filter, today);
  const size = info.pageSize;
  const pageCount = Math.max(1, Math.ceil(results.length / size));
  const first = Math.min(query.page ?? (filtered ? 1 : info.pageNumber), pageCount);
  const last = hydrated
    ? Math.min(Math.max(first, shownUntilOf(location.state) ?? first), pageCount)
    : first;
  const shown = results.slice((first - 1) * size, last * size);

  useEffect(() => {
    if (!focusFirstNew.current) return;
    focusFirstNew.current = false;
    // Keyboard and screen-reader users continue at the first item "load more" added.
    firstNewLink.current?.focus();
  }, [last]);

  const loadMore = () => {
    focusFirstNew.current = true;
    void navigate(location.pathname + location.search, {
      replace: true,
      preventScrollReset: true,
      state: { shownUntil: last + 1 },
    });
  };

  const hrefOf = (page: number) =>
    filtered ? info.basePath + queryOf(filter, page) : (info.pagePaths[page - 1] ?? info.basePath);

  const countText =
    listing.length === 0 ? t('listing.empty') : t('listing.newsCount', { count: results.length });

  return (
    // The site search indexes each item on its own page, not the list and its filters.
    <div className="listing" data-pagefind-ignore="all">
      {/* Nothing to filter yet: no form. */}
      {listing.length > 0 ? (
        <ListingFilters
          kind="news"
          basePath={info.basePath}
          topics={info.topics}
          sources={info.sources}
          urlDraft={query.urlDraft}
          urlErrors={query.errors}
          search={query.search}
          filtered={filtered}
          today={today}
          onApply={query.apply}
        />
      ) : null}
      <div ref={countRef} tabIndex={-1} className="listing__results-start">
        <ResultCount text={countText} query={query.search} />
      </div>
      {shown.length > 0 ? (
        <ItemList
          items={shown}
          refIndex={last > first ? (last - first) * size : undefined}
          linkRef={firstNewLink}
        />
      ) : null}
      {hydrated && last < pageCount ? (
        <button type="button" className="button listing__more" onClick={loadMore}>
          {t('listing.loadMore')}
        </button>
      ) : null}
      <Pagination
        pageCount={pageCount}
        current={first}
        shownUntil={last}
        hrefOf={hrefOf}
        onNavigate={() => {
          // Another page of a filtered list is the same address with a new query: the
          // reader continues at the count above the new items.
          if (filtered) requestAnimationFrame(() => countRef.current?.focus());
        }}
      />
      <p className="listing__feed">
        <a href={info.feedPath} type="application/rss+xml">
          {t('listing.rss')}
        </a>
      </p>
    </div>
  );
}
