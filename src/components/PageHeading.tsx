// The top of a content page: title, summary and last-updated date, then the table of contents.
import { formatDate } from '../i18n/format-date.ts';
import type { ContentPageData } from '../routes/page-data.ts';
import { useChrome } from './Chrome.tsx';

const TOC_MIN_SECTIONS = 4;

export function PageHeading({ page }: { page: ContentPageData }) {
  const { chrome, t } = useChrome();
  return (
    <>
      <h1>{page.title}</h1>
      <p className="page__summary">{page.summary}</p>
      {/* Always there on the site; the editor's preview leaves it out until the date is valid. */}
      {page.updated ? (
        <p className="page__updated">
          {t('page.updated', { date: formatDate(page.updated, chrome.language) })}
        </p>
      ) : null}
      {page.toc.length >= TOC_MIN_SECTIONS ? (
        <nav className="toc" aria-labelledby="toc-title" data-pagefind-ignore="all">
          <h2 id="toc-title">{t('page.toc')}</h2>
          <ul>
            {page.toc.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`}>{entry.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}
