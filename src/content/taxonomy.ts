// Topics and sources (content/taxonomy/*.yaml) that news, attacks and events refer to.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { perLocale } from '../i18n/per-locale.ts';
import { typesetTexts } from '../i18n/typography.ts';

const name = perLocale(z.string().min(1));

export const topicsSchema = z.record(z.string().regex(/^[a-z0-9-]+$/), name);
export const sourcesSchema = z.record(
  z.string().regex(/^[a-z0-9-]+$/),
  z.strictObject({ name, url: z.url() }),
);

export type Topics = z.infer<typeof topicsSchema>;
export type Sources = z.infer<typeof sourcesSchema>;

const load = <T>(file: string, schema: z.ZodType<T>): T => {
  const result = schema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
  return typesetTexts(result.data);
};

/** Reads and validates the topics and sources files. */
export function loadTaxonomy(dir: string): { topics: Topics; sources: Sources } {
  return {
    topics: load(`${dir}/topics.yaml`, topicsSchema),
    sources: load(`${dir}/sources.yaml`, sourcesSchema),
  };
}
