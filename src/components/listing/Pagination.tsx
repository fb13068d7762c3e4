// Numbered page links ("Go to page {page}"): plain links, so they work before and without
// JavaScript. Long lists show the first, the last and the pages around the current one.
import type { MouseEventHandler } from 'react';
import { Link } from '../router/Link.tsx';
import { useChrome } from '../Chrome.tsx';

/** The page numbers to link, with null where a run of pages is left out. */
export function pageWindow(pageCount: number, current: number): (number | null)[] {
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  if (pageCount <= 7) return pages;
  const kept = pages.filter(
    (page) => page === 1 || page === pageCount || Math.abs(page - current) <= 1,
  );
  return kept.flatMap((page, index) => {
    const previous = kept[index - 1];
    return previous !== undefined && page - previous > 1 ? [null, page] : [page];
  });
}

interface PaginationProps {
  pageCount: number;
  /** The page the address names. */
  current: number;
  /** Pages after it that "load more" added to the list. */
  shownUntil: number;
  hrefOf: (page: number) => string;
  onNavigate?: MouseEventHandler<HTMLAnchorElement>;
}

export function Pagination({
  pageCount,
  current,
  shownUntil,
  hrefOf,
  onNavigate,
}: PaginationProps) {
  const { t } = useChrome();
  if (pageCount < 2) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <ul>
        {pageWindow(pageCount, current).map((page, index) =>
          page === null ? (
            <li key={`gap-${String(index)}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                to={hrefOf(page)}
                aria-label={t('pagination.goTo', { page })}
                aria-current={page === current ? 'page' : undefined}
                className={page > current && page <= shownUntil ? 'pagination__shown' : undefined}
                onClick={onNavigate}
              >
                {page}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
