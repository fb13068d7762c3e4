// Content items (content/{pages,news,attacks,events}/{translationKey}.{lang}.md): parsing and loading.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { isLocaleId, LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';
import { renderMarkdown, type TocEntry } from './markdown.ts';
import {
  attackSchema,
  eventSchema,
  newsSchema,
  pageSchema,
  type AttackFront,
  type EventFront,
  type NewsFront,
  type PageFront,
} from './schemas.ts';
import { SECTIONS } from './sections.ts';

interface ItemBase {
  id: string;
  lang: LocaleId;
  translationKey: string;
  html: string;
  toc: TocEntry[];
  /** The Markdown body as written, for the readability check. */
  markdown: string;
  file: string;
}
export type PageItem = ItemBase & PageFront & { kind: 'page' };
export type NewsItem = ItemBase & NewsFront & { kind: 'news' };
export type AttackItem = ItemBase & AttackFront & { kind: 'attack' };
export type EventItem = ItemBase & EventFront & { kind: 'event' };
export type ContentItem = PageItem | NewsItem | AttackItem | EventItem;
export type ItemKind = ContentItem['kind'];

const SCHEMAS = {
  page: pageSchema,
  news: newsSchema,
  attack: attackSchema,
  event: eventSchema,
} as const;
const FILE_NAME = /^([a-z0-9-]+)\.([a-z]{2})\.md$/;
const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/;

/** What the path of an item must start with: its language, or for dated items their section. */
const pathPrefix = (kind: ItemKind, lang: LocaleId): string =>
  kind === 'page' ? `/${lang}` : `${SECTIONS[kind][lang]}/`;

/** Parses one content file of a kind; errors name the file and the field. */
export function parseItem<K extends ItemKind>(
  kind: K,
  file: string,
  source: string,
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
  const markdown = parts[2] ?? '';
  const { html, toc } = renderMarkdown(markdown, lang);
  return {
    kind,
    id: `${kind}:${key}.${lang}`,
    lang,
    translationKey: key,
    ...result.data,
    html,
    toc,
    markdown,
    file,
  } as Extract<ContentItem, { kind: K }>;
}

/** Loads every item of a kind from a directory (none when it does not exist), sorted by file name. */
export function loadItems<K extends ItemKind>(
  kind: K,
  dir: string,
): Extract<ContentItem, { kind: K }>[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const file = join(dir, name);
      return parseItem(kind, file, readFileSync(file, 'utf8'));
    });
}
