// Search page. TODO: results through Pagefind arrive with the search issue (#5).
import { useChrome } from '../components/Chrome.tsx';
import type { TemplateProps } from '../routes/page-data.ts';

export function SearchTemplate({ data }: TemplateProps<'search'>) {
  const { t } = useChrome();
  return (
    <div className="search">
      <h1>{data.title}</h1>
      <p>{t('search.pending')}</p>
    </div>
  );
}
