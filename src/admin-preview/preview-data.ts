// What the editor's preview renders of the entry being edited: its fields as Sveltia CMS hands them
// over, read into the shapes the site's components take, the body through the site's Markdown.
import type { ArticleHeadingData } from '../components/ArticleHeading.tsx';
import { onlineOf } from '../content/event-rules.ts';
import { renderMarkdown } from '../content/markdown.ts';
import { DEFAULT_LOCALE, isLocaleId, LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';
import type { ContentPageData, DatedKind } from '../routes/page-data.ts';

/** The Markdown collections of the CMS (ITEM_COLLECTIONS in src/cms) and the kind of their items. */
export const PREVIEW_COLLECTIONS = {
  pages: 'page',
  news: 'news',
  attacks: 'attack',
  events: 'event',
} as const satisfies Record<string, 'page' | DatedKind>;

/** The entry as a preview template receives it: an Immutable Map (`data`, `i18n`, `path`…). */
export interface PreviewEntry {
  get(key: string): unknown;
}

/** An entry's fields in the language previewed, its file and its other translations' languages. */
export interface EntryFields {
  fields: Record<string, unknown>;
  /** The file of the language previewed (`content/pages/first-steps.fr.md`); empty when new. */
  path: string;
  otherLocales: string[];
}

const isImmutable = (value: unknown): value is { toJS(): unknown } =>
  typeof value === 'object' &&
  value !== null &&
  'toJS' in value &&
  typeof value.toJS === 'function';
/** Whether a value is a plain object (an entry's fields). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const plain = (value: unknown): unknown => (isImmutable(value) ? value.toJS() : value);

/** Reads `data` (the previewed language's fields), `path` and the keys of `i18n` (the others). */
export function entryFields(entry: PreviewEntry): EntryFields {
  const data = plain(entry.get('data'));
  const i18n = plain(entry.get('i18n'));
  const path = entry.get('path');
  return {
    fields: isRecord(data) ? data : {},
    path: typeof path === 'string' ? path : '',
    otherLocales: isRecord(i18n) ? Object.keys(i18n) : [],
  };
}

/**
 * The language previewed. Sveltia does not pass it: it is the `{lang}` of the entry's file name
 * (`{key}.{lang}.md`); for a new entry, the one site language not among its other translations;
 * failing both, the `lang` of the preview frame's <html>, which Sveltia sets when it creates the
 * frame but does not change when the editor switches language (so it comes last).
 */
export function previewLanguage(
  { path, otherLocales }: Pick<EntryFields, 'path' | 'otherLocales'>,
  documentLang: string,
): LocaleId {
  const fromFile = /\.([a-z]{2})\.md$/.exec(path)?.[1];
  if (isLocaleId(fromFile)) return fromFile;
  const left = LOCALE_IDS.filter((id) => !otherLocales.includes(id));
  if (left.length === 1 && left[0]) return left[0];
  return isLocaleId(documentLang) ? documentLang : DEFAULT_LOCALE;
}

const DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?$/;
/** A field's value as text: '' for anything that is not a string (a field not filled in yet). */
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');
// A date still being typed is left out rather than shown wrong (formatDate refuses it).
const dateOf = (value: unknown): string => (DATE.test(text(value)) ? text(value) : '');

// The preview shows a body whose images are still being fixed (an image without alt text, one
// outside the media folder): saving refuses them, with the build's words (save-checks.ts).
const PREVIEW_IMAGES = { file: 'preview', report: () => undefined };

/** A page's heading and body as the page template renders them. */
export function pagePreview(fields: Record<string, unknown>, lang: LocaleId): ContentPageData {
  const { html, toc } = renderMarkdown(text(fields.body), lang, PREVIEW_IMAGES);
  return {
    title: text(fields.title),
    summary: text(fields.summary),
    updated: dateOf(fields.updated),
    html,
    toc,
  };
}

/** What the preview shows of a news item, attack or event: its heading's facts and its body. */
export type ArticlePreview = ArticleHeadingData & { html: string };

/**
 * A dated item's heading and body as the news template renders them. Topics and source are left
 * out: their names are in content/taxonomy, which the preview does not load.
 */
export function articlePreview(
  kind: DatedKind,
  fields: Record<string, unknown>,
  lang: LocaleId,
): ArticlePreview {
  const date = dateOf(kind === 'event' ? fields.start : fields.date);
  const end = kind === 'event' && date ? dateOf(fields.end) : '';
  const place = text(fields.place);
  const online = onlineOf({ online: fields.online === true, onlineLink: text(fields.onlineLink) });
  return {
    kind,
    title: text(fields.title),
    summary: text(fields.summary),
    date,
    ...(end ? { end } : {}),
    ...(place ? { place } : {}),
    ...(online ? { online } : {}),
    topics: [],
    html: renderMarkdown(text(fields.body), lang, PREVIEW_IMAGES).html,
  };
}
