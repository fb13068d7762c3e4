// How the editor guide's screenshot scripts write a picture: docs/editor-guide/NAME.png, of the
// window, a region of it or one element, once the fonts are in and Sveltia's animations are over.
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ROOT } from '../cms-local.ts';

const OUT = join(ROOT, 'docs/editor-guide');

/** A region of the window, in CSS pixels. */
export type Clip = { x: number; y: number; width: number; height: number };

/** Writes one screenshot, of the whole window, a region of it or one element, once fonts are in. */
export async function shot(page: Page, name: string, what?: Clip | Locator): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  // Sveltia animates menus, toasts and panes in; let them settle.
  await page.waitForTimeout(400);
  const path = join(OUT, `${name}.png`);
  if (what === undefined) await page.screenshot({ path });
  else if ('x' in what) await page.screenshot({ path, clip: what });
  else await what.screenshot({ path });
}
