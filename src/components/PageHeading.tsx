// The top of a content page: title, summary, its place in "What applies to me?", the
// last-updated date, the link to the page's form, then the table of contents (which ends with
// the form).
import { formatDate } from '../i18n/format-date.ts';
import type { LocalForm } from '../forms/local-form.ts';
import { formTitleId, type ContentPageData, type PlanPartOf } from '../routes/page-data.ts';
import { useChrome } from './Chrome.tsx';
import { Link } from './router/Link.tsx';

const TOC_MIN_SECTIONS = 4;

interface PageHeadingProps {
  page: ContentPageData;
  /** The form under the body: linked at the top and in "On this page". */
  form?: Pick<LocalForm, 'id' | 'link'> | undefined;
  /** The steps of "What applies to me?" the page explains. */
  partOf?: PlanPartOf | undefined;
}

export function PageHeading({ page, form, partOf }: PageHeadingProps) {
  const { chrome, t } = useChrome();
  const toForm = form ? `#${formTitleId(form.id)}` : undefined;
  return (
    <>
      <h1>{page.title}</h1>
      <p className="page__summary">{page.summary}</p>
      {partOf ? (
        <p className="page__part-of">
          {t('page.partOf')} <Link to={partOf.path}>{partOf.title}</Link> —{' '}
          {t('page.partOfSteps', { count: partOf.count, steps: partOf.steps })}
        </p>
      ) : null}
      {/* Always there on the site; the editor's preview leaves it out until the date is valid. */}
      {page.updated ? (
        <p className="page__updated">
          {t('page.updated', { date: formatDate(page.updated, chrome.language) })}
        </p>
      ) : null}
      {form && toForm ? (
        <p className="page__form-link">
          <a href={toForm}>{form.link}</a>
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
            {form && toForm ? (
              <li>
                <a href={toForm}>{form.link}</a>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </>
  );
}
