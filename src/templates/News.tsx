// A news article, a recognised attack or an event: its dates, place, topics and source, then the
// body. TODO: previous/next and related articles arrive with the news issue (#6).
import { useChrome } from '../components/Chrome.tsx';
import { formatDate } from '../i18n/format-date.ts';
import type { TemplateProps } from '../routes/page-data.ts';
import { sectionMeta } from '../components/search-meta.ts';

export function NewsTemplate({ data }: TemplateProps<'news'>) {
  const { chrome, t } = useChrome();
  const { article } = data;
  const date = (value: string) => (
    <time dateTime={value}>{formatDate(value, chrome.language)}</time>
  );
  const dateLabel = article.kind === 'attack' ? t('article.attackDate') : t('article.date');
  return (
    <article
      className="news"
      data-pagefind-body=""
      {...sectionMeta(data.section, article.kind === 'news' ? article.date : undefined)}
    >
      <h1>{article.title}</h1>
      <p className="page__summary">{article.summary}</p>
      <dl className="news__facts">
        {article.kind === 'news' ? (
          <div>
            <dt className="visually-hidden">{t('article.date')}</dt>
            <dd>{t('article.published', { date: formatDate(article.date, chrome.language) })}</dd>
          </div>
        ) : (
          <div>
            <dt>{dateLabel}</dt>
            <dd>
              {date(article.date)}
              {article.end ? <> – {date(article.end)}</> : null}
            </dd>
          </div>
        )}
        {article.place ? (
          <div>
            <dt>{t('article.place')}</dt>
            <dd>{article.place}</dd>
          </div>
        ) : null}
        {article.online ? (
          <div>
            <dt>{t('article.online')}</dt>
            <dd>{article.online === true ? '✓' : <a href={article.online}>{article.online}</a>}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('article.topics')}</dt>
          <dd>{article.topics.map((topic) => topic.label).join(' · ')}</dd>
        </div>
        {article.source ? (
          <div>
            <dt>{t('article.source')}</dt>
            <dd>
              <a href={article.source.url}>{article.source.name}</a>
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="prose" dangerouslySetInnerHTML={{ __html: article.html }} />
    </article>
  );
}
