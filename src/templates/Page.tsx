// Generic content page; on a language's front page it also lists the main entry points, the
// latest news and the next events, and a page with a listing (recognised attacks) shows it under
// the body.
import { createElement, useRef } from 'react';
import { Link } from '../components/router/Link.tsx';
import { useChrome } from '../components/Chrome.tsx';
import { HydrateLater } from '../components/HydrateLater.tsx';
import { HomeUpdates } from '../components/HomeUpdates.tsx';
import { ItemList } from '../components/ItemList.tsx';
import { PageFeedback } from '../components/page-feedback-late.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { Sources } from '../components/Sources.tsx';
import { useChecklists } from '../components/useChecklists.ts';
import { pathOfPage, type TemplateProps } from '../routes/page-data.ts';
import { kindFilter, sectionMeta } from '../components/search-meta.ts';
import { getLoadedForm } from '../components/form/loaded-form.ts';
import { loadedStepByStep } from '../components/step-by-step/loaded-step-by-step.ts';
import { loadedFollowUp } from '../components/follow-up/loaded-follow-up.ts';

export function PageTemplate({ data, pageContext }: TemplateProps<'page'>) {
  const { chrome, t } = useChrome();
  const body = useRef<HTMLDivElement>(null);
  useChecklists(body, pathOfPage(pageContext), data.page.html);
  // The news list and the agenda have their own sections on the home page, under these.
  const listPaths = [data.home?.news.path, data.home?.events.path];
  const entryGroups = chrome.menus.main.filter(
    (group) => !group.items.every((item) => listPaths.includes(item.path)),
  );
  return (
    <article
      className="page"
      data-pagefind-body=""
      {...sectionMeta(data.section)}
      {...kindFilter(data.section ? 'guide' : 'other')}
    >
      <PageHeading page={data.page} form={data.form} partOf={data.partOf} />
      <div ref={body} className="prose" dangerouslySetInnerHTML={{ __html: data.page.html }} />
      {data.listing ? <ItemList items={data.listing} /> : null}
      {data.stepByStep ? createElement(loadedStepByStep.get(), { data: data.stepByStep }) : null}
      {data.followUp ? createElement(loadedFollowUp.get(), { form: data.followUp }) : null}
      {/* The form is loaded once and is the same component every time, so no form state is lost. */}
      {data.form ? createElement(getLoadedForm(), { form: data.form }) : null}
      {/* Below the fold: hydrated when the browser is idle (issue 48). */}
      <HydrateLater>
        <Sources sources={data.page.sources} />
        {pageContext.frontpage ? null : <PageFeedback pageContext={pageContext} />}
      </HydrateLater>
      {pageContext.frontpage ? (
        <section className="entry-points" aria-labelledby="entry-points-title">
          <h2 id="entry-points-title">{t('home.sections')}</h2>
          <div className="entry-points__groups">
            {entryGroups.map((group) => (
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
      {data.home ? <HomeUpdates home={data.home} /> : null}
    </article>
  );
}
