// Content items (content/{pages,news,attacks,events}/{translationKey}.{lang}.md): parsing and loading.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { isLocaleId, LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';
import { typeset } from '../i18n/typography.ts';
import { resolveDeskReferences, type DeskReferences } from './desk-references.ts';
import { renderMarkdown, type TocEntry } from './markdown.ts';
import type { MediaLibrary } from './media.ts';
import {
  attackSchema,
  eventSchema,
  newsSchema,
  pageSchema,
  type AttackFront,
  type EventFront,
  type NewsFront,
  type PageFront,
  type SourceRef,
} from './schemas.ts';
import { onlineOf } from './event-rules.ts';

interface FrontWords {
  title: string;
  summary: string;
  place?: string;
  sources?: SourceRef[] | undefined;
}
import { pathPrefix } from './sections.ts';

interface ItemBase {
  id: string;
  lang: LocaleId;
  translationKey: string;
  html: string;
  toc: TocEntry[];
  file: string;
}
export type PageItem = ItemBase & PageFront & { kind: 'page' };
export type NewsItem = ItemBase & NewsFront & { kind: 'news' };
export type AttackItem = ItemBase & AttackFront & { kind: 'attack' };
export type EventItem = ItemBase &
  Omit<EventFront, 'online' | 'onlineLink'> & {
    kind: 'event';
    /** Online: the link to join, or true (onlineOf, from `online` and `onlineLink`). */
    online?: true | string;
  };
export type ContentItem = PageItem | NewsItem | AttackItem | EventItem;
export type ItemKind = ContentItem['kind'];

const SCHEMAS = {
  page: pageSchema,
  news: newsSchema,
  attack: attackSchema,
  event: eventSchema,
} as const;
const FILE_NAME = /^([a-z0-9-]+)\.([a-z]{2})\.md$/;
/** A file's front matter and body. */
export const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/;

/** An event's front matter as the site reads it: `online` and `onlineLink` made one value. */
function eventFront({
  online,
  onlineLink,
  ...rest
}: EventFront): Omit<EventItem, keyof ItemBase | 'kind'> {
  const joined = onlineOf({ online, onlineLink });
  return joined === undefined ? rest : { ...rest, online: joined };
}

/**
 * The front matter's words a reader sees, in the language's typography (the body's is in the
 * HTML); a source's title in the language of its page.
 */
function typesetFront<T extends FrontWords>(fields: T, lang: LocaleId): T {
  return {
    ...fields,
    title: typeset(fields.title, lang),
    summary: typeset(fields.summary, lang),
    ...(fields.place === undefined ? {} : { place: typeset(fields.place, lang) }),
    ...(fields.sources === undefined
      ? {}
      : {
          sources: fields.sources.map((source) =>
            'title' in source
              ? { ...source, title: typeset(source.title, source.lang ?? lang) }
              : source,
          ),
        }),
  };
}

/**
 * Parses one content file of a kind; errors name the file and the field. Its images are checked
 * against `media` (the build's library) when given.
 */
export function parseItem<K extends ItemKind>(
  kind: K,
  file: string,
  source: string,
  media?: MediaLibrary,
): Extract<ContentItem, { kind: K }> {
  const name = file.split('/').pop() ?? file;
  const nameMatch = FILE_NAME.exec(name);
  const key = nameMatch?.[1];
  const lang = nameMatch?.[2];
  if (!key || !isLocaleId(lang))
    throw new Error(`${file}: file name must be {translationKey}.{${LOCALE_IDS.join('|')}}.md`);
  const parts = FRONT_MATTER.exec(source);
  if (!parts) throw new Error(`${file}: missing YAML front matter between --- lines`);
  let front: unknown;
  try {
    front = parse(parts[1] ?? '');
  } catch (error) {
    throw new Error(
      `${file}: front matter is not valid YAML: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const result = SCHEMAS[kind].safeParse(front);
  if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
  const prefix = pathPrefix(kind, lang);
  if (!result.data.path.startsWith(prefix)) {
    throw new Error(`${file}: path ${result.data.path} must start with ${prefix}`);
  }
  const fields = typesetFront(
    kind === 'event' ? eventFront(result.data as EventFront) : result.data,
    lang,
  );
  const markdown = parts[2] ?? '';
  const { html, toc } = renderMarkdown(markdown, lang, { file, ...(media ? { media } : {}) });
  // A copy, not the parsers' strings: those cut from the file's text (the front matter's values,
  // the headings) are slices of it in V8, and a slice keeps the whole text alive. The items of a
  // 16,000-page site held 262 MB of heap as parsed, 96 MB copied.
  return structuredClone({
    kind,
    id: `${kind}:${key}.${lang}`,
    lang,
    translationKey: key,
    ...fields,
    html,
    toc,
    file,
  }) as Extract<ContentItem, { kind: K }>;
}

/**
 * An item's Markdown body as written, read again from its file: only the readability check needs
 * it, and an item that kept it held a second copy of the site's text (50 MB at 16,000 pages).
 */
export function markdownOf(item: Pick<ItemBase, 'file'>): string {
  return FRONT_MATTER.exec(readFileSync(item.file, 'utf8'))?.[2] ?? '';
}

/**
 * Parsed items by a hash of their kind, file and bytes (and the media library, for a body that
 * may show an image): a build keeps them for the next one (build-cache.ts), which then parses only
 * the files that changed. The parse is a pure function of those, so a kept item is the item the
 * parse would give.
 */
export interface ItemCache {
  get: (key: string) => ContentItem | undefined;
  set: (key: string, item: ContentItem) => void;
}

// `![` and `<img` are what a body with an image holds; any other body does not depend on the media.
const MAY_SHOW_IMAGE = /!\[|<(img|picture|source)\b/i;

/** The key of an item in an ItemCache. */
export const itemKey = (kind: ItemKind, file: string, source: string, media?: MediaLibrary) =>
  createHash('sha256')
    .update(`${kind}\0${file}\0`)
    .update(media && MAY_SHOW_IMAGE.test(source) ? `${media.fingerprint}\0` : '')
    .update(source)
    .digest('hex');

/** The folder of content/ that holds each kind of item. */
export const ITEM_FOLDERS = {
  page: 'pages',
  news: 'news',
  attack: 'attacks',
  event: 'events',
} as const satisfies Record<ItemKind, string>;

/** The item files of a directory (none when it does not exist), sorted by file name. */
export const itemFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => join(dir, name))
    : [];

/**
 * Loads every item of a kind from a directory (none when it does not exist), sorted by file name,
 * with the desk's `{{references}}` resolved when given (desk-references.ts).
 */
export function loadItems<K extends ItemKind>(
  kind: K,
  dir: string,
  cache?: ItemCache,
  media?: MediaLibrary,
  references?: DeskReferences,
): Extract<ContentItem, { kind: K }>[] {
  return itemFiles(dir).map((file) => {
    // Resolved before the cache key: a changed desk number is a changed source.
    const written = readFileSync(file, 'utf8');
    const source = references ? resolveDeskReferences(written, references, file) : written;
    if (!cache) return parseItem(kind, file, source, media);
    const key = itemKey(kind, file, source, media);
    const item =
      (cache.get(key) as Extract<ContentItem, { kind: K }> | undefined) ??
      parseItem(kind, file, source, media);
    cache.set(key, item);
    return item;
  });
}
