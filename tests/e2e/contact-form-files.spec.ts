// The contact form's uploads in the browser: the progress and Files uploaded, Remove and Remove
// all, a file of a refused type, and a message sent with its file.
import { expect, test } from '@playwright/test';
import { fillRequired, openContactForm, PDF, PROOF_OF_WORK } from './contact-form-helpers.ts';

const ACCEPTED = 'PDF, JPG, PNG, HEIC, DOCX, ODT, TXT';

test('uploading shows its progress, then Files uploaded; Remove and Remove all reset the list', async ({
  page,
}) => {
  const form = await openContactForm(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('/api/uploads?*', async (route) => {
    await held;
    await route.continue();
  });
  await form.getByLabel('Documents').setInputFiles([
    { name: 'letter.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Dates of the hearings\n') },
  ]);
  await expect(form.getByText('Uploading file(s)! Please wait…')).toBeVisible();
  await expect(form.getByRole('progressbar', { name: 'Upload progress' })).toHaveCount(1);
  release();
  await expect(form.getByText('Files uploaded')).toBeVisible();
  const files = form.locator('.form-upload__file');
  await expect(files).toHaveCount(2);
  await form.getByRole('button', { name: 'Remove letter.pdf' }).click();
  await expect(files).toHaveCount(1);
  await expect(files).toContainText('notes.txt');
  await form.getByRole('button', { name: 'Remove all' }).click();
  await expect(files).toHaveCount(0);
  await expect(form.getByText('Files uploaded')).toHaveCount(0);
  await expect(form.getByLabel('Documents')).toBeFocused();
});

test('a file of a type the form does not take is refused, by name and by content', async ({
  page,
}) => {
  const form = await openContactForm(page);
  const input = form.getByLabel('Documents');
  await input.setInputFiles({
    name: 'setup.exe',
    mimeType: 'application/octet-stream',
    buffer: PDF,
  });
  await expect(form.locator('.form-field__error')).toHaveText(
    `The file “setup.exe” is not of an accepted type (${ACCEPTED}).`,
  );
  // A PDF named as a picture: the server looks at the content.
  await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PDF });
  await expect(form.locator('.form-field__error')).toHaveText(
    `The file “photo.png” is not of an accepted type (${ACCEPTED}).`,
  );
  await expect(form.locator('.form-upload__file')).toHaveCount(0);
});

test('a message with an uploaded file is sent', async ({ page }) => {
  const form = await openContactForm(page);
  await fillRequired(page);
  await form.getByLabel('Documents').setInputFiles({
    name: 'letter.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(form.getByText('Files uploaded')).toBeVisible();
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(
    form.locator('.form-check__row').filter({ hasText: 'Documents' }).locator('dd').first(),
  ).toHaveText('letter.pdf');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('heading', { name: 'Thanks for your submission!' })).toBeVisible(
    PROOF_OF_WORK,
  );
});
