// What of a page the search indexer is handed: Pagefind reads only the element marked
// data-pagefind-body (and the page's language), so the header, menus, footer and boot data
// (two thirds of a news page's bytes) need not travel to the workers' parent and to Pagefind.
// The index is the same byte for byte (search-index.test.ts).

const BODY = /<([a-z][a-z0-9]*)\b[^>]*\sdata-pagefind-body\b[^>]*>/;
const LANG = /<html\b[^>]*\slang="([^"]*)"/;
const TITLE = /<title>[^<]*<\/title>/;

/**
 * The page reduced to its language, its title and its data-pagefind-body element; the whole page
 * when it has no such element or the element does not close (Pagefind then decides).
 */
export function searchableHtml(html: string): string {
  const open = BODY.exec(html);
  const tag = open?.[1];
  if (!open || !tag) return html;
  // The element's end: the close tag that balances the same tag name opened inside it.
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
  tags.lastIndex = open.index + open[0].length;
  let depth = 1;
  let end = -1;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) {
      end = match.index + match[0].length;
      break;
    }
  }
  if (end < 0) return html;
  const lang = LANG.exec(html)?.[1];
  const title = TITLE.exec(html)?.[0] ?? '';
  return `<!doctype html><html${lang === undefined ? '' : ` lang="${lang}"`}><head>${title}</head><body>${html.slice(open.index, end)}</body></html>`;
}
