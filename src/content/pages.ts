// Content pages (content/pages/{translationKey}.{lang}.md): schema and loader.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { isLocaleId, type LocaleId } from '../i18n/locales.ts';
import { renderMarkdown, type TocEntry } from './markdown.ts';

export const pageFrontMatterSchema = z.strictObject({
  title: z.string().min(1),
  path: z.string().regex(/^\/(nl|fr|de|en)(\/[a-z0-9-]+)*$/, 'a root-relative path without trailing slash'),
  summary: z.string().min(1),
  updated: z.iso.date(),
});

export interface ContentPage {
  id: string;
  lang: LocaleId;
  translationKey: string;
  path: string;
  title: string;
  summary: string;
  updated: string;
  html: string;
  toc: TocEntry[];
  file: string;
}

const FILE_NAME = /^([a-z0-9-]+)\.([a-z]{2})\.md$/;
const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/;

/** Parses one page file; errors name the file and the field. */
export function parsePage(file: string, source: string): ContentPage {
  const name = file.split('/').pop() ?? file;
  const nameMatch = FILE_NAME.exec(name);
  const lang = nameMatch?.[2];
  if (!nameMatch?.[1] || !isLocaleId(lang)) {
    throw new Error(`${file}: file name must be {translationKey}.{nl|fr|de|en}.md`);
  }
  const parts = FRONT_MATTER.exec(source);
  if (!parts) throw new Error(`${file}: missing YAML front matter between --- lines`);
  const result = pageFrontMatterSchema.safeParse(parse(parts[1] ?? ''));
  if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
  const front = result.data;
  if (!front.path.startsWith(`/${lang}`)) {
    throw new Error(`${file}: path ${front.path} must start with /${lang}`);
  }
  const { html, toc } = renderMarkdown(parts[2] ?? '');
  return { id: `${nameMatch[1]}.${lang}`, lang, translationKey: nameMatch[1], ...front, html, toc, file };
}

/** Loads every page of a directory, sorted by file name for a stable build. */
export function loadPages(dir: string): ContentPage[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const file = join(dir, name);
      return parsePage(file, readFileSync(file, 'utf8'));
    });
}
