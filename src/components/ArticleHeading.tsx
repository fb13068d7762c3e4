// The top of a news item, recognised attack or event: title, summary and its facts (date or period,
// place, online, topics, source). The editor's preview renders it too (src/admin-preview).
import { formatDate, formatDateRange } from '../i18n/format-date.ts';
import type { ArticleData } from '../routes/page-data.ts';
import { useChrome } from './Chrome.tsx';

/** What the heading shows of an article; a fact left empty (the editor's new entry) is left out. */
export type ArticleHeadingData = Pick<
  ArticleData,
  'kind' | 'title' | 'summary' | 'date' | 'end' | 'place' | 'online' | 'topics' | 'source'
>;

export function ArticleHeading({ article }: { article: ArticleHeadingData }) {
  const { chrome, t } = useChrome();
  const dateLabel = article.kind === 'attack' ? t('article.attackDate') : t('article.date');
  return (
    <>
      <h1>{article.title}</h1>
      <p className="page__summary">{article.summary}</p>
      {/* The labels stay out of the search index: Pagefind runs a <dt data-pagefind-ignore=""> into its <dd> ("PlaceBrussels"). */}
      <dl className="news__facts">
        {!article.date ? null : article.kind === 'news' ? (
          <div>
            <dt className="visually-hidden" data-pagefind-ignore="">
              {t('article.date')}
            </dt>
            <dd>{t('article.published', { date: formatDate(article.date, chrome.language) })}</dd>
          </div>
        ) : (
          <div>
            <dt data-pagefind-ignore="">{dateLabel}</dt>
            <dd>
              <time dateTime={article.date}>
                {article.end
                  ? formatDateRange(article.date, article.end, chrome.language)
                  : formatDate(article.date, chrome.language)}
              </time>
            </dd>
          </div>
        )}
        {article.place ? (
          <div>
            <dt data-pagefind-ignore="">{t('article.place')}</dt>
            <dd>{article.place}</dd>
          </div>
        ) : null}
        {article.online ? (
          <div>
            <dt data-pagefind-ignore="">{t('article.online')}</dt>
            <dd>{article.online === true ? '✓' : <a href={article.online}>{article.online}</a>}</dd>
          </div>
        ) : null}
        {article.topics.length > 0 ? (
          <div>
            <dt data-pagefind-ignore="">{t('article.topics')}</dt>
            <dd>{article.topics.map((topic) => topic.label).join(' · ')}</dd>
          </div>
        ) : null}
        {article.source ? (
          <div>
            <dt data-pagefind-ignore="">{t('article.source')}</dt>
            <dd>
              <a href={article.source.url}>{article.source.name}</a>
            </dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}
