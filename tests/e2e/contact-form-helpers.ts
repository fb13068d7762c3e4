// What the contact form's browser tests share (contact-form.spec.ts, contact-form-files.spec.ts):
// opening the form once it is hydrated, its required answers, a small PDF, the proof of work's wait.
import type { Page } from '@playwright/test';
import { waitForHydration } from './helpers.ts';

/** A valid PDF of a few bytes. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
// The browser solves a proof of work before it sends: on a busy two-core machine, seconds.
export const PROOF_OF_WORK = { timeout: 30_000 };

/** Opens a page with a form, hydrated; the form's region. */
export async function openContactForm(
  page: Page,
  path = '/en/contacts',
  title = 'Ask us your question',
) {
  await page.goto(path);
  await waitForHydration(page);
  return page.getByRole('region', { name: title });
}

/** Fills in every required answer of the English contact form. */
export async function fillRequired(page: Page) {
  const form = page.getByRole('region', { name: 'Ask us your question' });
  await form.getByLabel('What is your question about?').selectOption('insurance');
  await form
    .getByRole('textbox', { name: 'Your question', exact: true })
    .fill('My insurer does not answer.');
  await form.getByRole('radio', { name: 'By e-mail' }).check();
  await form.getByRole('textbox', { name: 'Your e-mail address' }).fill('reader@example.org');
  await form.getByRole('checkbox', { name: /I agree/ }).check();
}
