// The excerpt under a search result: about `length` words of the page's text around the most
// matches of all the query's words (Pagefind's own excerpt marks only the words of one search,
// and the site search runs one per word), each match in <mark>, the text HTML-escaped.

// How Pagefind counts words in a page's text: its word positions index this split.
const WORD_SEPARATORS = /[^\S\uFEFF]+/;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The excerpt of `content` around the word positions `locations`, as HTML. */
export function excerptOf(content: string, locations: readonly number[], length = 24): string {
  const words = content.split(WORD_SEPARATORS);
  const marked = new Set(locations.filter((at) => at >= 0 && at < words.length));
  // The window of `length` words with the most matches; the first such window.
  let start = 0;
  let best = -1;
  let inWindow = 0;
  const sorted = [...marked].sort((a, b) => a - b);
  for (let i = 0, j = 0; i < sorted.length; i++) {
    const from = sorted[i] ?? 0;
    while (j < sorted.length && (sorted[j] ?? 0) < from + length) j++;
    inWindow = j - i;
    if (inWindow > best) {
      best = inWindow;
      // A few words before the first match, so that it does not open the excerpt.
      start = Math.max(0, Math.min(from - 3, words.length - length));
    }
  }
  const end = Math.min(words.length, start + length);
  const shown = words
    .slice(start, end)
    .map((word, index) =>
      marked.has(start + index) ? `<mark>${escapeHtml(word)}</mark>` : escapeHtml(word),
    );
  return `${start > 0 ? '… ' : ''}${shown.join(' ')}${end < words.length ? ' …' : ''}`;
}
