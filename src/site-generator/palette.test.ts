// The palette's contrast: every text pair of tokens.css reaches 7:1 (AAA) in the light and the
// dark scheme, and non-text pairs (borders, focus ring) reach 3:1.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readPalettes } from '../components/theme/palette.ts';

const css = readFileSync(new URL('../components/theme/tokens.css', import.meta.url), 'utf8');
const palettes = readPalettes(css);

const TEXT: [string, string][] = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['muted', 'bg'],
  ['muted', 'surface'],
  ['link', 'bg'],
  ['link', 'surface'],
  ['link', 'callout'],
  ['link-visited', 'bg'],
  ['on-brand', 'brand'],
  ['on-brand', 'brand-dark'],
  ['text', 'callout'],
  ['text', 'urgent'],
  ['danger', 'bg'],
  ['focus-text', 'focus'],
  ['on-leave', 'leave'],
];
const NON_TEXT: [string, string][] = [['border', 'bg']];
// The focus indicator is a dark outline inside a yellow ring: one of the two must stand out.
const FOCUS_ON = ['bg', 'surface', 'brand', 'brand-dark', 'callout', 'leave'];

describe.each(['light', 'dark'] as const)('the %s palette', (scheme) => {
  const colour = (name: string) => {
    const value = palettes[scheme][name];
    if (!value) throw new Error(`tokens.css: --color-${name} missing in the ${scheme} scheme`);
    return value;
  };
  it.each(TEXT)('%s on %s reaches 7:1', (fg, bg) => {
    expect(contrastRatio(colour(fg), colour(bg))).toBeGreaterThanOrEqual(7);
  });
  it.each(NON_TEXT)('%s against %s reaches 3:1', (fg, bg) => {
    expect(contrastRatio(colour(fg), colour(bg))).toBeGreaterThanOrEqual(3);
  });
  it.each(FOCUS_ON)('the focus indicator stands out on %s (3:1)', (bg) => {
    const best = Math.max(
      contrastRatio(colour('focus-text'), colour(bg)),
      contrastRatio(colour('focus'), colour(bg)),
    );
    expect(best).toBeGreaterThanOrEqual(3);
  });
});
