// "What applies to me?" (issue #21): four questions, one per screen, then the reader's own steps.
// The answers never leave the browser; the back button walks the screens; a shared link opens the
// plan; keyboard and screen reader work; without JavaScript every step is listed for whom it is.
import { expect, test, type Page, type Request } from '@playwright/test';
import { siteAxe, waitForHydration } from './helpers.ts';

const EN = '/en/what-applies-to-me';
const ANSWER = /screen=|where=|attack=|role=|need=|brussels-2016|injured/;

/** Everything a request carries that could hold the answers: its URL, Referer and body. */
const carried = (request: Request) =>
  [request.url(), request.headers().referer ?? '', request.postData() ?? ''].join(' ');

/** Each step of the plan as "marker title" ("and Talk to someone"): two elements on the page. */
const stepTitles = (page: Page) =>
  page
    .locator('.step-by-step__result .step-by-step__step')
    .evaluateAll((steps) =>
      steps.map(
        (step) =>
          `${step.querySelector('.step-by-step__marker')?.textContent ?? ''} ${step.querySelector('h4')?.textContent ?? ''}`,
      ),
    );

async function axe(page: Page): Promise<string[]> {
  const result = await siteAxe(page).include('.step-by-step__app').analyze();
  return result.violations.map((violation) => violation.id);
}

test('the keyboard alone answers every question, and no request carries an answer', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(carried(request)));
  await page.goto(EN);
  await waitForHydration(page);
  await expect(page.getByText('Question 1 of 4')).toBeVisible();

  // Nothing chosen: the error says so, and the reader stays on the question.
  await page.getByRole('button', { name: 'Continue' }).press('Enter');
  await expect(page.getByText('Please select an option.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'In Belgium' })).toBeFocused();
  expect(await axe(page)).toEqual([]);

  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  // The next question's heading takes the focus, so a screen reader reads it.
  await expect(page.getByRole('heading', { name: 'Which attack was it?' })).toBeFocused();
  await expect(page.getByText('Question 2 of 4')).toBeVisible();
  // Only the six recognised attacks in Belgium, and "not sure".
  await expect(page.getByRole('radio')).toHaveCount(7);
  expect(await axe(page)).toEqual([]);
  await page
    .getByRole('radio', { name: 'Attacks in Brussels and Zaventem, 22 March 2016' })
    .focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'What happened to you?' })).toBeFocused();
  expect(await axe(page)).toEqual([]);
  await page.getByRole('checkbox', { name: 'I was injured', exact: true }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'What do you need now?' })).toBeFocused();
  expect(await axe(page)).toEqual([]);
  await page.getByRole('checkbox', { name: 'Money, for costs or lost income' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Your steps' })).toBeFocused();
  expect(new URL(page.url()).hash).toBe(
    '#screen=plan&where=belgium&attack=brussels-2016&role=injured&need=money',
  );
  expect(await stepTitles(page)).toEqual([
    '1 Get help if you are in danger or hurt',
    '2 See a doctor',
    'and Talk to someone',
    '3 Contact the central desk',
    'and Read what applies to your attack',
    '4 Keep your papers together',
    '5 Tell the police what happened',
    '6 Ask for financial aid',
    'and Ask for the national solidarity status',
    '7 Get your medical costs refunded',
    'and Contact your insurers',
    '8 Follow the criminal case, if you want to',
    '9 Get psychological and social support',
    'or Talk to your family doctor',
    '10 Meet people who went through the same',
  ]);
  await expect(page.locator('.step-by-step__deadline')).toHaveText(
    'The normal deadline to ask for financial aid for these attacks ended on 18 March 2020.',
  );
  await expect(page.getByText('You said you need this now.')).toHaveCount(5);
  await expect(
    page.getByRole('link', { name: 'Attacks in Brussels and Zaventem, 22 March 2016' }),
  ).toHaveAttribute('href', '/en/attack/brussels-22-march-2016');
  expect(await axe(page)).toEqual([]);

  // Following a step's guide sends no answer either (no Referer with the fragment).
  await page.getByRole('link', { name: 'Financial aid' }).first().click();
  await expect(page).toHaveURL(/\/en\/financial-aid$/);
  expect(requests.filter((request) => ANSWER.test(request))).toEqual([]);
});

test('the back button walks the screens back with the answers kept', async ({ page }) => {
  await page.goto(`${EN}#screen=need&where=abroad&attack=other&role=bereaved`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'What do you need now?' })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'What happened to you?' })).toBeFocused();
  await expect(page.getByRole('checkbox', { name: 'Someone close to me died' })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Show my steps' }).click();
  await expect(page.getByRole('heading', { name: 'Your steps' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'What do you need now?' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'What happened to you?' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Someone close to me died' })).toBeChecked();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a shared link opens the plan in French, with whom to ask about the deadline', async ({
    page,
  }) => {
    await page.goto(
      '/fr/ce-qui-s-applique-a-moi#screen=plan&where=unsure&attack=other&role=helper&need=talk',
    );
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Vos étapes' })).toBeVisible();
    const markers = await page
      .locator('.step-by-step__result .step-by-step__marker')
      .allInnerTexts();
    expect(markers).toEqual(['1', '2', '3', 'et', '4', '5', '6', '7', '8', '9', 'ou', '10']);
    await expect(page.locator('.step-by-step__deadline')).toHaveCount(0);
    await expect(
      page
        .locator('.step-by-step__result')
        .getByText(
          'Demandez à la Commission quel délai s’applique à vous, et n’attendez pas trop longtemps.',
        ),
    ).toBeVisible();
    await expect(page.getByText('Vous avez dit que vous en aviez besoin maintenant.')).toHaveCount(
      2,
    );
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect(await axe(page)).toEqual([]);
  });

  test('German: "I don\'t know" is always allowed, and an empty answer is refused', async ({
    page,
  }) => {
    await page.goto('/de/was-gilt-fuer-mich');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByText('Bitte wähle eine Option.')).toBeVisible();
    await page.getByRole('radio', { name: 'Ich weiß es nicht' }).check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    // Every recognised attack, and "not sure".
    await expect(page.getByRole('radio')).toHaveCount(11);
    await page
      .getByRole('radio', { name: 'Ein anderer Anschlag, oder ich bin nicht sicher' })
      .check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('checkbox', { name: 'Ich weiß es nicht' }).check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('button', { name: 'Meine Schritte zeigen' }).click();
    await expect(page.getByRole('heading', { name: 'Ihre Schritte' })).toBeVisible();
    // Everyone's steps but the attack page: 15 of 16.
    await expect(page.locator('.step-by-step__result .step-by-step__step')).toHaveCount(15);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Dutch: every step is listed with whom it is for, and no question is shown', async ({
    page,
  }) => {
    await page.goto('/nl/wat-geldt-voor-mij');
    await expect(
      page.getByRole('heading', { name: 'De stappen voor elke situatie' }),
    ).toBeVisible();
    await expect(page.locator('.step-by-step__app')).toBeHidden();
    const all = page.locator('.step-by-step__all .step-by-step__step');
    await expect(all).toHaveCount(16);
    await expect(all.first().locator('.step-by-step__for')).toHaveText('Voor: iedereen');
    await expect(all.nth(1).locator('.step-by-step__for')).toHaveText(
      'Voor: iedereen (aanslagen in het buitenland)',
    );
    await expect(all.nth(2).locator('.step-by-step__for')).toHaveText(
      'Voor: mensen die gewond raakten, mensen die erbij waren, redders en helpers',
    );
  });
});

test('the home page and the first-steps guide link to it, in every language', async ({ page }) => {
  for (const [home, guide, path] of [
    ['/nl', '/nl/eerste-stappen', '/nl/wat-geldt-voor-mij'],
    ['/fr', '/fr/premiers-pas', '/fr/ce-qui-s-applique-a-moi'],
    ['/de', '/de/erste-schritte', '/de/was-gilt-fuer-mich'],
    ['/en', '/en/first-steps', EN],
  ] as const) {
    for (const from of [home, guide]) {
      await page.goto(from);
      await expect(page.locator(`main a[href="${path}"]`).first()).toBeVisible();
    }
  }
});
