// "Sources" at the end of a page or article: where its facts come from, each with the day it was
// last checked, so that a reader (and the next fact-check) can trace them.
import { formatDate } from '../i18n/format-date.ts';
import type { SourceLink } from '../routes/page-data.ts';
import { useChrome } from './Chrome.tsx';

/** The list of a page's sources; nothing when it has none. */
export function Sources({ sources }: { sources: SourceLink[] | undefined }) {
  const { chrome, t } = useChrome();
  if (!sources || sources.length === 0) return null;
  return (
    // Kept out of the site search: a source's title would match searches the page does not answer.
    <section className="sources" aria-labelledby="sources-heading" data-pagefind-ignore="all">
      <h2 id="sources-heading">{t('sources.title')}</h2>
      <ul className="sources__list">
        {sources.map((source) => (
          <li key={source.url}>
            {/* A title in another language is read out in that language (WCAG 3.1.2). */}
            <a href={source.url} lang={source.lang} hrefLang={source.lang}>
              {source.title}
            </a>{' '}
            <span className="sources__checked">
              ({t('sources.checked', { date: formatDate(source.checked, chrome.language) })})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
