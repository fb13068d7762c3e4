// Menus (content/menus.yaml): main navigation grouped by need, and the footer links.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { perLocale } from '../i18n/per-locale.ts';
import { typesetTexts } from '../i18n/typography.ts';

const label = perLocale(z.string().min(1));

export const menusSchema = z.object({
  main: z.array(z.object({ label, items: z.array(z.string().min(1)).min(1) })).min(1),
  footer: z.array(z.string().min(1)),
});
export type MenusConfig = z.infer<typeof menusSchema>;

/** Reads and validates content/menus.yaml. */
export function loadMenus(file: string): MenusConfig {
  const result = menusSchema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
  return typesetTexts(result.data);
}
