// The search words of each language (content/search/{lang}.yaml, edited in the CMS): the common
// words a search leaves out, and groups of words that mean the same for a reader (a place's name
// in the site's other languages, a service's other names and abbreviations, everyday words for
// the words of the pages). The site search uses them (src/runtime/search/query-plan.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { foldWord } from '../i18n/fold-word.ts';
import { LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';

// A word or a short phrase as a reader types it: letters, digits, spaces, hyphens, apostrophes.
const phrase = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} '’.-]*$/u, 'letters, digits, spaces, hyphens or apostrophes');

export const searchWordsSchema = z.strictObject({
  /** Words separated by spaces: left out of a search ("the", "how", "my"). */
  commonWords: z
    .string()
    .regex(/^[\p{L}'’\s-]*$/u, 'words of letters, separated by spaces')
    .describe(
      'Words a search leaves out, separated by spaces, so that a question in a reader’s own words finds the pages about its other words.',
    ),
  /** Each group: words or phrases a search for one of which also finds the others. */
  alternatives: z
    .array(
      z.strictObject({
        words: z
          .array(phrase)
          .min(2)
          .describe(
            'Two or more words or short phrases that mean the same for a reader: a search for one also finds the pages with the others. A word may be in one group only.',
          ),
      }),
    )
    .describe(
      'A place’s name in the site’s other languages, a service’s other names and abbreviations, everyday words for the words of the pages.',
    ),
});
export type SearchWordsContent = z.infer<typeof searchWordsSchema>;

/** The folder of the search words under content/. */
export const SEARCH_WORDS_DIR = 'search';

/** Refuses a word or phrase that is in two groups: a search for it would mean two things. */
function checkGroups(file: string, content: SearchWordsContent): void {
  const seen = new Map<string, number>();
  content.alternatives.forEach(({ words }, index) => {
    for (const word of words) {
      const key = foldWord(word);
      const other = seen.get(key);
      if (other !== undefined && other !== index)
        throw new Error(
          `${file}: alternatives[${String(index)}]: "${word}" is also in alternatives[${String(other)}]`,
        );
      seen.set(key, index);
    }
  });
}

/**
 * Each language's search words from `dir` (content/search): all four files, or none (a content
 * folder without search words searches without them).
 */
export function loadSearchWords(dir: string): Record<LocaleId, SearchWordsContent> | undefined {
  if (!existsSync(dir)) return undefined;
  return Object.fromEntries(
    LOCALE_IDS.map((lang) => {
      const file = join(dir, `${lang}.yaml`);
      if (!existsSync(file)) throw new Error(`${file}: missing`);
      const result = searchWordsSchema.safeParse(parse(readFileSync(file, 'utf8')));
      if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
      checkGroups(file, result.data);
      return [lang, result.data];
    }),
  ) as Record<LocaleId, SearchWordsContent>;
}
