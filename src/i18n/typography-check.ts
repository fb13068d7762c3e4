// The typography of typography.ts as a check: what breaks a language's rules in a text, and the
// texts of a built page, each in its language, for the check over dist/ (tests/e2e).
import { isLocaleId, type LocaleId } from './locales.ts';
import { BLOCK, NBSP, OWN_MARKS, PHONE, QUOTATION_MARKS, TAG, VERBATIM } from './typography.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: NBSP };

/** An HTML text with its character references replaced by the characters. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export interface TextBlock {
  text: string;
  lang: LocaleId;
}

// Elements without an end tag: they open nothing that a language could hold.
const VOID = /^(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)$/;

/**
 * The text blocks of an HTML page or fragment, each in the language of the element it is in
 * (`lang` attributes, `lang` at the top), outside code and scripts, character references decoded.
 * A block ends with a block element and where the language changes.
 */
export function textBlocks(html: string, lang: LocaleId): TextBlock[] {
  const blocks: TextBlock[] = [];
  const languages: LocaleId[] = [lang];
  let current = '';
  let verbatim = 0;
  const language = () => languages.at(-1) ?? lang;
  const end = () => {
    if (current.trim() !== '') blocks.push({ text: current, lang: language() });
    current = '';
  };
  for (const part of html.split(TAG)) {
    const tag = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)/.exec(part);
    if (!tag) {
      if (!part.startsWith('<!--') && verbatim === 0) current += decodeEntities(part);
      continue;
    }
    const closing = tag[1] === '/';
    const name = (tag[2] ?? '').toLowerCase();
    if (BLOCK.test(name) || VERBATIM.has(name)) end();
    if (VERBATIM.has(name) && !part.endsWith('/>')) verbatim += closing ? -1 : 1;
    if (VOID.test(name) || part.endsWith('/>')) continue;
    if (closing) {
      // The text so far is in the language of the element that ends here.
      if (languages.length > 1 && languages.at(-2) !== language()) end();
      if (languages.length > 1) languages.pop();
    } else {
      const own = /\slang="([a-z]{2})"/.exec(part)?.[1];
      const next = isLocaleId(own) ? own : language();
      if (next !== language()) end();
      languages.push(next);
    }
  }
  end();
  return blocks;
}

/** What breaks a language's typography in a text, each problem with the words around it. */
export function typographyProblems(text: string, lang: LocaleId): string[] {
  const problems: string[] = [];
  const around = (index: number) => text.slice(Math.max(0, index - 20), index + 20).trim();
  const find = (pattern: RegExp, what: string) => {
    for (const match of text.matchAll(pattern)) problems.push(`${what}: …${around(match.index)}…`);
  };
  find(/'/g, "a straight apostrophe (') instead of ’");
  const foreign = QUOTATION_MARKS.filter((mark) => !OWN_MARKS[lang].includes(mark));
  find(
    new RegExp(`[${foreign.join('')}]`, 'g'),
    `a quotation mark other than ${OWN_MARKS[lang].join(' ')}`,
  );
  if (lang === 'fr') {
    find(
      /[ \u00a0][;:!?»]|(?<=[\p{L}\d)»])[;:!?](?=\s|$)|«[ \u00a0]|«(?=\S)|(?<=\S)»/gu,
      'no narrow no-break space',
    );
    find(/(?<![\d\u00a0\u202f])[1-9]\d{0,2}(?: \d{3})+(?!\d)/g, 'digit groups that can wrap');
  }
  for (const match of text.matchAll(PHONE))
    if (match[0].includes(' '))
      problems.push(`a phone number that can wrap: …${around(match.index)}…`);
  return problems;
}
