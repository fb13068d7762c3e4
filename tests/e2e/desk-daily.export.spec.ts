// The desk exports its filtered list (issue 42): an administrator filters the inbox, downloads the
// list as CSV (its exact rows, labelled in French) and the list's files as one ZIP (its entry
// names). The cases are back-dated to January 2001, a range no other test writes into.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { unzip } from '../../server/testing/export-reading.ts';
import { staffTranslator } from '../../server/staff/messages.ts';
import { openStorage } from '../../server/storage/database.ts';
import { addAuthenticator, invite, STAFF } from './staff-access.ts';

const ROOT = join(import.meta.dirname, '../..');
const UPLOADS = join(ROOT, '.cache/e2e/uploads');

/** Two contact cases and a feedback answer in January 2001, one case with two files. */
async function seed() {
  const storage = await openStorage('sqlite:.cache/e2e/site.db', ROOT);
  const { db } = storage;
  try {
    const old = await db
      .selectFrom('submissions')
      .select('id')
      .where('created_at', '<', '2002-01-01')
      .execute();
    const ids = old.map((row) => row.id);
    if (ids.length) {
      await db.deleteFrom('uploads').where('submission_id', 'in', ids).execute();
      await db.deleteFrom('submissions').where('id', 'in', ids).execute();
    }
    const row = (id: string, form: string, at: string, data: Record<string, unknown>) => ({
      id,
      form_id: form,
      lang: 'nl',
      data: JSON.stringify(data),
      created_at: at,
      topic: typeof data.topic === 'string' ? data.topic : null,
    });
    await db
      .insertInto('submissions')
      .values([
        row('E2E0-EXP0-01', 'contact', '2001-01-10T09:00:00.000Z', {
          topic: 'medical-costs',
          message: 'Kinesitherapie factuur',
          replyBy: 'none',
          consent: true,
        }),
        row('E2E0-EXP0-02', 'contact', '2001-01-11T09:00:00.000Z', {
          topic: 'insurance',
          message: '=1+1',
          replyBy: 'none',
          consent: true,
        }),
        row('E2E0-EXP0-03', 'feedback', '2001-01-12T09:00:00.000Z', {
          page: '/nl/',
          useful: 'yes',
        }),
      ])
      .execute();
    await mkdir(UPLOADS, { recursive: true });
    for (const [token, name] of [
      ['e2e-export-1', 'factuur.txt'],
      ['e2e-export-2', '../factuur.txt'],
    ] as const) {
      await writeFile(join(UPLOADS, token), `${name}\n`);
      await db
        .insertInto('uploads')
        .values({
          token,
          form_id: 'contact',
          field: 'attachments',
          file_name: name,
          media_type: 'text/plain',
          size: Buffer.byteLength(`${name}\n`),
          created_at: '2001-01-10T09:00:00.000Z',
          submission_id: 'E2E0-EXP0-01',
        })
        .execute();
    }
  } finally {
    await storage.close();
  }
}

test('an administrator filters the inbox and exports the list as CSV and its files as a ZIP', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await seed();
  const t = staffTranslator('fr');
  await addAuthenticator(page);
  await page.goto(invite(`export-${String(Date.now())}@example.be`, 'admin', 'fr'));
  await page.getByLabel(t('enrolName')).fill(`Export ${String(Date.now())}`);
  await page.getByRole('button', { name: t('enrolButton') }).click();
  await expect(page).toHaveURL(`${STAFF}/staff`);

  await page.getByLabel(t('filterForm')).selectOption('contact');
  await page.getByLabel(t('filterFrom')).fill('01/01/2001');
  await page.getByLabel(t('filterTo')).fill('31/01/2001');
  await page.getByRole('button', { name: t('applyFilters') }).click();
  await expect(page.locator('#inbox-count')).toHaveText('2 messages');

  const download = async (format: string) => {
    await page.getByLabel(t('exportFormat')).selectOption(format);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t('exportButton') }).click(),
    ]);
    return readFile(await file.path());
  };
  const csv = (await download('csv')).toString('utf8');
  const empty = Array.from({ length: 6 }, () => '""');
  expect(csv.split('\r\n')).toEqual([
    '\ufeff' +
      [
        'Référence',
        'Reçu le',
        'Formulaire',
        'Langue',
        'Statut',
        'Traité par',
        'Votre nom',
        'Sur quoi porte votre question\u202f?',
        'Votre question',
        'Comment souhaitez-vous recevoir une réponse\u202f?',
        'Votre adresse e-mail',
        'Votre numéro de téléphone',
        'Quand pouvons-nous vous appeler sans risque\u202f?',
        'Pouvons-nous laisser un message sur votre répondeur si vous ne décrochez pas\u202f?',
        'Pouvons-nous dire qui nous sommes si quelqu’un d’autre décroche\u202f?',
        'Documents',
        'J’accepte que le guichet central utilise ces données pour me répondre.',
      ]
        .map((cell) => `"${cell}"`)
        .join(';'),
    [
      '"E2E0-EXP0-02"',
      '"2001-01-11 10:00"',
      '"Posez-nous votre question"',
      '"néerlandais"',
      '"Nouveau"',
      '"Personne encore"',
      '""',
      '"Assurances"',
      `"'=1+1"`,
      '"Je n’ai pas besoin de réponse"',
      ...empty,
      '"Oui"',
    ].join(';'),
    [
      '"E2E0-EXP0-01"',
      '"2001-01-10 10:00"',
      '"Posez-nous votre question"',
      '"néerlandais"',
      '"Nouveau"',
      '"Personne encore"',
      '""',
      '"Frais médicaux"',
      '"Kinesitherapie factuur"',
      '"Je n’ai pas besoin de réponse"',
      ...empty.slice(1),
      '"factuur.txt; ../factuur.txt"',
      '"Oui"',
    ].join(';'),
    '',
  ]);

  expect((await unzip(await download('zip'))).map(([name]) => name)).toEqual([
    'E2E0-EXP0-01/factuur.txt',
    'E2E0-EXP0-01/.._factuur.txt',
  ]);
});
