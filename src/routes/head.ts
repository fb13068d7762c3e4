// What goes into a page's <head>: title, description, language, canonical and hreflang
// alternates. The prerender writes it as HTML; the client applies it after each navigation.
import type { PageData, StaticQueryData } from './page-data.ts';

export interface HeadInfo {
  title: string;
  description: string;
  lang: string;
  canonical?: string;
  alternates: { hreflang: string; href: string }[];
  noindex: boolean;
}

/** The head of a page; not-found pages get no canonical and are not indexed. */
export function headFor(pageData: PageData, chrome: StaticQueryData): HeadInfo {
  const { pageContext, data } = pageData.result;
  const isNotFound = data.template === 'notFound';
  const noindex = isNotFound || data.noindex === true;
  const hreflangOf = (id: string) =>
    chrome.locales.find((locale) => locale.id === id)?.hreflang ?? id;
  const absolute = (language: keyof PageData['result']['pageContext']['domains'], path: string) =>
    `${pageContext.domains[language]}${path}`;
  const title = data.template === 'splash' ? data.title : `${data.title} | ${chrome.siteName}`;
  return {
    title,
    description: data.description,
    lang: pageContext.language,
    canonical: isNotFound ? undefined : absolute(pageContext.language, pageData.path),
    alternates: isNotFound
      ? []
      : pageContext.langSlugs.map((slug) => ({
          hreflang: pageData.path === '/' ? 'x-default' : hreflangOf(slug.language),
          href: absolute(slug.language, slug.path),
        })),
    noindex,
  };
}
