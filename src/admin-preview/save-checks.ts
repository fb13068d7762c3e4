// What the editor refuses when an entry is saved, beyond its fields' own patterns: the build's
// rules that need the rest of the site (a link to no page, a path another entry has), more than
// one field (an event's place or online, its end after its start) or the Markdown renderer (an
// image without alt text). Each problem names the field and the language.
import { EVENT_RULES } from '../content/event-rules.ts';
import { internalLinkProblems, idsIn, type LinkProblem } from '../content/internal-links.ts';
import { renderMarkdown } from '../content/markdown.ts';
import { pathPrefix } from '../content/sections.ts';
import { DEFAULT_LOCALE, isLocaleId, LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';
import { entryIdOf, type PathOwners } from '../routes/site-paths.ts';
import { isRecord, PREVIEW_COLLECTIONS, text } from './preview-data.ts';

/**
 * The entry Sveltia CMS hands a preSave listener, as plain data: the default language's fields in
 * `data`, the others' in `i18n`, the default language's file in `path`. A language the entry
 * does not have comes with no fields.
 */
export interface SavingEntry {
  collection: string;
  path: string;
  data?: unknown;
  i18n?: Record<string, { data?: unknown } | undefined>;
}

/** Each language of the entry that has fields, with them. */
export function savedLanguages(entry: SavingEntry): [LocaleId, Record<string, unknown>][] {
  const languages: [LocaleId, Record<string, unknown>][] = [];
  if (isRecord(entry.data) && Object.keys(entry.data).length > 0)
    languages.push([DEFAULT_LOCALE, entry.data]);
  for (const [lang, translation] of Object.entries(entry.i18n ?? {}))
    if (isLocaleId(lang) && lang !== DEFAULT_LOCALE && isRecord(translation?.data))
      languages.push([lang, translation.data]);
  // The build's order of languages, so that the messages come in a steady order.
  return languages.sort(([a], [b]) => LOCALE_IDS.indexOf(a) - LOCALE_IDS.indexOf(b));
}

const FIELD_LABELS = { place: 'Place', end: 'End' } as const;

const LINK_PROBLEMS: Record<LinkProblem['problem'], (href: string, lang: LocaleId) => string> = {
  'missing page': (href) =>
    `the link ${href} leads to no page of this site (a page that is not published yet can be linked once it is)`,
  'missing anchor': (href) => `the link ${href} leads to no heading of this page`,
  'other language': (href, lang) =>
    `the link ${href} leads to a page in another language: link to the page in this language (/${lang}/…)`,
};

/**
 * What the build would refuse in the entry being saved, one sentence per problem, each starting
 * with the field and the language ("Path (fr): …"); `owners` is undefined when the site's paths
 * could not be loaded, and then links and paths are left to the build.
 */
export function saveProblems(entry: SavingEntry, owners: PathOwners | undefined): string[] {
  if (!Object.hasOwn(PREVIEW_COLLECTIONS, entry.collection)) return [];
  const kind = PREVIEW_COLLECTIONS[entry.collection as keyof typeof PREVIEW_COLLECTIONS];
  const id = entryIdOf(entry.path);
  const problems: string[] = [];
  for (const [lang, fields] of savedLanguages(entry)) {
    const path = text(fields.path);
    const prefix = pathPrefix(kind, lang);
    const owner = owners?.[path];
    if (path !== '' && !path.startsWith(prefix))
      problems.push(`Path (${lang}): ${path} must start with ${prefix}`);
    else if (owner === '')
      problems.push(`Path (${lang}): ${path} is a page the site makes itself; choose another path`);
    else if (owner !== undefined && owner !== id)
      problems.push(
        `Path (${lang}): ${path} is already the path of content/${owner}.${lang}.md; choose another path`,
      );

    if (kind === 'event') {
      const event = {
        start: text(fields.start),
        end: text(fields.end),
        place: text(fields.place),
        online: fields.online === true,
        onlineLink: text(fields.onlineLink),
      };
      for (const { field, message, holds } of EVENT_RULES)
        if (!holds(event)) problems.push(`${FIELD_LABELS[field]} (${lang}): ${message}`);
    }

    const { html } = renderMarkdown(text(fields.body), lang, {
      file: `Body (${lang})`,
      report: (images) => problems.push(...images.map((image) => `Body (${lang}): ${image}`)),
    });
    if (!owners) continue;
    const ownIds = idsIn(html);
    for (const { href, problem } of internalLinkProblems(html, {
      lang,
      ownPath: path,
      hasPath: (target) => Object.hasOwn(owners, target) || target === path,
      // Other pages' headings are checked by the build: the editor has only this entry's.
      idsOf: (target) => (target === path ? ownIds : undefined),
    }))
      problems.push(`Body (${lang}): ${LINK_PROBLEMS[problem](href, lang)}`);
  }
  return problems;
}
