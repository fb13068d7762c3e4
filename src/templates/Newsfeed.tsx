// The news list and the agenda: the page's introduction, then the filtered list.
import { PageHeading } from '../components/PageHeading.tsx';
import { Agenda } from '../components/listing/Agenda.tsx';
import { NewsList } from '../components/listing/NewsList.tsx';
import type { TemplateProps } from '../routes/page-data.ts';
import { kindFilter, sectionMeta } from '../components/search-meta.ts';

export function NewsfeedTemplate({ data }: TemplateProps<'newsfeed'>) {
  const { listing, listingInfo } = data;
  return (
    <div
      className="newsfeed"
      data-pagefind-body=""
      {...sectionMeta(data.section)}
      {...kindFilter('list')}
    >
      <PageHeading page={data.page} />
      <div className="prose" dangerouslySetInnerHTML={{ __html: data.page.html }} />
      {listingInfo.kind === 'event' ? (
        <Agenda listing={listing} info={listingInfo} />
      ) : (
        <NewsList listing={listing} info={listingInfo} />
      )}
    </div>
  );
}
