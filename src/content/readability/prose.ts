// A Markdown body reduced to the prose a reader reads, as sentences and words, for the
// readability figures and the plain-language rules.
//
// What counts, decided once for every language:
// - paragraphs, list items, block quotes and the bodies of callouts and accordions;
// - each list item is at least one sentence, whether or not it ends with a full stop (a list is
//   how a long sentence is made readable, so its items are not glued back together);
// - headings, the titles of callouts and accordions, tables, code, HTML and images are left out:
//   they are labels, not sentences;
// - links count with their text, never their URL; a link whose text is itself a URL or an e-mail
//   address, and any word that is one, is left out; a paragraph or list item that is nothing but a
//   link (the "Related pages" lists) is navigation and left out too;
// - a word is a run of characters between spaces with at least one letter or digit, punctuation
//   stripped from its ends ("l’aide", "e-mail" and "10%" are one word each; "02 542 72 24" is four).
import type { Token, Tokens } from 'marked';
import { INTL_LOCALE, type LocaleId } from '../../i18n/locales.ts';
import { lexMarkdown } from '../markdown.ts';

const SKIPPED_BLOCKS = new Set(['heading', 'table', 'code', 'html', 'hr', 'space', 'def']);
const SKIPPED_INLINE = new Set(['codespan', 'html', 'image', 'br']);
const ADDRESS = /@|:\/\/|^www\./i;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;

const hasTokens = (token: Token): token is Token & { tokens: Token[] } =>
  'tokens' in token && Array.isArray(token.tokens);

/** The words of a sentence, as defined in this module's header. */
export function wordsOf(text: string): string[] {
  return text
    .split(/\s+/u)
    .filter((raw) => !ADDRESS.test(raw))
    .map((raw) => raw.replace(EDGE_PUNCTUATION, ''))
    .filter((word) => HAS_LETTER_OR_DIGIT.test(word));
}

/** Splits running text into sentences with the language's Unicode sentence rules. */
export function sentencesOf(text: string, lang: LocaleId): string[] {
  const segmenter = new Intl.Segmenter(INTL_LOCALE[lang], { granularity: 'sentence' });
  return [...segmenter.segment(text)]
    .map((part) => part.segment.replace(/\s+/gu, ' ').trim())
    .filter((sentence) => wordsOf(sentence).length > 0);
}

const inlineText = (tokens: Token[]): string =>
  tokens
    .map((token): string => {
      if (SKIPPED_INLINE.has(token.type)) return token.type === 'br' ? ' ' : '';
      if (token.type === 'link' && ADDRESS.test((token as Tokens.Link).text)) return '';
      if (hasTokens(token)) return inlineText(token.tokens);
      return 'text' in token && typeof token.text === 'string' ? token.text : '';
    })
    .join('');

const isOnlyALink = (tokens: Token[]): boolean => {
  const visible = tokens.filter((token) => token.type !== 'text' || token.raw.trim() !== '');
  return visible.length === 1 && visible[0]?.type === 'link';
};

// Blocks of running text: each is split into sentences on its own, so no sentence crosses from
// one list item or paragraph into the next.
const textBlocks = (tokens: Token[]): string[] =>
  tokens.flatMap((token): string[] => {
    if (SKIPPED_BLOCKS.has(token.type)) return [];
    if (token.type === 'paragraph' || token.type === 'text') {
      if (!hasTokens(token)) return [(token as Tokens.Text).text];
      return isOnlyALink(token.tokens) ? [] : [inlineText(token.tokens)];
    }
    if (token.type === 'list')
      return (token as Tokens.List).items.flatMap((item) => textBlocks(item.tokens));
    // Blockquotes, callouts and accordions: their bodies; the block titles are labels.
    return hasTokens(token) ? textBlocks(token.tokens) : [];
  });

/** The sentences a reader reads in a Markdown body of a language. */
export function proseSentences(markdown: string, lang: LocaleId): string[] {
  return textBlocks(lexMarkdown(markdown, lang)).flatMap((block) => sentencesOf(block, lang));
}
