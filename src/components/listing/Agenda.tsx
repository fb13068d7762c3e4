// The agenda: filters, then the upcoming events (start or end today or later in Brussels) by
// date, then the past events, newest first. "No upcoming events" and "no events for this
// filter" are different messages.
import type { ListingInfo, ListingItem } from '../../routes/page-data.ts';
import { useChrome } from '../Chrome.tsx';
import { ItemList } from '../ItemList.tsx';
import { isUpcoming } from '../../routes/dated-items.ts';
import { filterItems } from './listing-query.ts';
import { ListingFilters } from './ListingFilters.tsx';
import { ResultCount } from './ResultCount.tsx';
import { useListingQuery } from './useListingQuery.ts';
import './listing.css';

export function Agenda({ listing, info }: { listing: ListingItem[]; info: ListingInfo }) {
  const { t } = useChrome();
  const query = useListingQuery(info);
  const { filter, filtered, today } = query;
  // The route table sorts events by start; the past reads backwards from today.
  const matches = filterItems(listing, filter, today);
  const upcoming = matches.filter((item) => isUpcoming(item, today));
  const past = matches.filter((item) => !isUpcoming(item, today)).reverse();
  const noMatch = filtered && matches.length === 0;

  return (
    // The site search indexes each item on its own page, not the list and its filters.
    <div className="listing" data-pagefind-ignore="all">
      {/* Nothing to filter yet: no form. */}
      {listing.length > 0 ? (
        <ListingFilters
          kind="event"
          basePath={info.basePath}
          topics={info.topics}
          sources={[]}
          urlDraft={query.urlDraft}
          urlErrors={query.errors}
          search={query.search}
          filtered={filtered}
          today={today}
          onApply={query.apply}
        />
      ) : null}
      <ResultCount
        text={filtered ? t('agenda.count', { count: matches.length }) : ''}
        query={query.search}
      />
      {!noMatch && (!filtered || upcoming.length > 0) ? (
        <section className="agenda__section" aria-labelledby="agenda-upcoming">
          <h2 id="agenda-upcoming">{t('agenda.upcoming')}</h2>
          {upcoming.length > 0 ? (
            <ItemList items={upcoming} headingLevel={3} />
          ) : (
            <p className="listing__empty" data-testid="agenda-no-upcoming">
              {t('agenda.noUpcoming')}
            </p>
          )}
        </section>
      ) : null}
      {past.length > 0 ? (
        <section className="agenda__section" aria-labelledby="agenda-past">
          <h2 id="agenda-past">{t('agenda.past')}</h2>
          <ItemList items={past} headingLevel={3} />
        </section>
      ) : null}
      <p className="listing__feed">
        <a href={info.feedPath} type="text/calendar">
          {t('agenda.subscribe')}
        </a>
      </p>
    </div>
  );
}
