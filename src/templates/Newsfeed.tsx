// News list. TODO: items, filters and load-more arrive with the news issue (#6).
import { useChrome } from '../components/Chrome.tsx';
import type { TemplateProps } from '../routes/page-data.ts';

export function NewsfeedTemplate({ data }: TemplateProps<'newsfeed'>) {
  const { t } = useChrome();
  return (
    <div className="newsfeed">
      <h1>{data.title}</h1>
      <p>{t('news.pending')}</p>
    </div>
  );
}
