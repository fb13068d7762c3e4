// The news list and the agenda. TODO: filters and load-more arrive with the news issue (#6).
import { ItemList } from '../components/ItemList.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import type { TemplateProps } from '../routes/page-data.ts';
import { sectionMeta } from '../components/search-meta.ts';

export function NewsfeedTemplate({ data }: TemplateProps<'newsfeed'>) {
  return (
    <div className="newsfeed" data-pagefind-body="" {...sectionMeta(data.section)}>
      <PageHeading page={data.page} />
      <div className="prose" dangerouslySetInnerHTML={{ __html: data.page.html }} />
      <ItemList items={data.listing} />
    </div>
  );
}
