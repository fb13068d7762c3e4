// The rule for links between this site's pages (content/CONTENT-FORMAT.md): a root-relative path
// of a page that exists, in the linking page's own language, to an anchor the target has. The
// content test applies it to the whole site, the editor to the entry being saved.
import type { LocaleId } from '../i18n/locales.ts';

/** What is wrong with one internal link of a rendered body. */
export interface LinkProblem {
  href: string;
  problem: 'missing page' | 'missing anchor' | 'other language';
}

/** Where a body's links are checked: its language and path, and what the site has. */
export interface LinkContext {
  lang: LocaleId;
  /** The path of the page the body is on: `#anchor` links point into it. */
  ownPath: string;
  hasPath(path: string): boolean;
  /** The ids of a page's HTML, when they are known (the editor knows only its own entry's). */
  idsOf(path: string): ReadonlySet<string> | undefined;
}

/** The values of the id attributes of an HTML fragment. */
export const idsIn = (html: string): Set<string> =>
  new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1] ?? ''));

/** The href values of an HTML fragment, in order. */
export const hrefsIn = (html: string): string[] =>
  [...html.matchAll(/\shref="([^"]+)"/g)].map((match) => match[1] ?? '');

/** The internal links of a rendered body that break the rule, each with what is wrong. */
export function internalLinkProblems(html: string, context: LinkContext): LinkProblem[] {
  const problems: LinkProblem[] = [];
  for (const href of hrefsIn(html)) {
    if (/^(https?:|mailto:|tel:)/.test(href)) continue;
    const [path = '', anchor] = href.split('#');
    const target = path === '' ? context.ownPath : path;
    if (path !== '' && !context.hasPath(path)) problems.push({ href, problem: 'missing page' });
    else if (anchor && context.idsOf(target)?.has(anchor) === false)
      problems.push({ href, problem: 'missing anchor' });
    if (path !== '' && !path.startsWith(`/${context.lang}`))
      problems.push({ href, problem: 'other language' });
  }
  return problems;
}
