// The language's not-found page; it names the requested path (spec point 2).
import { Link } from '../components/router/Link.tsx';
import { useLocation } from '../components/router/RouterProvider.tsx';
import { useChrome } from '../components/Chrome.tsx';
import type { TemplateProps } from '../routes/page-data.ts';

export function NotFoundTemplate({ data, pageContext }: TemplateProps<'notFound'>) {
  const { t } = useChrome();
  const { pathname } = useLocation();
  return (
    <div className="not-found">
      <h1>{data.title}</h1>
      <p>{t('notFound.message', { path: pathname })}</p>
      <p>{t('notFound.help')}</p>
      <p>
        <Link to={`/${pageContext.language}`}>{t('notFound.home')}</Link>
      </p>
    </div>
  );
}
