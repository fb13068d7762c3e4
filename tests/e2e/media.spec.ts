// Reading an article with an image (the fixture site's n02): the browser picks the WebP version
// its width needs, the image has its alt text, and the page does not move when it arrives late.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, collectErrors } from './helpers.ts';
import { FIXTURE_ORIGIN } from './fixtures/listing-content.ts';
import { IMAGE_ALT, IMAGE_ARTICLE } from './fixtures/media.ts';

test.use({ baseURL: FIXTURE_ORIGIN });

declare global {
  interface Window {
    __layoutShift?: number;
  }
}

/** Resolves once the image has loaded; returns the version the browser chose and its box. */
const loaded = async (page: Page) => {
  const image = page.getByRole('img', { name: IMAGE_ALT });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  return image.evaluate((img: HTMLImageElement) => ({
    src: img.currentSrc,
    width: img.getBoundingClientRect().width,
    height: img.getBoundingClientRect().height,
  }));
};

test('a phone loads the narrow WebP version, a wide screen a larger one, both at 16:9', async ({
  page,
  request,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 360, height: 2000 });
  await page.goto(IMAGE_ARTICLE);
  const narrow = await loaded(page);
  expect(narrow.src).toMatch(/\/media\/fixture-hall-[0-9a-f]{10}-480\.webp$/);
  expect(narrow.width).toBeLessThanOrEqual(360);
  expect(narrow.height).toBeCloseTo((narrow.width * 9) / 16, 0);

  await page.setViewportSize({ width: 1280, height: 2000 });
  await page.reload();
  const wide = await loaded(page);
  // The text column is 42rem (672 px): 960 px is the smallest version that fills it.
  expect(wide.src).toMatch(/\/media\/fixture-hall-[0-9a-f]{10}-960\.webp$/);
  expect(wide.width).toBe(672);

  const response = await request.get(wide.src);
  expect(response.headers()['content-type']).toBe('image/webp');
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(await axeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the text under an image does not move when the image arrives late', async ({ page }) => {
  await page.addInitScript(() => {
    window.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        window.__layoutShift = (window.__layoutShift ?? 0) + entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.route('**/media/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.setViewportSize({ width: 412, height: 2000 });
  await page.goto(IMAGE_ARTICLE);
  await expect(page.getByText('Text under the image.')).toBeVisible();
  await loaded(page);
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            resolve(window.__layoutShift ?? Number.NaN);
          });
        });
      }),
  );
  expect(shift).toBe(0);
});

test('the media folder serves only its own files: a climb out of it or an unknown name ends in a 404', async ({
  request,
}) => {
  for (const path of [
    '/media/..%2fpackage.json',
    '/media/%2e%2e/%2e%2e/package.json',
    '/media/..%5c..%5cpackage.json',
    '/media/fixture-hall.jpg', // the original's name: only the resized versions are published
    '/media/no-such-image-0123456789-480.webp',
  ]) {
    // A path with dot segments is made canonical first (ADR 0010): a 301 to a path of this site.
    const first = await request.get(path, { maxRedirects: 0 });
    if (first.status() === 301) expect(first.headers().location, path).toMatch(/^\/[^/\\]/);
    else expect(first.status(), path).toBe(404);
    const last = await request.get(path);
    expect(last.status(), path).toBe(404);
    expect(await last.text(), path).not.toContain('"dependencies"');
  }
});
