// Menus (content/menus.yaml): main navigation grouped by need, and the footer links.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';

const label = z.object({ nl: z.string(), fr: z.string(), de: z.string(), en: z.string() });

export const menusSchema = z.object({
  main: z.array(z.object({ label, items: z.array(z.string().min(1)).min(1) })).min(1),
  footer: z.array(z.string().min(1)),
});
export type MenusConfig = z.infer<typeof menusSchema>;

/** Reads and validates content/menus.yaml. */
export function loadMenus(file: string): MenusConfig {
  const result = menusSchema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
  return result.data;
}
