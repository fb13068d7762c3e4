// The README's configuration table, made from the environment schema's descriptions and shown
// defaults. `npm run docs:config` writes it into README.md; config-table.test.ts fails on drift.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { environmentSchema } from './environment.ts';

const README = join(import.meta.dirname, '../../README.md');
const HEADING = '## Configuration\n\n';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The Markdown table of every environment variable, formatted as Prettier formats README.md. */
export async function configurationTable(): Promise<string> {
  const rows = Object.entries(environmentSchema.shape).map(([name, schema]) => {
    const meta = schema.meta() as { description?: string; shownDefault?: string } | undefined;
    const unset = schema.safeParse(undefined);
    const zodDefault = unset.success && unset.data !== undefined ? `\`${String(unset.data)}\`` : '';
    const shownDefault = meta?.shownDefault ?? zodDefault;
    if (!meta?.description || !shownDefault) {
      throw new Error(
        `src/config/environment.ts: ${name} needs a description, and a default or a shownDefault`,
      );
    }
    return `| \`${name}\` | ${cell(shownDefault)} | ${cell(meta.description)} |`;
  });
  const table = ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
  const options = await resolveConfig(README);
  return (await format(table, { ...options, parser: 'markdown' })).trimEnd();
}

/** The table under "## Configuration" in a README's text. */
export function tableIn(readme: string): string {
  const start = readme.indexOf(HEADING);
  if (start < 0) throw new Error('README.md has no "## Configuration" section');
  const from = start + HEADING.length;
  const end = readme.indexOf('\n\n', from);
  return readme.slice(from, end < 0 ? undefined : end);
}

if (import.meta.main) {
  const readme = await readFile(README, 'utf8');
  const table = await configurationTable();
  await writeFile(README, readme.replace(tableIn(readme), table));
  console.log('README.md: configuration table written from src/config/environment.ts');
}
