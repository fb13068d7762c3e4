// The screenshots of the editor guide's publish flow (docs/editor-guide.md, "After publishing"):
// the editor signed in to a stand-in GitHub (editor-guide/stand-in-github.ts) with the product's
// GitHub configuration, the Editorial Workflow's board, "Publish Changes" and its dispatch to the
// real publisher's webhook, "View on Live Site" and the preview address's /_preview page. Run by
// `npm run docs:screenshots` with editor-guide.screenshots.ts, never by `npm test`.
import { expect, test } from '@playwright/test';
import { previewStatusText } from '../../server/publishing/preview-app.ts';
import type { StandInPullRequest } from '../../server/testing/github-stand-in.ts';
import { serveFontsFromPackages } from './cms-local.ts';
import { startPreviewAddress } from './editor-guide/preview-address.ts';
import {
  deliverToPublisher,
  serveStandInGitHub,
  signInWithToken,
  standInRepository,
} from './editor-guide/stand-in-github.ts';
import { shot } from './editor-guide/shot.ts';

/** A file as a saved change leaves it: checked today and, in English, changed by `more`. */
const savedChange = (lang: string, text: string, more?: (text: string) => string): string => {
  const dated = text.replace(/^updated: .*$/m, 'updated: 2026-11-27');
  return lang === 'en' && more ? more(dated) : dated;
};

// The change the preview shows: a link added to "Related pages", to a page that does not exist.
const addLink = (text: string): string => `${text}- [Help at school](/en/help-at-school)\n`;

/** A saved change of an entry on its workflow branch: its four files. */
function pullRequest(
  number: number,
  [collection, slug]: [string, string],
  status: StandInPullRequest['status'],
  files: Map<string, Buffer>,
  more?: (text: string) => string,
): StandInPullRequest {
  const changedFiles = Object.fromEntries(
    ['nl', 'fr', 'de', 'en'].map((lang) => {
      const path = `content/${collection}/${slug}.${lang}.md`;
      const text = files.get(path)?.toString('utf8');
      if (text === undefined) throw new Error(`${path} is not in content/`);
      return [path, savedChange(lang, text, more)];
    }),
  );
  return { number, branch: `cms/${collection}/${slug}`, title: slug, status, files: changedFiles };
}

test('the editor guide’s screenshots of publishing', async ({ page }) => {
  test.setTimeout(120_000);
  const repository = standInRepository();
  const { files } = repository;
  repository.pullRequests = [
    pullRequest(11, ['events', 'liege-commemoration-2027'], 'draft', files),
    pullRequest(12, ['pages', 'children'], 'pending_review', files, addLink),
    pullRequest(13, ['news', 'brussels-trial-verdict-2023'], 'pending_publish', files),
  ];
  // The In Review page's branch, built into a preview by the publisher.
  const preview = await startPreviewAddress(
    'cms/pages/children',
    Object.fromEntries(
      ['nl', 'fr', 'de', 'en'].map((lang) => [
        `pages/children.${lang}.md`,
        (text: string) => savedChange(lang, text, addLink),
      ]),
    ),
  );
  try {
    expect(preview.info).toMatchObject({
      built: true,
      problems: [
        '/en/children-and-young-people links to /en/help-at-school, which is not on the site',
      ],
    });
    await serveFontsFromPackages(page);
    const unknown = await serveStandInGitHub(page, repository, preview.origin);
    // Sveltia waits a minute for a build status that the publisher never posts to GitHub before it
    // offers "View on Live Site" (UNKNOWN_GRACE_DURATION): the page's clock jumps over the wait.
    await page.clock.install();
    await signInWithToken(page);
    const publish = page.getByRole('button', { name: 'Publish Changes' });
    await expect(publish).toBeEnabled();
    await shot(page, 'publish-button', { x: 0, y: 0, width: 1280, height: 56 });

    // The board: one saved change in each of the workflow's three columns.
    await page.getByRole('radio', { name: 'Editorial Workflow' }).click();
    const board = page.getByRole('group', { name: 'Editorial Workflow' });
    for (const column of ['Drafts', 'In Review', 'Ready'])
      await expect(board.getByRole('list', { name: column }).getByRole('listitem')).toHaveCount(1);
    await page.clock.fastForward('01:05');
    await expect(board.getByRole('button', { name: 'View on Live Site' })).toHaveCount(3);
    await shot(page, 'publish-board', { x: 0, y: 0, width: 1280, height: 220 });

    // The entry's status control, and its link to the preview address.
    await board.getByRole('button', { name: 'Children and young people after an attack' }).click();
    await page.clock.fastForward('01:05');
    const viewOnSite = page.getByRole('button', { name: 'View on Live Site' });
    await expect(viewOnSite).toBeVisible();
    await page.getByRole('button', { name: 'Status: \u2068In Review\u2069' }).click();
    await expect(page.getByRole('menu', { name: 'Change Entry Status' })).toMatchAriaSnapshot(`
      - menu "Change Entry Status":
        - menuitemradio "Draft"
        - menuitemradio "In Review" [checked]
        - menuitemradio "Ready"
    `);
    await shot(page, 'publish-status', { x: 0, y: 0, width: 1280, height: 160 });
    await page.keyboard.press('Escape');

    // "View on Live Site" opens the entry's page on the preview address, in English.
    const opened = page.context().waitForEvent('page');
    await viewOnSite.click();
    const site = await opened;
    await site.waitForLoadState();
    expect(site.url()).toBe(`${preview.origin}/en/children-and-young-people`);
    await expect(site.getByRole('heading', { level: 1 })).toHaveText(
      'Children and young people after an attack',
    );
    await expect(site.getByRole('link', { name: 'Help at school' })).toBeVisible();
    await shot(site, 'publish-preview-page');
    await site.goto(`${preview.origin}/_preview`);
    await expect(site.locator('pre')).toHaveText(previewStatusText(preview.info).trimEnd());
    await shot(site, 'publish-preview-status', { x: 0, y: 0, width: 1280, height: 120 });
    await site.close();

    // "Publish Changes": the toast, and GitHub's dispatch, which the publisher's hook takes.
    await page.getByRole('button', { name: 'Cancel Editing' }).click();
    await publish.click();
    const toast = page.getByRole('status').filter({ hasText: 'Publishing Changes…' });
    await expect(toast).toBeVisible();
    await shot(page, 'publish-toast');
    await expect(publish).toBeDisabled();
    expect(repository.dispatches).toEqual([{ event_type: 'sveltia-cms-publish' }]);
    expect(await deliverToPublisher(repository, repository.dispatches[0])).toEqual({
      status: 202,
      answer: { publishing: 'started' },
      requested: ['push to main'],
    });
    expect(unknown).toEqual([]);
  } finally {
    await preview.close();
  }
});
