// The whole loop of issue 41, in each of the four languages, each person in their own browser: a
// visitor writes without giving any contact details, with a file, and keeps the follow-up code; a
// member of the desk (an administrator, reading the back office in another language) finds the
// message by a word in it, keeps an answer template in the visitor's language and answers from it on the follow-up page; the
// visitor reads the answer with the code and writes back with a file; the member sees "the
// visitor wrote back" at the top of the inbox; the visitor deletes the conversation, and the same
// code then opens nothing. Texts come from the catalogs and the form definitions the pages use.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { loadForms } from '../../src/content/forms.ts';
import { inputFields, localizeForm } from '../../src/forms/local-form.ts';
import { catalogs } from '../../src/i18n/catalogs.ts';
import type { LocaleId } from '../../src/i18n/locales.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { staffTranslator, type StaffLanguage } from '../../server/staff/messages.ts';
import { waitForHydration } from './helpers.ts';
import { addAuthenticator, invite, STAFF } from './staff-access.ts';

// The browser solves a proof of work before it sends: on a busy two-core machine, seconds.
const PROOF_OF_WORK = { timeout: 30_000 };
const FORMS = loadForms(join(import.meta.dirname, '../../content/forms'));
const CONTACTS: Record<LocaleId, string> = {
  nl: '/nl/contacten',
  fr: '/fr/contacts',
  de: '/de/kontakte',
  en: '/en/contacts',
};

/** A form's labels in one language, by field name. */
function labelsOf(formId: string, lang: LocaleId) {
  const definition = FORMS[formId];
  if (!definition) throw new Error(`no form ${formId}`);
  const local = localizeForm(definition, lang);
  const fields = new Map(inputFields(local.fields).map((field) => [field.name, field]));
  const label = (name: string) => fields.get(name)?.label ?? `(no field ${name})`;
  const option = (name: string, value: string) => {
    const field = fields.get(name);
    return (field && 'options' in field ? field.options : []).find((item) => item.value === value)
      ?.label;
  };
  return { title: local.title, submit: local.submit, label, option };
}

/** A new administrator of the desk, enrolled with a passkey, reading the back office in `lang`. */
async function enrolledAdmin(context: BrowserContext, lang: StaffLanguage): Promise<Page> {
  const t = staffTranslator(lang);
  const desk = await context.newPage();
  await addAuthenticator(desk);
  await desk.goto(invite(`desk-${randomBytes(4).toString('hex')}@example.be`, 'admin', lang));
  await desk.getByLabel(t('enrolName')).fill(`Desk ${randomBytes(3).toString('hex')}`);
  await desk.getByRole('button', { name: t('enrolButton') }).click();
  await expect(desk).toHaveURL(`${STAFF}/staff`);
  return desk;
}

/** Searches the inbox for `word`, which finds `reference` alone, and opens it from the list. */
async function openFromSearch(desk: Page, lang: StaffLanguage, word: string, reference: string) {
  const t = staffTranslator(lang);
  await desk.goto(`${STAFF}/staff`);
  await desk.getByLabel(t('searchLabel')).fill(word);
  await desk.getByRole('button', { name: t('applyFilters') }).click();
  await expect(desk.locator('tbody th')).toHaveText([reference]);
  await desk.getByRole('link', { name: reference, exact: true }).click();
  await expect(desk).toHaveURL(new RegExp(`/staff/submissions/${reference}\\?`));
}

// Each visitor's language with a member reading the back office in another one.
const JOURNEYS: [LocaleId, StaffLanguage][] = [
  ['nl', 'de'],
  ['fr', 'en'],
  ['de', 'fr'],
  ['en', 'nl'],
];

for (const [lang, deskLang] of JOURNEYS) {
  test(`in ${lang}: an anonymous message with a file, a templated answer read with the code, a reply with a file, then deletion (the desk in ${deskLang})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const t = createTranslator(lang, catalogs[lang]);
    const staffT = staffTranslator(deskLang);
    const contact = labelsOf('contact', lang);
    const reply = labelsOf('reply', lang);
    const marker = `${lang}-${randomBytes(4).toString('hex')}`;

    // The visitor gives no name, no address, no phone; a file goes with the message.
    await page.goto(CONTACTS[lang]);
    await waitForHydration(page);
    const form = page.getByRole('region', { name: contact.title });
    await form
      .getByLabel(contact.label('topic'))
      .selectOption({ label: contact.option('topic', 'medical-costs') ?? '' });
    await form.getByRole('textbox', { name: contact.label('message'), exact: true }).fill(marker);
    await form
      .getByRole('radio', { name: contact.option('replyBy', 'none') ?? '', exact: true })
      .check();
    await form.getByLabel(contact.label('attachments')).setInputFiles({
      name: `invoice-${lang}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`Invoice ${marker}\n`),
    });
    await expect(form.getByText(t('form.upload.done'))).toBeVisible(PROOF_OF_WORK);
    await form.getByRole('checkbox', { name: contact.label('consent') }).check();
    await form.getByRole('button', { name: t('form.check.continue') }).click();
    await form.getByRole('button', { name: contact.submit }).click();
    await expect(form.getByRole('heading', { name: t('form.code.title') })).toBeVisible(
      PROOF_OF_WORK,
    );
    const card = form.locator('.form-code__card dd');
    const reference = (await card.nth(0).textContent()) ?? '';
    const code = (await card.nth(1).textContent()) ?? '';
    const address = (await card.nth(2).textContent()) ?? '';
    expect(code).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);

    // A member of the desk keeps a template in the visitor's language and answers from it.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const desk = await enrolledAdmin(context, deskLang);
    const templateTitle = `Template ${marker}`;
    await desk.goto(`${STAFF}/staff/templates`);
    await desk.getByLabel(staffT('language')).last().selectOption(lang);
    await desk.getByLabel(staffT('templateTitle')).fill(templateTitle);
    await desk.getByLabel(staffT('templateBody')).fill(`{reference}: ${marker} ✓`);
    await desk.getByRole('button', { name: staffT('templateAdd') }).click();
    await expect(desk.getByText(staffT('doneTemplateAdded'))).toHaveCount(1);

    // The member finds the message by a word the visitor wrote in it (stored encrypted: the
    // search goes through the keyed word index), and opens it from the list.
    await openFromSearch(desk, deskLang, marker.slice(lang.length + 1), reference);
    await desk.getByLabel(staffT('templateLabel')).selectOption({ label: templateTitle });
    await desk.getByRole('button', { name: staffT('templateInsert') }).click();
    const answer = `${reference}: ${marker} ✓`;
    await expect(desk.getByLabel(staffT('answerText'))).toHaveValue(answer);
    await desk.getByRole('radio', { name: staffT('answerByPage') }).check();
    await desk.getByRole('button', { name: staffT('answerSend') }).click();
    await desk.waitForURL(/\?done=answer-saved$/);
    await expect(desk.getByText(staffT('doneAnswered'))).toHaveCount(1);

    // The visitor reads the answer with the code alone, and writes back with a file.
    await page.goto(address);
    await waitForHydration(page);
    await page.getByLabel(t('followUp.reference')).fill(reference);
    await page.getByLabel(t('followUp.code')).fill(code);
    await page.getByRole('button', { name: t('followUp.open') }).click();
    await expect(
      page.getByRole('heading', { name: t('followUp.conversation', { reference }) }),
    ).toBeFocused(PROOF_OF_WORK);
    expect(page.url()).not.toContain(code.replaceAll(' ', ''));
    expect(await page.evaluate(() => document.cookie)).toBe('');
    await expect(page.getByText(t('followUp.status', { status: 'answered' }))).toHaveCount(1);
    await expect(page.locator('.follow-up__text')).toHaveText([marker, answer]);
    await page.getByRole('textbox', { name: reply.label('message') }).fill(`${marker} (2)`);
    await page.getByLabel(reply.label('attachments')).setInputFiles({
      name: `receipt-${lang}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`Receipt ${marker}\n`),
    });
    await expect(page.getByText(t('form.upload.done'))).toBeVisible(PROOF_OF_WORK);
    await page.getByRole('button', { name: reply.submit }).click();
    await expect(page.getByRole('status').filter({ hasText: t('followUp.sent') })).toHaveCount(1);
    await expect(page.locator('.follow-up__text')).toHaveText([marker, answer, `${marker} (2)`]);

    // The desk sees the case reopened, among the replies at the top of the inbox (other tests'
    // visitors may write back at the same time), with the reply and its file on its page.
    await desk.goto(`${STAFF}/staff`);
    const rows = await desk.locator('tbody tr').allTextContents();
    const position = rows.findIndex((row) => row.includes(reference));
    expect(position).toBeGreaterThanOrEqual(0);
    for (const row of rows.slice(0, position + 1)) expect(row).toContain(staffT('wroteBack'));
    await desk.getByRole('link', { name: reference }).click();
    await expect(desk.locator('.wrote-back')).toHaveCount(1);
    await expect(desk.locator('.conversation .notes__text')).toHaveText([answer, `${marker} (2)`]);
    await expect(desk.locator('.conversation')).toContainText(`receipt-${lang}.txt`);

    // The visitor deletes it all; the same code then opens nothing, and the desk finds nothing.
    await page.getByRole('button', { name: t('followUp.erase') }).click();
    await page.getByRole('button', { name: t('followUp.erase.yes') }).click();
    await expect(page.getByRole('heading', { name: t('followUp.deleted') })).toBeFocused();
    await page.getByLabel(t('followUp.reference')).fill(reference);
    await page.getByLabel(t('followUp.code')).fill(code);
    await page.getByRole('button', { name: t('followUp.open') }).click();
    await expect(page.getByRole('alert')).toContainText(
      t('followUp.error.wrongCode'),
      PROOF_OF_WORK,
    );
    expect((await desk.request.get(`${STAFF}/staff/submissions/${reference}`)).status()).toBe(404);
    await context.close();
  });
}
