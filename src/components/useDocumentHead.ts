// Applies a page's head (title, lang, description, canonical, hreflang) after a client
// navigation; the prerender writes the same values into the HTML.
import { useEffect } from 'react';
import type { HeadInfo } from '../routes/head.ts';

const setLink = (rel: string, href: string | undefined, hreflang?: string) => {
  const link = document.createElement('link');
  link.rel = rel;
  if (href) link.href = href;
  if (hreflang) link.hreflang = hreflang;
  link.dataset.head = '';
  document.head.append(link);
};

/** Keeps document.title and the head links in step with the rendered page. */
export function useDocumentHead(head: HeadInfo): void {
  useEffect(() => {
    document.title = head.title;
    document.documentElement.lang = head.lang;
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
    for (const node of document.querySelectorAll('link[data-head], meta[name="robots"]'))
      node.remove();
    if (head.canonical) setLink('canonical', head.canonical);
    for (const alternate of head.alternates)
      setLink('alternate', alternate.href, alternate.hreflang);
    for (const feed of head.feeds) {
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.type = feed.type;
      link.title = feed.title;
      link.href = feed.href;
      link.dataset.head = '';
      document.head.append(link);
    }
    if (head.noindex) {
      const robots = document.createElement('meta');
      robots.name = 'robots';
      robots.content = 'noindex';
      document.head.append(robots);
    }
  }, [head]);
}
