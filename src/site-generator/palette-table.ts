// Prints the contrast table of the guichet palette (docs/decisions/0006-guichet-theme.md):
// node src/site-generator/palette-table.ts text:bg muted:surface …
import { readFileSync } from 'node:fs';
import { contrastRatio, readPalettes } from '../components/theme/palette.ts';

const css = readFileSync(new URL('../components/theme/tokens.css', import.meta.url), 'utf8');
const { light, dark } = readPalettes(css);
for (const [fg = '', bg = ''] of process.argv.slice(2).map((pair) => pair.split(':'))) {
  const row = [light, dark].map((p) => contrastRatio(p[fg] ?? '', p[bg] ?? '').toFixed(2));
  console.log(`| ${fg} on ${bg} | ${row.join(' | ')} |`);
}
