// The inbox's list work (issue 42), in a browser: a bulk status change on selected rows, with
// "3 submissions changed." and the list kept; previous/next within that list on a case's page,
// by keyboard only; and a saved view found again. The cases are written straight into the test
// server's database, handled by the member (so that their handler filter lists them only).
import { randomBytes, randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { staffTranslator } from '../../server/staff/messages.ts';
import { openStorage } from '../../server/storage/database.ts';
import { ROOT } from '../../server/testing/forms-app.ts';
import { addAuthenticator, invite, STAFF } from './staff-access.ts';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A fresh reference, as the form API makes them (the test database outlives a run). */
function reference(): string {
  const chars = Array.from({ length: 10 }, () => CROCKFORD[randomInt(32)] ?? '0').join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** Three new contact messages handled by the member named `name`, oldest first. */
async function threeCases(name: string): Promise<{ ids: string[]; memberId: string }> {
  const storage = await openStorage('sqlite:.cache/e2e/site.db', ROOT);
  const ids = [reference(), reference(), reference()];
  try {
    const member = await storage.db
      .selectFrom('staff_members')
      .select('id')
      .where('display_name', '=', name)
      .executeTakeFirstOrThrow();
    await storage.db
      .insertInto('submissions')
      .values(
        ids.map((id, index) => ({
          id,
          form_id: 'contact',
          lang: 'fr',
          data: '{}',
          created_at: new Date(Date.now() - (3 - index) * 60_000).toISOString(),
          topic: null,
          status: 'in_progress',
          assignee_id: member.id,
        })),
      )
      .execute();
    return { ids, memberId: member.id };
  } finally {
    await storage.close();
  }
}

test('a bulk status change, previous/next in the list by keyboard, a saved view found again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const t = staffTranslator('en');
  await addAuthenticator(page);
  const name = `Lister ${randomBytes(3).toString('hex')}`;
  await page.goto(invite(`list-${randomBytes(4).toString('hex')}@example.be`, 'agent', 'en'));
  await page.getByLabel(t('enrolName')).fill(name);
  await page.getByRole('button', { name: t('enrolButton') }).click();
  await expect(page).toHaveURL(`${STAFF}/staff`);
  const { ids, memberId } = await threeCases(name);
  const [oldest = '', middle = '', newest = ''] = ids;

  // The member's cases, oldest first: the list is kept through everything below.
  const list = `/staff?assignee=${memberId}&sort=date&dir=asc`;
  await page.goto(`${STAFF}${list}`);
  await expect(page.locator('tbody th')).toHaveText([oldest, middle, newest]);

  // Previous/next by keyboard only, from the middle case.
  await page.getByRole('link', { name: middle, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    t('submissionTitle', { reference: middle }),
  );
  const inList = page.getByRole('navigation', { name: t('listNavigation') });
  await inList.getByRole('link', { name: t('listNext') }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    t('submissionTitle', { reference: newest }),
  );
  await expect(inList.getByRole('link', { name: t('listNext') })).toHaveCount(0);
  await inList.getByRole('link', { name: t('listBack') }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${STAFF}${list}`);

  // All three answered at once.
  for (const id of ids) await page.getByLabel(t('bulkSelect', { reference: id })).check();
  await page.getByLabel(t('bulkStatus')).selectOption({ label: t('status_answered') });
  await page.getByRole('button', { name: t('bulkApply') }).click();
  await expect(page).toHaveURL(`${STAFF}${list}&changed=3`);
  await expect(page.getByRole('status').first()).toHaveText(t('doneBulk', { count: 3 }));
  await expect(page.locator('tbody tr')).toHaveText(
    ids.map(() => new RegExp(t('status_answered'))),
  );

  // The filters saved as a view, and found again from the plain inbox.
  await page.getByLabel(t('viewName')).fill('Mine by date');
  await page.getByRole('button', { name: t('viewSave') }).click();
  await expect(page.getByRole('status').first()).toHaveText(
    t('doneViewSaved', { name: 'Mine by date' }),
  );
  await page.goto(`${STAFF}/staff`);
  await page.getByRole('link', { name: 'Mine by date', exact: true }).click();
  await expect(page.locator('tbody th')).toHaveText([oldest, middle, newest]);
});
