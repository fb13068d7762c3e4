// The contact form of the contacts page: messages, error summary and focus, conditional fields,
// the Processing… and Thanks states, and a draft that survives a reload (its uploads:
// contact-form-files.spec.ts).
import { expect, test } from '@playwright/test';
import { countRequests, waitForHydration } from './helpers.ts';
import { fillRequired, openContactForm, PROOF_OF_WORK } from './contact-form-helpers.ts';

const DRAFT_KEY = 'guichet.formDraft.contact';

test('an empty submit lists each missing answer in the error summary and moves focus to it', async ({
  page,
}) => {
  const form = await openContactForm(page);
  await form.getByRole('button', { name: 'Continue' }).click();
  const summary = form.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('heading')).toHaveText('There is a problem');
  await expect(summary.getByRole('link')).toHaveText([
    'What is your question about? – Please select an option.',
    'Your question – Please enter a value.',
    'How would you like us to answer? – Please select an option.',
    'I agree that the central desk uses this information to answer me. – Please select an option.',
  ]);
  await expect(form.getByText('Please check the fields above for validation errors.')).toHaveCount(
    1,
  );
});

test('each field error is tied to its field with aria-describedby', async ({ page }) => {
  const form = await openContactForm(page);
  await form.getByRole('button', { name: 'Continue' }).click();
  const cases = [
    [form.getByLabel('What is your question about?'), 'Please select an option.'],
    [form.getByRole('textbox', { name: 'Your question', exact: true }), 'Please enter a value.'],
    [
      form.getByRole('group', { name: 'How would you like us to answer?' }),
      'Please select an option.',
    ],
    [form.getByRole('checkbox', { name: /I agree/ }), 'Please select an option.'],
  ] as const;
  for (const [control, message] of cases) {
    await expect(control).toHaveAccessibleDescription(new RegExp(message.replace('.', '\\.')));
  }
  await expect(form.getByLabel('What is your question about?')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(form.locator('.form-field__error')).toHaveCount(4);
});

test('a link in the error summary moves focus to its field', async ({ page }) => {
  const form = await openContactForm(page);
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByRole('link', { name: 'Your question – Please enter a value.' }).click();
  await expect(form.getByRole('textbox', { name: 'Your question', exact: true })).toBeFocused();
});

test('a wrong e-mail address and a wrong phone number get their own messages', async ({ page }) => {
  const form = await openContactForm(page);
  await fillRequired(page);
  await form.getByRole('textbox', { name: 'Your e-mail address' }).fill('reader-at-example');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByRole('alert').getByRole('link')).toHaveText([
    'Your e-mail address – Please enter a valid email.',
  ]);
  await form.getByRole('radio', { name: 'By phone' }).check();
  await form.getByRole('textbox', { name: 'Your phone number' }).fill('call me');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByRole('alert').getByRole('link')).toHaveText([
    'Your phone number – Please enter a valid telephone number.',
  ]);
});

test('the e-mail field shows only for an answer by e-mail, the phone field only by phone', async ({
  page,
}) => {
  const form = await openContactForm(page);
  const email = form.getByRole('textbox', { name: 'Your e-mail address' });
  const phone = form.getByRole('textbox', { name: 'Your phone number' });
  await expect(email).toHaveCount(0);
  await expect(phone).toHaveCount(0);
  await form.getByRole('radio', { name: 'By e-mail' }).check();
  await expect(email).toHaveCount(1);
  await expect(phone).toHaveCount(0);
  await form.getByRole('radio', { name: 'By phone' }).check();
  await expect(email).toHaveCount(0);
  await expect(phone).toHaveCount(1);
  await form.getByRole('radio', { name: 'I do not need an answer' }).check();
  await expect(phone).toHaveCount(0);
});

// Each language's page, with the texts its form and catalog give.
const LANGUAGES = [
  {
    path: '/nl/contacten',
    title: 'Stel ons uw vraag',
    continue: 'Verder',
    summary: 'Er is een probleem',
    byEmail: 'Per e-mail',
    email: 'Uw e-mailadres',
    required: 'Gelieve een waarde in te vullen.',
    option: 'Gelieve een optie te kiezen.',
    invalidEmail: 'Gelieve een geldig e-mailadres in te vullen.',
    whole: 'Gelieve de velden hierboven na te kijken op fouten.',
  },
  {
    path: '/fr/contacts',
    title: 'Posez-nous votre question',
    continue: 'Continuer',
    summary: 'Il y a un problème',
    byEmail: 'Par e-mail',
    email: 'Votre adresse e-mail',
    required: 'Veuillez saisir une valeur.',
    option: 'Veuillez sélectionner une option.',
    invalidEmail: 'Veuillez saisir une adresse e-mail valide.',
    whole: 'Veuillez corriger les erreurs de validation dans les champs ci-dessus.',
  },
  {
    path: '/de/kontakte',
    title: 'Stellen Sie uns Ihre Frage',
    continue: 'Weiter',
    summary: 'Es gibt ein Problem',
    byEmail: 'Per E-Mail',
    email: 'Ihre E-Mail-Adresse',
    required: 'Bitte einen Wert eingeben.',
    option: 'Bitte wähle eine Option.',
    invalidEmail: 'Bitte geben Sie eine gültige Email-Adresse ein.',
    whole: 'Bitte überprüfen Sie die obigen Felder auf Validierungsfehler.',
  },
  {
    path: '/en/contacts',
    title: 'Ask us your question',
    continue: 'Continue',
    summary: 'There is a problem',
    byEmail: 'By e-mail',
    email: 'Your e-mail address',
    required: 'Please enter a value.',
    option: 'Please select an option.',
    invalidEmail: 'Please enter a valid email.',
    whole: 'Please check the fields above for validation errors.',
  },
];

for (const language of LANGUAGES) {
  test(`the page ${language.path} gives its own language's messages`, async ({ page }) => {
    const form = await openContactForm(page, language.path, language.title);
    await form.getByRole('button', { name: language.continue }).click();
    await expect(form.getByRole('alert')).toBeFocused();
    await expect(form.getByRole('alert').getByRole('heading')).toHaveText(language.summary);
    await expect(form.locator('.form-field__error')).toHaveText([
      language.option,
      language.required,
      language.option,
      language.option,
    ]);
    await expect(form.getByText(language.whole)).toHaveCount(1);
    await form.getByRole('radio', { name: language.byEmail }).check();
    await form.getByRole('textbox', { name: language.email }).fill('not-an-address');
    await form.getByRole('button', { name: language.continue }).click();
    await expect(form.getByRole('textbox', { name: language.email })).toHaveAccessibleDescription(
      language.invalidEmail,
    );
  });
}

test('sending shows Processing…, sends once, then thanks the reader with a reference number', async ({
  page,
}) => {
  const form = await openContactForm(page);
  await fillRequired(page);
  const posts = countRequests(page, '/api/forms/contact', 'POST');
  // Hold the answer back, so the processing state can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('/api/forms/contact', async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole('button', { name: 'Continue' }).click();
  const button = form.getByRole('button', { name: 'Send message' });
  await button.click();
  await expect(form.getByRole('status').filter({ hasText: 'Processing…' })).toHaveCount(1);
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await button.click({ force: true });
  release();
  const thanks = form.getByRole('heading', { name: 'Thanks for your submission!' });
  await expect(thanks).toBeVisible(PROOF_OF_WORK);
  await expect(
    form.getByText(/^Your reference number is [0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}\./),
  ).toHaveCount(1);
  await expect(form.locator('.form-success')).toBeFocused();
  expect(posts.count).toBe(1);
  expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toBeNull();
});

test('what the reader typed is back after a reload, until the draft is deleted', async ({
  page,
}) => {
  const form = await openContactForm(page);
  await form
    .getByRole('textbox', { name: 'Your question', exact: true })
    .fill('Written before the reload');
  await form.getByRole('radio', { name: 'By phone' }).check();
  await form.getByRole('textbox', { name: 'Your phone number' }).fill('+32 2 542 72 24');
  await page.reload();
  await waitForHydration(page);
  await expect(form.getByText('We kept what you typed earlier on this device.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Your question', exact: true })).toHaveValue(
    'Written before the reload',
  );
  await expect(form.getByRole('radio', { name: 'By phone' })).toBeChecked();
  await expect(form.getByRole('textbox', { name: 'Your phone number' })).toHaveValue(
    '+32 2 542 72 24',
  );
  await form.getByRole('button', { name: 'Delete my draft' }).click();
  await expect(form.getByRole('textbox', { name: 'Your question', exact: true })).toHaveValue('');
  await expect(form.getByRole('status').filter({ hasText: 'Your draft is deleted' })).toHaveText(
    'Your draft is deleted from this device.',
  );
  expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toBeNull();
});

test('the form says what it keeps on this device, and a draft older than 24 hours is gone', async ({
  page,
}) => {
  const form = await openContactForm(page);
  await expect(
    form.getByText(
      'What you type is kept on this device for 24 hours, so that it is not lost. On a computer that others use, delete your draft when you are done.',
    ),
  ).toBeVisible();
  const hour = 3_600_000;
  // Two drafts as an earlier visit left them: one of yesterday morning, one of a day and more.
  await page.evaluate(
    ([key, hour]) => {
      const values = { message: 'Written on a shared computer' };
      localStorage.setItem(key, JSON.stringify({ savedAt: Date.now() - 25 * hour, values }));
      localStorage.setItem(
        'guichet.formDraft.callback',
        JSON.stringify({ savedAt: Date.now() - 23 * hour, values: { phone: '+32 2 542 66 23' } }),
      );
    },
    [DRAFT_KEY, hour] as const,
  );
  await page.reload();
  await waitForHydration(page);
  await expect(form.getByRole('textbox', { name: 'Your question', exact: true })).toHaveValue('');
  await expect(form.getByText('We kept what you typed earlier on this device.')).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toBeNull();
  // The younger draft of the other form is still there for it.
  expect(
    await page.evaluate(() => localStorage.getItem('guichet.formDraft.callback')),
  ).not.toBeNull();
});

test('when the connection fails, the reader is told and the draft is kept', async ({ page }) => {
  const form = await openContactForm(page);
  await fillRequired(page);
  await page.route('/api/forms/contact', (route) => route.abort('internetdisconnected'));
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByRole('button', { name: 'Send message' }).click();
  const summary = form.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary).toContainText(
    'Your message has not been sent: there is no connection to the server. What you typed is kept on this device; try again in a moment.',
  );
  const draft = await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY);
  expect(JSON.parse(draft ?? '{}')).toMatchObject({
    values: { message: 'My insurer does not answer.', email: 'reader@example.org', consent: true },
  });
  await page.unroute('/api/forms/contact');
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('heading', { name: 'Thanks for your submission!' })).toBeVisible(
    PROOF_OF_WORK,
  );
});

test('Check your answers: the answers in words, Change back to the field, nothing lost', async ({
  page,
}) => {
  const form = await openContactForm(page);
  await fillRequired(page);
  await form.getByRole('button', { name: 'Continue' }).click();
  const heading = form.getByRole('heading', { name: 'Check your answers before sending' });
  await expect(heading).toBeFocused();
  await expect(form.locator('.form-check__row dt')).toHaveText([
    'Your name',
    'What is your question about?',
    'Your question',
    'How would you like us to answer?',
    'Your e-mail address',
    'Documents',
    'I agree that the central desk uses this information to answer me.',
  ]);
  await expect(form.locator('.form-check__value')).toHaveText([
    'Not given',
    'Insurance',
    'My insurer does not answer.',
    'By e-mail',
    'reader@example.org',
    'No files',
    'Yes',
  ]);
  await form.getByRole('link', { name: 'Change Your question' }).click();
  const question = form.getByRole('textbox', { name: 'Your question', exact: true });
  await expect(question).toBeFocused();
  await expect(question).toHaveValue('My insurer does not answer.');
  await question.fill('My insurer still does not answer.');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.locator('.form-check__value').nth(2)).toHaveText(
    'My insurer still does not answer.',
  );
});

test('the call-back form of the central desk page sends a day and a time', async ({ page }) => {
  await page.goto('/en/central-desk');
  await waitForHydration(page);
  const form = page.getByRole('region', { name: 'Ask us to call you back' });
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.locator('.form-field__error')).toHaveText([
    'Please enter a value.',
    'Please select an option.',
  ]);
  await form.getByRole('textbox', { name: 'Your phone number' }).fill('+32 2 542 66 23');
  await form.getByRole('radio', { name: 'Dutch' }).check();
  await form.getByLabel('Day').fill('2027-03-22');
  await form.getByLabel('Time').fill('10:30');
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByRole('button', { name: 'Request a call back' }).click();
  await expect(form.getByRole('heading', { name: 'Thanks for your submission!' })).toBeVisible(
    PROOF_OF_WORK,
  );
});

test('a client-side navigation to the contacts page loads the form and its validation', async ({
  page,
}) => {
  await page.goto('/en/first-steps');
  await waitForHydration(page);
  // The main menu is behind the Menu button on every screen (issue 43).
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contacts' })
    .click();
  const form = page.getByRole('region', { name: 'Ask us your question' });
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByRole('alert')).toBeFocused();
  await expect(form.getByRole('alert').getByRole('link')).toHaveCount(4);
});
