// A list of search results: each page's title (a link), its section and date, and an excerpt
// with the query's words marked. The search page shows its results, and its closest matches.
import type { Ref } from 'react';
import { formatDate } from '../i18n/format-date.ts';
import type { LoadedHit } from '../runtime/search/site-search.ts';
import { useChrome } from './Chrome.tsx';
import { Link } from './router/Link.tsx';

interface SearchHitListProps {
  hits: readonly LoadedHit[];
  /** The index of the hit whose link gets `focusRef` (the first one "show more" added). */
  focusAt?: number;
  focusRef?: Ref<HTMLAnchorElement>;
  /** The titles' heading level: 3 under a heading of the page's own (the closest matches). */
  level?: 2 | 3;
}

export function SearchHitList({ hits, focusAt, focusRef, level = 2 }: SearchHitListProps) {
  const { chrome } = useChrome();
  const Title = level === 3 ? 'h3' : 'h2';
  return (
    <ol className="search-results">
      {hits.map((hit, index) => {
        const { section, date } = hit.meta;
        return (
          <li key={hit.url} className="search-results__item">
            <Title className="search-results__title">
              <Link to={hit.url} ref={index === focusAt ? focusRef : undefined}>
                {hit.title}
              </Link>
            </Title>
            {section || date ? (
              <p className="search-results__meta">
                {[section, date ? formatDate(date, chrome.language) : undefined]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            ) : null}
            {/* Escaped page text with the matched words in <mark> (search/excerpt.ts). */}
            <p
              className="search-results__excerpt"
              dangerouslySetInnerHTML={{ __html: hit.excerpt }}
            />
          </li>
        );
      })}
    </ol>
  );
}
