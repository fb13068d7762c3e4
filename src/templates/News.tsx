// News article. TODO: body, topics, previous/next and related articles arrive with issue #6.
import type { TemplateProps } from '../routes/page-data.ts';

export function NewsTemplate({ data }: TemplateProps<'news'>) {
  return (
    <article className="news">
      <h1>{data.title}</h1>
      <p>{data.description}</p>
    </article>
  );
}
