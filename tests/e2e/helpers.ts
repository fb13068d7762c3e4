// Helpers for browser tests: a marker that only survives client-side navigation, request
// counting, axe checks, and links added to the page to reach URLs that no menu links to.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { builtRoutes } from './routes.ts';

declare global {
  interface Window {
    __sameDocument?: string;
  }
}

/** The axe rule tags of WCAG 2.2 level AA (with the A and AA rules of 2.0 and 2.1). */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe with the WCAG 2.2 AA rules, for a page of the site. The site's pages have no frames
 * (content.spec.ts checks it on every page), so axe runs in the page itself (its "legacy mode"):
 * by default it runs per frame and then finishes in a new blank page, which cost 0.6 s more per
 * page (1.1 against 0.5 s on 24 pages, the same violations). Sveltia's editor has frames: not here.
 */
export function siteAxe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(WCAG_22_AA).setLegacyMode(true);
}

/** The WCAG 2.2 AA violations on the page as "rule: targets" lines (empty when none). */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await siteAxe(page).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/**
 * Opens the main menu (a popover behind the "Menu" button at every width) and returns the link
 * to the page titled `title` in it.
 */
export async function mainMenuLink(
  page: Page,
  title: string,
  labels: { button: string; menu: string } = { button: 'Menu', menu: 'Main menu' },
) {
  const toggle = page.getByRole('button', { name: labels.button, exact: true });
  const link = page
    .getByRole('navigation', { name: labels.menu, exact: true })
    .getByRole('link', { name: title, exact: true });
  if (!(await link.isVisible())) await toggle.click();
  return link;
}

/**
 * What Chromium tells assistive technology of the first element matching `selector`, read from
 * its accessibility tree rather than from attributes: the accessible name, and whether it is
 * expanded (a `popovertarget` button's state comes from the browser; undefined when none).
 */
export async function exposedNode(
  page: Page,
  selector: string,
): Promise<{ name: string | undefined; expanded: boolean | undefined }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
      nodeId,
      fetchRelatives: false,
    });
    const node = nodes[0];
    const expanded = node?.properties?.find((property) => property.name === 'expanded');
    return {
      name: node?.name?.value as string | undefined,
      expanded: expanded?.value.value as boolean | undefined,
    };
  } finally {
    await cdp.detach();
  }
}

/** Waits until React has hydrated the current document. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Scrolls to a part that hydrates when the reader comes near it ("Was this page useful?", issue
 * 48) and waits until React has hydrated it: a tap before that would be lost. React marks the
 * elements it has hydrated with its own `__reactFiber$…` key; the prerendered ones have none.
 */
export async function waitForHydratedPart(part: Locator): Promise<void> {
  await part.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      part.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith('__reactFiber$')),
      ),
    )
    .toBe(true);
}

/**
 * Turns prefetching off (by announcing data saving) for tests that count requests or time
 * responses; tests/e2e/prefetch.spec.ts covers prefetching itself.
 */
export async function disablePrefetch(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      value: { saveData: true, effectiveType: '4g' },
      configurable: true,
    });
  });
}

/** Marks the current document once hydrated; a full page load loses the mark. */
export async function markDocument(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.evaluate(() => {
    window.__sameDocument = 'kept';
  });
}

/** True when the document marked by markDocument is still the one shown. */
export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => window.__sameDocument === 'kept');
}

/**
 * Adds a link to `href` at the end of the main content (#added-link). The prefetcher only
 * watches links rendered by the app, so this one is fetched on hover, focus or click alone.
 */
export async function addLink(page: Page, href: string): Promise<void> {
  await waitForHydration(page);
  await page.evaluate((target) => {
    const link = document.createElement('a');
    link.href = target;
    link.id = 'added-link';
    link.textContent = 'added link';
    document.querySelector('main')?.append(link);
  }, href);
}

/** Adds a link to `href` (see addLink) and clicks it. */
export async function clickAddedLink(page: Page, href: string): Promise<void> {
  await addLink(page, href);
  await page.click('#added-link');
}

/** Counts the requests whose URL path is `path` (optionally only one method). */
export function countRequests(page: Page, path: string, method = 'GET'): { count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path && request.method() === method) counter.count++;
  });
  return counter;
}

/** The title of a built route (the page's h1 for content pages). */
export function titleOf(path: string): string {
  const route = builtRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no built route ${path}`);
  return route.title;
}

/** Collects console errors and uncaught exceptions (hydration mismatches among them). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
