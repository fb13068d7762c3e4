// Footer social links and the "Share this page" dialog: labelled links, no third-party script,
// focus kept inside, copy link, Escape closes.
import { expect, test } from '@playwright/test';
import { contrastRatio } from '../../src/components/theme/palette.ts';
import { axeViolations, waitForHydration } from './helpers.ts';
import { FIXTURE_ORIGIN, SOCIAL_ACCOUNTS } from './fixtures/listing-content.ts';

/** "rgb(r, g, b)" as "#rrggbb". */
const hex = (rgb: string) =>
  `#${(rgb.match(/\d+/g) ?? [])
    .slice(0, 3)
    .map((part) => Number(part).toString(16).padStart(2, '0'))
    .join('')}`;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.describe('on a site with accounts configured (the fixture site)', () => {
  test.use({ baseURL: FIXTURE_ORIGIN });

  test('the footer links to the four accounts, labelled and with rel="noopener"', async ({
    page,
  }) => {
    await page.goto('/nl');
    const nav = page.getByRole('navigation', { name: 'Volg ons' });
    await expect(nav.getByRole('link')).toHaveCount(4);
    for (const [name, href] of [
      ['Facebook (onze pagina)', SOCIAL_ACCOUNTS.facebook],
      ['X (Twitter) (onze pagina)', SOCIAL_ACCOUNTS.twitter],
      ['Instagram (onze pagina)', SOCIAL_ACCOUNTS.instagram],
      ['LinkedIn (onze pagina)', SOCIAL_ACCOUNTS.linkedin],
    ] as const) {
      const link = nav.getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('rel', 'noopener');
    }
  });
});

// Regression: unconfigured links pointed to the networks' home pages, labelled "(our page)".
test('a site without accounts shows no "Follow us" links, only "Share this page"', async ({
  page,
}) => {
  await page.goto('/nl');
  await waitForHydration(page);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('navigation', { name: 'Volg ons' })).toHaveCount(0);
  for (const network of ['Facebook', 'X (Twitter)', 'Instagram', 'LinkedIn'])
    await expect(footer.getByRole('link', { name: new RegExp(network) })).toHaveCount(0);
  // The button comes with its chunk when the reader comes near the footer (issue 48).
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.getByRole('button', { name: 'Deze pagina delen' })).toBeVisible();
});

test('the share dialog offers the page, keeps the focus, copies the link, closes with Escape', async ({
  page,
}) => {
  const thirdParty: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://localhost')) thirdParty.push(request.url());
  });
  await page.goto('/en/first-steps?q=secret');
  await waitForHydration(page);
  const opener = page.getByRole('button', { name: 'Share this page' });
  // Its code is fetched when the reader comes near the footer, not before (issue 48).
  await expect(opener).toHaveCount(0);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Share this page' });
  await expect(dialog).toBeVisible();
  const url = new URL('/en/first-steps', page.url()).href;
  const encoded = encodeURIComponent(url);
  await expect(dialog.getByRole('link', { name: 'Send by e-mail' })).toHaveAttribute(
    'href',
    `mailto:?subject=${encodeURIComponent(await page.title())}&body=${encoded}`,
  );
  await expect(dialog.getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute(
    'href',
    `https://www.facebook.com/sharer/sharer.php?u=${encoded}`,
  );
  await expect(dialog.getByRole('link', { name: 'Share on LinkedIn' })).toHaveAttribute(
    'href',
    `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`,
  );
  await expect(dialog.getByRole('link', { name: 'Share on X (Twitter)' })).toHaveAttribute(
    'href',
    new RegExp(`^https://x\\.com/intent/post\\?url=${encoded.replace(/[.%]/g, '\\$&')}&text=`),
  );

  // Tabbing never reaches the page behind the modal.
  for (let index = 0; index < 10; index += 1) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      if (document.querySelector('dialog.share')?.contains(active)) return 'dialog';
      return active === document.body || active === null ? 'outside' : 'page';
    });
    expect(where).not.toBe('page');
  }

  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('status')).toHaveText('The link is copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expect(thirdParty).toEqual([]);
});

test('the open share dialog has no axe violations, and its links contrast with it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/de/erste-schritte');
  await waitForHydration(page);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Diese Seite teilen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Diese Seite teilen' });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // axe leaves text over a modal's backdrop "incomplete": the dialog sits in the dark footer,
  // whose light link colour must not reach the dialog's light background.
  const background = hex(await dialog.evaluate((node) => getComputedStyle(node).backgroundColor));
  const links = dialog.getByRole('link');
  await expect(links).toHaveCount(4);
  for (const link of await links.all()) {
    const colour = hex(await link.evaluate((node) => getComputedStyle(node).color));
    expect(contrastRatio(colour, background)).toBeGreaterThanOrEqual(4.5);
  }
});
