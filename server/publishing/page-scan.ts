// What the gates need of one built page, read with parse5 (the HTML parser of the specification,
// which jsdom uses): the parse errors it reports, the site's own links (with their anchor), and
// the ids a link's anchor may name.
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** One page's findings: what a later publication reuses while the page's bytes stay the same. */
export interface PageScan {
  /** parse5's error codes with their line, such as `duplicate-attribute at 12:40`. */
  errors: string[];
  /** The site's own URLs the page refers to: a path, with `#anchor` when it has one. */
  links: string[];
  ids: string[];
}

// The attributes that name another resource, by element.
const URL_ATTRIBUTES: Record<string, string[]> = {
  a: ['href'],
  link: ['href'],
  area: ['href'],
  script: ['src'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  iframe: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  form: ['action'],
};

const isElement = (node: Node): node is Element => 'tagName' in node;

/** The page's own origin: its canonical link's (absolute links there are internal too). */
const canonicalOrigin = (elements: Element[]): string | undefined => {
  for (const element of elements) {
    if (element.tagName !== 'link') continue;
    const rel = element.attrs.find((attr) => attr.name === 'rel')?.value;
    const href = element.attrs.find((attr) => attr.name === 'href')?.value;
    if (rel === 'canonical' && href) return URL.canParse(href) ? new URL(href).origin : undefined;
  }
  return undefined;
};

/** The URLs of an attribute's value (a srcset lists several, each with its width). */
const urlsOf = (name: string, value: string): string[] =>
  name === 'srcset'
    ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    : [value.trim()];

/** A URL as a path of this site (with its anchor), or undefined for another site's. */
function internalTarget(url: string, origin: string | undefined): string | undefined {
  if (url === '' || url.startsWith('#')) return undefined;
  if (url.startsWith('//')) return undefined;
  if (!url.startsWith('/')) {
    if (!origin || (!url.startsWith(`${origin}/`) && url !== origin)) return undefined;
    url = url.slice(origin.length) || '/';
  }
  const parsed = new URL(url, 'http://site.invalid');
  return parsed.pathname + parsed.hash;
}

/** Reads one page. */
export function scanPage(html: string): PageScan {
  const errors: string[] = [];
  const document = parse(html, {
    sourceCodeLocationInfo: false,
    onParseError: (error) => {
      errors.push(`${error.code} at ${String(error.startLine)}:${String(error.startCol)}`);
    },
  });
  const elements: Element[] = [];
  const stack: Node[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node) break;
    if (isElement(node)) elements.push(node);
    if ('childNodes' in node) stack.push(...node.childNodes);
    if (node.nodeName === 'template' && 'content' in node) stack.push(node.content);
  }
  const origin = canonicalOrigin(elements);
  const links = new Set<string>();
  const ids: string[] = [];
  for (const element of elements) {
    const names = URL_ATTRIBUTES[element.tagName] ?? [];
    for (const attr of element.attrs) {
      if (attr.name === 'id') ids.push(attr.value);
      if (!names.includes(attr.name)) continue;
      // A canonical or alternate link of another language's domain is that site's concern.
      for (const url of urlsOf(attr.name, attr.value)) {
        const target = internalTarget(url, origin);
        if (target !== undefined) links.add(target);
      }
    }
  }
  return { errors, links: [...links], ids };
}
