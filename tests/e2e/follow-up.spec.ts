// The visitor's follow-up journey (issue 41), against the real server: an anonymous message,
// check the answers, keep the code, open the follow-up page with it, read "received" and the
// message, write back with a file, then delete the conversation.
import { expect, test } from '@playwright/test';
import { waitForHydration } from './helpers.ts';

// The browser solves a proof of work before it sends: on a busy two-core machine, seconds.
const PROOF_OF_WORK = { timeout: 30_000 };

test('an anonymous message, its code, the follow-up page, a reply with a file, then deletion', async ({
  page,
}) => {
  const marker = `follow-up ${Date.now()}`;
  await page.goto('/en/contacts');
  await waitForHydration(page);
  const form = page.getByRole('region', { name: 'Ask us your question' });
  await form.getByLabel('What is your question about?').selectOption('insurance');
  await form.getByRole('textbox', { name: 'Your question', exact: true }).fill(marker);
  await form.getByRole('radio', { name: 'I do not need an answer' }).check();
  await form.getByRole('checkbox', { name: /I agree/ }).check();
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(
    form.getByRole('heading', { name: 'Check your answers before sending' }),
  ).toBeFocused();
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('heading', { name: 'Your follow-up code' })).toBeVisible(
    PROOF_OF_WORK,
  );
  const card = form.locator('.form-code__card dd');
  const reference = (await card.nth(0).textContent()) ?? '';
  const code = (await card.nth(1).textContent()) ?? '';
  expect(code).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
  await expect(card.nth(2)).toHaveText(/\/en\/follow-up$/);

  const followUp = page.waitForURL('**/en/follow-up');
  await form.getByRole('link', { name: 'Go to the follow-up page' }).click();
  await followUp;
  await waitForHydration(page);
  await page.getByLabel('Reference').fill(reference);
  await page.getByLabel('Follow-up code').fill(code);
  await page.getByRole('button', { name: 'Open' }).click();
  const title = page.getByRole('heading', { name: `Your conversation ${reference}` });
  await expect(title).toBeFocused(PROOF_OF_WORK);
  // The code is in no address the browser saw.
  expect(page.url()).not.toContain(code.replaceAll(' ', ''));
  await expect(page.getByText(/^Status: /)).toHaveText('Status: received, not read yet');
  await expect(page.locator('.follow-up__text')).toHaveText([marker]);
  expect(await page.evaluate(() => document.cookie)).toBe('');

  await page.getByRole('textbox', { name: 'Your message' }).fill(`${marker}: one more thing`);
  await page.getByLabel('Documents').setInputFiles({
    name: 'hearing.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Dates of the hearings\n'),
  });
  await expect(page.getByText('Files uploaded')).toBeVisible(PROOF_OF_WORK);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your message is sent.' })).toHaveCount(
    1,
  );
  await expect(page.locator('.follow-up__text')).toHaveText([marker, `${marker}: one more thing`]);
  await expect(page.locator('.follow-up__files').last()).toContainText('hearing.txt');

  await page.getByRole('button', { name: 'Delete my messages' }).click();
  await page.getByRole('button', { name: 'Yes, delete my messages' }).click();
  await expect(page.getByRole('heading', { name: 'Your messages are deleted' })).toBeFocused();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

  // Nothing of it can be read afterwards: the same code opens nothing.
  await page.getByLabel('Reference').fill(reference);
  await page.getByLabel('Follow-up code').fill(code);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'The reference or the follow-up code is not right.',
    PROOF_OF_WORK,
  );
});

test('the follow-up page is served with no-store and says it needs JavaScript without it', async ({
  browser,
  request,
}) => {
  for (const path of ['/en/follow-up', '/fr/suivi', '/nl/opvolging', '/de/nachverfolgung']) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
  }
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/en/follow-up');
  await expect(page.locator('.follow-up')).toHaveText(
    // The apostrophe is typeset (’) as the page renders it.
    /^This page needs JavaScript: your code is sent only by a script, never in the page.s address\. Turn JavaScript on, or call the central desk\.$/,
  );
  await context.close();
});
