// "Was this page useful?" through the forms API (issue #21): the answers are validated as the
// feedback form says, stored without a cookie or an e-mail, and counted per page and language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../storage/database.ts';
import { createTestApp, proofOfWork, TEST_MASTER_KEY, type TestApp } from '../testing/forms-app.ts';
import { feedbackReport, formatFeedbackReport } from './feedback-report.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const answer = async (lang: string, values: Record<string, string>) =>
  test.app.inject({
    method: 'POST',
    url: '/api/forms/feedback',
    payload: { lang, values, altcha: await proofOfWork(test.app) },
  });

describe('page feedback', () => {
  it('is stored without a cookie or a notification, and counted per page and language', async () => {
    const sent = [
      await answer('en', { page: '/en/financial-aid', useful: 'yes' }),
      await answer('en', { page: '/en/financial-aid', useful: 'no', missing: 'The deadline' }),
      await answer('en', { page: '/en/financial-aid', useful: 'no' }),
      await answer('fr', { page: '/fr/aide-financiere', useful: 'no', missing: 'Le délai' }),
      await answer('nl', { page: '/nl/financiele-hulp', useful: 'yes' }),
    ];
    expect(sent.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    for (const response of sent) expect(response.headers['set-cookie']).toBeUndefined();
    expect(await countRows(test.app.formsApi.storage.db, 'outbox')).toBe(0);

    const rows = await feedbackReport(test.app.formsApi.storage.db, TEST_MASTER_KEY);
    expect(rows).toEqual([
      { page: '/en/financial-aid', lang: 'en', yes: 1, no: 2, comments: 1 },
      { page: '/fr/aide-financiere', lang: 'fr', yes: 0, no: 1, comments: 1 },
      { page: '/nl/financiele-hulp', lang: 'nl', yes: 1, no: 0, comments: 0 },
    ]);
    expect(formatFeedbackReport(rows)).toBe(
      [
        'page                 language  yes  no  said what was missing',
        '/en/financial-aid    en          1   2                      1',
        '/fr/aide-financiere  fr          0   1                      1',
        '/nl/financiele-hulp  nl          1   0                      0',
        'all pages                        2   3                      2',
      ].join('\n'),
    );
    // Answers from a later day on only.
    expect(
      await feedbackReport(test.app.formsApi.storage.db, TEST_MASTER_KEY, new Date(Date.now() + 1)),
    ).toEqual([]);
  });

  it('refuses what the form does not take, with translated messages, and stores none of it', async () => {
    const before = await countRows(test.app.formsApi.storage.db, 'submissions');
    const refused = [
      await answer('en', { page: 'https://elsewhere.example/', useful: 'yes' }),
      await answer('en', { page: '/en/financial-aid', useful: 'maybe' }),
      await answer('fr', { page: '/fr/aide-financiere', useful: 'no', missing: 'x'.repeat(1001) }),
      await answer('en', { useful: 'yes' }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([422, 422, 422, 422]);
    expect(refused.map((response) => response.json<{ errors: unknown }>().errors)).toEqual([
      { page: 'Please enter a value in the requested format.' },
      { useful: 'Please select an option.' },
      // 1 000 with a narrow no-break space, as French writes it.
      { missing: 'Veuillez saisir au plus 1\u202f000 caractères.' },
      { page: 'Please enter a value.' },
    ]);
    expect(await countRows(test.app.formsApi.storage.db, 'submissions')).toBe(before);
  });
});
