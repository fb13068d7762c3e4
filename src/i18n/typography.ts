// Each language's typography, added to the words as they are rendered so that writers never type
// it: one apostrophe (’) and one pair of quotation marks per language, a narrow no-break space
// before ; : ! ? and inside « » in French, and no-break spaces that keep a phone number (and a
// French number such as 125 000) on one line. typography-check.ts holds the same rules as a check.
import { isLocaleId, LOCALE_IDS, type LocaleId } from './locales.ts';

export const APOSTROPHE = '’';
/** The no-break space, inside phone numbers. */
export const NBSP = '\u00a0';
/** The narrow no-break space of French punctuation and digit groups. */
export const NNBSP = '\u202f';

/** Each language's quotation marks, as the chrome catalogs already write them. */
export const QUOTES: Record<LocaleId, { open: string; close: string }> = {
  en: { open: '“', close: '”' },
  nl: { open: '“', close: '”' },
  de: { open: '„', close: '“' },
  fr: { open: `«${NNBSP}`, close: `${NNBSP}»` },
};

// Every quotation mark a writer may type; each language allows only its own pair.
export const QUOTATION_MARKS = ['"', '“', '”', '„', '‟', '«', '»', '‹', '›', '‘', '‚'];
export const OWN_MARKS: Record<LocaleId, string[]> = {
  en: ['“', '”'],
  nl: ['“', '”'],
  de: ['„', '“'],
  fr: ['«', '»'],
};

// Belgian phone numbers as the content writes them: 02 542 72 24, 0800 12 345, +32 2 542 72 24.
export const PHONE =
  /(?<![\d+])(?:\+\d{2,3}(?:[ \u00a0]\d{1,4}){2,5}|0\d{1,3}(?:[ \u00a0]\d{2,3}){2,3})(?!\d)/g;
// A French number in groups of three digits (125 000), not a phone number (those start with 0).
const FRENCH_DIGIT_GROUPS = /(?<![\d\u00a0])[1-9]\d{0,2}(?: \d{3})+(?![\d\u00a0])/g;
// After these, a straight double quote opens a quotation; elsewhere it closes one.
const OPENS_AFTER = /^$|[\s([{\u2013\u2014/-]$/u;

/** Keeps the parts of each phone number of a text together with no-break spaces. */
export const keepPhoneNumbersTogether = (text: string): string =>
  text.replace(PHONE, (number) => number.replaceAll(' ', NBSP));

function quotes(text: string, lang: LocaleId, before: string): string {
  // A language added to LOCALE_IDS without its quotation marks keeps them as written.
  const style = QUOTES[lang] as (typeof QUOTES)[LocaleId] | undefined;
  if (!style) return text;
  const { open, close } = style;
  let out = '';
  for (const char of text) {
    if (char !== '"') {
      out += char;
      continue;
    }
    const previous = out === '' ? before.slice(-1) : out.slice(-1);
    out += OPENS_AFTER.test(previous) ? open : close;
  }
  return out;
}

function frenchSpaces(text: string): string {
  return (
    text
      .replace(/[ \u00a0\u202f]+(?=[;:!?])/g, NNBSP)
      // Not inside a character reference (`&amp;`, `&#38;`): its semicolon is not punctuation.
      .replace(/(?<=[\p{L}\d)»])(?<!&#?[\p{L}\d]+)(?=[;:!?]+(?:\s|$))/gu, NNBSP)
      .replace(/«[ \u00a0\u202f]*/g, `«${NNBSP}`)
      .replace(/[ \u00a0\u202f]*»/g, `${NNBSP}»`)
      .replace(/(\d)[ \u00a0]%/g, `$1${NNBSP}%`)
      .replace(FRENCH_DIGIT_GROUPS, (number) => number.replaceAll(' ', NNBSP))
  );
}

/**
 * A plain text in its language's typography. `before` is the text that comes just before it (the
 * end of the previous piece of a paragraph), which decides whether a quotation mark opens.
 * Typesetting twice gives the same text.
 */
export function typeset(text: string, lang: LocaleId, before = ''): string {
  // Phone numbers first: their no-break spaces keep French digit groups from taking them.
  const quoted = keepPhoneNumbersTogether(quotes(text.replaceAll("'", APOSTROPHE), lang, before));
  return lang === 'fr' ? frenchSpaces(quoted) : quoted;
}

const isTextPerLanguage = (value: object): value is Record<LocaleId, string> =>
  Object.keys(value).length === LOCALE_IDS.length &&
  Object.entries(value).every(([key, text]) => isLocaleId(key) && typeof text === 'string');

/**
 * A value of content data (a form, the words of a YAML file) with its texts typeset: with
 * `lang`, every string in it; without, each text of the `{ nl, fr, de, en }` records in it in
 * its own language. Other strings (names of fields, addresses) are left alone.
 */
export function typesetTexts<T>(value: T, lang?: LocaleId): T {
  if (typeof value === 'string') return (lang ? typeset(value, lang) : value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => typesetTexts(item, lang)) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (!lang && isTextPerLanguage(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, text]) => [key, typeset(text, key as LocaleId)]),
    ) as T;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, typesetTexts(item, lang)]),
  ) as T;
}

/**
 * A chrome catalog message (ICU syntax) in its language's typography: apostrophes between letters
 * (elsewhere ICU reads an apostrophe as quoting) and French spaces. Its quotation marks are left
 * as written: the spec quotes some messages, straight quotes included, word for word.
 */
export function typesetMessage(message: string, lang: LocaleId): string {
  const apostrophes = message.replace(/(?<=\p{L})'(?=\p{L})/gu, APOSTROPHE);
  return lang === 'fr' ? frenchSpaces(apostrophes) : apostrophes;
}

// Elements whose text is not prose (code, scripts) and elements that end a paragraph's text.
export const VERBATIM = new Set([
  'code',
  'pre',
  'kbd',
  'samp',
  'script',
  'style',
  'textarea',
  'template',
]);
export const BLOCK =
  /^(p|li|ul|ol|h[1-6]|td|th|tr|table|div|details|summary|dt|dd|blockquote|br|hr|section|main|header|footer|nav|aside|title|label|legend|option|button)$/;
export const TAG = /(<!--[\s\S]*?-->|<\/?[a-zA-Z][^>]*>)/;

/**
 * An HTML fragment (a Markdown body as rendered) with the text between its tags typeset. Tags and
 * their attributes (link addresses, alt texts) and the text of code elements stay as they are;
 * a quotation mark's side is read across inline tags (`"<strong>word</strong>"`).
 */
export function typesetHtml(html: string, lang: LocaleId): string {
  let verbatim = 0;
  let before = '';
  return html
    .split(TAG)
    .map((part) => {
      const tag = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)/.exec(part);
      if (tag) {
        const name = (tag[2] ?? '').toLowerCase();
        if (VERBATIM.has(name)) verbatim += tag[1] ? -1 : 1;
        if (BLOCK.test(name)) before = '';
        return part;
      }
      if (part === '' || part.startsWith('<!--') || verbatim > 0) return part;
      // Only the two characters typeset changes are decoded: the others stay escaped.
      const text = part.replace(/&(quot|#34|#39|#x27);/g, (_, name: string) =>
        name === 'quot' || name === '#34' ? '"' : "'",
      );
      const typesetText = typeset(text, lang, before);
      before = typesetText;
      return typesetText;
    })
    .join('');
}
