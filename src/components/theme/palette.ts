// Reads the colour tokens of tokens.css (light and dark) and computes WCAG contrast ratios; used
// by src/site-generator/palette.test.ts and by `node src/site-generator/palette-table.ts` (the table of ADR 0006).

export type Palette = Record<string, string>;

const luminance = (hex: string): number => {
  const [r = 0, g = 0, b = 0] = (hex.replace('#', '').match(/../g) ?? []).map((part) => {
    const value = parseInt(part, 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** The WCAG 2 contrast ratio of two six-digit hex colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const colours = (block: string): Palette => {
  const palette: Palette = {};
  for (const [, name = '', value = ''] of block.matchAll(
    /--color-([a-z-]+):\s*(#[0-9a-f]{6});/gi,
  )) {
    palette[name] = value;
  }
  return palette;
};

/** The light palette (the first :root block) and the dark one (the prefers-color-scheme block). */
export function readPalettes(css: string): { light: Palette; dark: Palette } {
  const darkStart = css.indexOf('@media (prefers-color-scheme: dark)');
  const darkEnd = css.indexOf('@media', darkStart + 1);
  const light = colours(css.slice(0, darkStart));
  return { light, dark: { ...light, ...colours(css.slice(darkStart, darkEnd)) } };
}
