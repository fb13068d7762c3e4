// Generic content page; on a language's front page it also lists the main entry points.
import { Link } from 'react-router';
import { useChrome } from '../components/Chrome.tsx';
import type { TemplateProps } from '../routes/page-data.ts';

const TOC_MIN_SECTIONS = 4;

export function PageTemplate({ data, pageContext }: TemplateProps<'page'>) {
  const { chrome, t } = useChrome();
  const { page } = data;
  const updated = new Intl.DateTimeFormat(pageContext.language, {
    dateStyle: 'long',
    timeZone: 'Europe/Brussels',
  }).format(new Date(page.updated));
  return (
    <article className="page">
      <h1>{page.title}</h1>
      <p className="page__summary">{page.summary}</p>
      <p className="page__updated">{t('page.updated', { date: updated })}</p>
      {page.toc.length >= TOC_MIN_SECTIONS ? (
        <nav className="toc" aria-labelledby="toc-title">
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
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      {pageContext.frontpage ? (
        <section className="entry-points" aria-labelledby="entry-points-title">
          <h2 id="entry-points-title">{t('home.sections')}</h2>
          <div className="entry-points__groups">
            {chrome.menus.main.map((group) => (
              <section key={group.label} className="entry-points__group">
                <h3>{group.label}</h3>
                <ul>
                  {group.items.map((item) => (
                    <li key={item.path}>
                      <Link to={item.path}>{item.title}</Link>
                      <p>{item.summary}</p>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </section>
      ) : null}
    </article>
  );
}
