// A news article, a recognised attack or an event: its dates, place, topics and source, the body,
// the previous and next item by date, related items, and schema.org data for search engines.
import { Link } from '../components/router/Link.tsx';
import { useChrome } from '../components/Chrome.tsx';
import { PageFeedback } from '../components/page-feedback-late.ts';
import { HydrateLater } from '../components/HydrateLater.tsx';
import { Sources } from '../components/Sources.tsx';
import { ArticleHeading } from '../components/ArticleHeading.tsx';
import { formatDate } from '../i18n/format-date.ts';
import type { ArticleLink, TemplateProps } from '../routes/page-data.ts';
import { dateMeta, kindFilter, sectionMeta } from '../components/search-meta.ts';
import './news.css';

// JSON inside <script> must not close the element.
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function NewsTemplate({ data, pageContext }: TemplateProps<'news'>) {
  const { chrome, t } = useChrome();
  const { article } = data;
  const isEvent = article.kind === 'event';
  const neighbour = (link: ArticleLink, rel: 'prev' | 'next') => (
    <Link to={link.path} rel={rel} className={`article-nav__link article-nav__link--${rel}`}>
      <span className="article-nav__label">
        {rel === 'prev'
          ? t(isEvent ? 'event.previous' : 'article.previous')
          : t(isEvent ? 'event.next' : 'article.next')}
      </span>
      <span className="article-nav__title">{link.title}</span>
    </Link>
  );
  return (
    <article
      className="news"
      data-pagefind-body=""
      {...sectionMeta(data.section)}
      {...kindFilter(article.kind)}
    >
      <ArticleHeading article={article} />
      {article.calendarPath ? (
        <p className="news__calendar">
          <a href={article.calendarPath} download type="text/calendar">
            {t('event.addToCalendar')}
          </a>
        </p>
      ) : null}
      <div
        className="prose"
        {...dateMeta(article.kind === 'news' ? article.date : undefined)}
        dangerouslySetInnerHTML={{ __html: article.html }}
      />
      {/* Below the fold: hydrated when the browser is idle (issue 48). */}
      <HydrateLater>
        <Sources sources={article.sources} />
      </HydrateLater>
      {article.previous || article.next ? (
        <nav
          className="article-nav"
          aria-label={t('article.otherItems')}
          data-pagefind-ignore="all"
        >
          {article.previous ? neighbour(article.previous, 'prev') : null}
          {article.next ? neighbour(article.next, 'next') : null}
        </nav>
      ) : null}
      {article.related.length > 0 ? (
        <section className="related" aria-labelledby="related-title" data-pagefind-ignore="all">
          <h2 id="related-title">{t(isEvent ? 'event.related' : 'article.related')}</h2>
          <ul className="related__list">
            {article.related.map((item) => (
              <li key={item.path} className="related__item">
                <h3 className="related__title">{item.title}</h3>
                <p className="related__date">
                  <time dateTime={item.date}>{formatDate(item.date, chrome.language)}</time>
                </p>
                <p className="related__summary">{item.summary}</p>
                {/* The visible words come first in the name (WCAG 2.5.3), then the title. The title
                    is also in the text, visually hidden, for tools that read link text (search
                    engines); aria-label keeps the name exact (a hidden span would add a space). */}
                <Link
                  to={item.path}
                  className="related__link"
                  aria-label={t('article.readMoreAbout', { title: item.title })}
                >
                  {t('article.readMore')}
                  <span className="visually-hidden">
                    {t('article.readMoreTitle', { title: item.title })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonForScript(article.structuredData) }}
      />
      <HydrateLater>
        <PageFeedback pageContext={pageContext} />
      </HydrateLater>
    </article>
  );
}
