// The guichet theme: screenshots of every template at 360 and 1280 px against committed
// baselines, axe on the listing templates, a keyboard tour, and a focus indicator on every
// interactive element. Update the baselines on purpose: npx playwright test tests/e2e/theme.spec.ts --update-snapshots
import { expect, test, type Page } from '@playwright/test';
import { exposedNode, siteAxe, waitForHydration } from './helpers.ts';
import { FIXTURE_NOW, FIXTURE_ORIGIN } from './fixtures/listing-content.ts';

// The news, article and agenda templates come from the fixture site (known dates).
/** The links of the main menu (content/menus.yaml). */
const MAIN_MENU_LINKS = 19;

const TEMPLATES = [
  { name: 'splash', url: '/' },
  { name: 'page', url: '/en/first-steps' },
  { name: 'news-list', url: `${FIXTURE_ORIGIN}/en/news` },
  { name: 'article', url: `${FIXTURE_ORIGIN}/en/news/n01-advance-payments-paid-faster` },
  { name: 'agenda', url: `${FIXTURE_ORIGIN}/en/agenda` },
  { name: 'search', url: '/en/search?q=financial%20aid' },
  { name: 'not-found', url: '/en/no-such-page' },
];

async function open(page: Page, url: string) {
  await page.clock.setFixedTime(new Date(FIXTURE_NOW));
  await page.goto(url);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
}

/**
 * Scrolls an English page to its footer and back: "Share this page" comes when a reader nears
 * the footer (its code is fetched then, issue 48), and the baselines show the page as read.
 */
async function readToTheEnd(page: Page) {
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Share this page' })).toBeVisible();
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

for (const width of [360, 1280]) {
  test.describe(`at ${String(width)} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const { name, url } of TEMPLATES) {
      test(`the ${name} template looks like its baseline`, async ({ page }) => {
        await open(page, url);
        await readToTheEnd(page);
        if (name === 'search')
          await expect(page.locator('.search-results li').first()).toBeVisible();
        await expect(page).toHaveScreenshot(`${name}-${String(width)}.png`, {
          fullPage: true,
          animations: 'disabled',
          caret: 'hide',
          // The copyright year is the build's year.
          mask: [page.locator('.site-footer__copyright')],
          maxDiffPixelRatio: 0.01,
        });
      });
    }
  });
}

for (const { name, url } of TEMPLATES.filter(
  (t) => t.url.startsWith(FIXTURE_ORIGIN) || t.name === 'search',
)) {
  test(`the ${name} template has no axe violations`, async ({ page }) => {
    await open(page, url);
    const results = await siteAxe(page).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
}

test.describe('on a 360 px screen', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  // The same tour in each language: the button and the menu carry that language's labels.
  for (const tour of [
    {
      path: '/nl/eerste-stappen',
      button: 'Menu',
      menu: 'Hoofdmenu',
      first: 'Wat geldt voor mij?',
    },
    {
      path: '/fr/premiers-pas',
      button: 'Menu',
      menu: 'Menu principal',
      first: 'Qu’est-ce qui s’applique à moi ?',
    },
    {
      path: '/de/erste-schritte',
      button: 'Menü',
      menu: 'Hauptmenü',
      first: 'Was gilt für mich?',
    },
    {
      path: '/en/first-steps',
      button: 'Menu',
      menu: 'Main menu',
      first: 'What applies to me?',
    },
  ])
    test(`the main menu of ${tour.path} is a disclosure that the keyboard opens and Escape closes`, async ({
      page,
    }) => {
      await open(page, tour.path);
      const toggle = page.getByRole('button', { name: tour.button, exact: true });
      const firstLink = page
        .getByRole('navigation', { name: tour.menu, exact: true })
        .getByRole('link', { name: tour.first, exact: true });
      // The browser exposes the popover's state; HTML allows no aria-expanded beside
      // popovertarget (issue 49), also after hydration.
      await expect(toggle).not.toHaveAttribute('aria-expanded');
      const expanded = async () => (await exposedNode(page, '.main-nav__toggle')).expanded;
      await expect.poll(expanded).toBe(false);
      await expect(toggle).toHaveAttribute('aria-controls', 'main-nav-menu');
      await expect(firstLink).toBeHidden();

      // Skip link, "Leave this site", "Staying safe online", site name, search field and button,
      // four languages, then the menu button.
      for (let index = 0; index < 11; index += 1) await page.keyboard.press('Tab');
      await expect(toggle).toBeFocused();
      await page.keyboard.press('Enter');
      await expect.poll(expanded).toBe(true);
      await page.keyboard.press('Tab');
      await expect(firstLink).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(toggle).toBeFocused();
      await expect.poll(expanded).toBe(false);
      await expect(firstLink).toBeHidden();
    });

  test('without JavaScript the Menu button still opens and closes the menu (a native popover)', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 800 },
    });
    const page = await context.newPage();
    await page.goto('/en/first-steps');
    const associations = page.getByRole('link', { name: 'Victims’ associations', exact: true });
    await expect(associations).toBeHidden();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(associations).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link')).toHaveCount(
      MAIN_MENU_LINKS,
    );
    await page.keyboard.press('Escape');
    await expect(associations).toBeHidden();
    await context.close();
  });

  test('following a link of the open menu closes it and moves focus to the new page', async ({
    page,
  }) => {
    await open(page, '/en/first-steps');
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await toggle.click();
    const expanded = async () => (await exposedNode(page, '.main-nav__toggle')).expanded;
    await expect.poll(expanded).toBe(true);
    await page.getByRole('link', { name: 'Financial aid from the State', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Financial aid from the State',
    );
    await expect.poll(expanded).toBe(false);
    await expect(page.locator('#main-nav-menu')).toBeHidden();
    await expect(page.locator('main')).toBeFocused();
  });
  test('a printed page leaves out the menu, also when it is open', async ({ page }) => {
    await open(page, '/en/first-steps');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.locator('#main-nav-menu')).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('#main-nav-menu')).toBeHidden();
  });
});

test('at 1280 px the menu is behind the Menu button too, and opens over the page', async ({
  page,
}) => {
  await open(page, '/en/first-steps');
  const heading = page.getByRole('heading', { level: 1 });
  const before = await heading.boundingBox();
  const link = page.getByRole('link', { name: 'Financial aid from the State', exact: true });
  await expect(link).toBeHidden();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(link).toBeVisible();
  // Drawn over the page: the title has not moved.
  expect(await heading.boundingBox()).toEqual(before);
  await page.keyboard.press('Escape');
  await expect(link).toBeHidden();
});

test('the language switch works from the keyboard', async ({ page }) => {
  await open(page, '/en/first-steps');
  const switcher = page.getByRole('navigation', { name: 'Choose a language' });
  await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  // Skip link, "Leave this site", "Staying safe online", site name, search field and button,
  // Nederlands, then Français.
  for (let index = 0; index < 8; index += 1) await page.keyboard.press('Tab');
  await expect(switcher.getByRole('link', { name: 'Français' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/fr\/premiers-pas$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Premiers pas après un attentat terroriste',
  );
});

for (const [path, viewMore] of [
  ['/nl/eerste-stappen', 'bekijk meer'],
  ['/fr/premiers-pas', 'voir plus'],
  ['/de/erste-schritte', 'mehr anzeigen'],
  ['/en/first-steps', 'view more'],
] as const)
  test(`an accordion of ${path} (native details, "${viewMore}") opens and closes from the keyboard`, async ({
    page,
  }) => {
    await open(page, path);
    const accordion = page.locator('details.accordion').first();
    const summary = accordion.locator('summary');
    await expect(summary.locator('.accordion__hint')).toHaveText(viewMore);
    await expect(accordion).not.toHaveAttribute('open');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(accordion).toHaveAttribute('open', '');
    await expect(accordion.locator('.accordion__hint')).toBeHidden();
    await page.keyboard.press('Space');
    await expect(accordion).not.toHaveAttribute('open');
  });

test('the pagination takes the keyboard to page 2 and marks it current', async ({ page }) => {
  await open(page, `${FIXTURE_ORIGIN}/en/news`);
  const pagination = page.getByRole('navigation', { name: 'Pages' });
  await expect(pagination.getByRole('link', { name: 'Go to page 1' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await pagination.getByRole('link', { name: 'Go to page 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/news\/page\/2$/);
  await expect(pagination.getByRole('link', { name: 'Go to page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

/** The outline and box-shadow of an element, as computed now. */
const focusStyle = (page: Page, index: number) =>
  page.evaluate((i) => {
    const element = document.querySelectorAll('[data-focus-probe]')[i];
    if (!element) return '';
    const style = getComputedStyle(element);
    return `${style.outlineStyle} ${style.outlineWidth} | ${style.boxShadow}`;
  }, index);

for (const url of ['/en/first-steps', `${FIXTURE_ORIGIN}/en/news`, '/en/no-such-page']) {
  test(`every interactive element of ${url.replace(FIXTURE_ORIGIN, '')} shows a focus indicator`, async ({
    page,
  }) => {
    await open(page, url);
    // A key press first, so programmatic focus counts as keyboard focus (:focus-visible).
    await page.keyboard.press('Shift');
    const count = await page.evaluate(() => {
      const selector = 'a[href], button, input:not([type="hidden"]), select, summary';
      const visible = [...document.querySelectorAll<HTMLElement>(selector)].filter(
        // Links inside a closed accordion are not rendered and cannot take focus.
        (element) => element.checkVisibility({ visibilityProperty: true }),
      );
      for (const element of visible) element.setAttribute('data-focus-probe', '');
      return visible.length;
    });
    expect(count).toBeGreaterThan(10);
    const unmarked: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const element = page.locator('[data-focus-probe]').nth(index);
      const before = await focusStyle(page, index);
      await element.focus();
      const after = await focusStyle(page, index);
      if (before === after || !after.startsWith('solid 3px')) {
        unmarked.push(await element.evaluate((node) => node.outerHTML.slice(0, 80)));
      }
    }
    expect(unmarked).toEqual([]);
  });
}

test('a printed guide shows the answers of closed accordion sections, without "view more"', async ({
  page,
}) => {
  await page.goto('/en/first-steps');
  const section = page.locator('details.accordion').first();
  await expect(section).not.toHaveAttribute('open');
  await expect(section.locator('.accordion__body')).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(section.locator('.accordion__body')).toBeVisible();
  await expect(section.locator('.accordion__hint')).toBeHidden();
});

test('a printed page drops the search form, the language switch and the menus', async ({
  page,
}) => {
  await page.goto('/nl/eerste-stappen');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('form[role="search"]')).toBeHidden();
  // Language switch, main menu, breadcrumbs, table of contents, footer links (no social
  // accounts are configured).
  await expect(page.locator('nav')).toHaveCount(5);
  for (const navigation of await page.locator('nav').all()) await expect(navigation).toBeHidden();
});
