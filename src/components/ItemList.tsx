// A list of dated items (news, attacks, events) with date, place and topics.
import type { Ref } from 'react';
import { Link } from './router/Link.tsx';
import { formatDate, formatDateRange } from '../i18n/format-date.ts';
import type { ListingItem } from '../routes/page-data.ts';
import { useChrome } from './Chrome.tsx';

interface ItemListProps {
  items: ListingItem[];
  /** The level of the item titles: 3 when the list sits under its own h2. */
  headingLevel?: 2 | 3;
  /** The index of an item whose link gets `linkRef` (the first item "load more" added). */
  refIndex?: number;
  linkRef?: Ref<HTMLAnchorElement>;
}

export function ItemList({ items, headingLevel = 2, refIndex, linkRef }: ItemListProps) {
  const { chrome, t } = useChrome();
  if (items.length === 0) return <p>{t('listing.empty')}</p>;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    // The items are indexed on their own pages; a list of them would only repeat their titles.
    <ul className="item-list" data-pagefind-ignore="all">
      {items.map((item, index) => (
        <li key={item.path} className="item-list__item">
          <Heading className="item-list__title">
            <Link to={item.path} ref={index === refIndex ? linkRef : undefined}>
              {item.title}
            </Link>
          </Heading>
          <p className="item-list__meta">
            <time dateTime={item.date}>
              {item.end
                ? formatDateRange(item.date, item.end, chrome.language)
                : formatDate(item.date, chrome.language)}
            </time>
            {item.place ? <span> · {item.place}</span> : null}
            {item.online ? <span> · {t('article.online')}</span> : null}
            {item.source ? <span> · {item.source.label}</span> : null}
          </p>
          <p>{item.summary}</p>
          {item.topics.length > 0 ? (
            <p className="item-list__topics">
              {item.topics.map((topic) => topic.label).join(' · ')}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
