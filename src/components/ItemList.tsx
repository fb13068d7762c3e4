// A list of dated items (news, attacks, events) with date, place and topics.
import { Link } from 'react-router';
import { formatDate } from '../i18n/format-date.ts';
import type { ListingItem } from '../routes/page-data.ts';
import { useChrome } from './Chrome.tsx';

export function ItemList({ items }: { items: ListingItem[] }) {
  const { chrome, t } = useChrome();
  if (items.length === 0) return <p>{t('listing.empty')}</p>;
  return (
    // The items are indexed on their own pages; a list of them would only repeat their titles.
    <ul className="item-list" data-pagefind-ignore="all">
      {items.map((item) => (
        <li key={item.path} className="item-list__item">
          <h2 className="item-list__title">
            <Link to={item.path}>{item.title}</Link>
          </h2>
          <p className="item-list__meta">
            <time dateTime={item.date}>{formatDate(item.date, chrome.language)}</time>
            {item.place ? <span> · {item.place}</span> : null}
            {item.online ? <span> · {t('article.online')}</span> : null}
          </p>
          <p>{item.summary}</p>
          {item.topics.length > 0 ? (
            <p className="item-list__topics">{item.topics.join(' · ')}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
