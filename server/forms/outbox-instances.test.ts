// Two instances on one PostgreSQL outbox (issue #20): each notification reaches the SMTP sink
// exactly once, however the two mailers' runs interleave.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadForms } from '../../src/content/forms.ts';
import type { CleanValues } from '../../src/forms/schema.ts';
import { openStorage, type Storage } from '../storage/database.ts';
import { contactValues, ROOT, TEST_MASTER_KEY } from '../testing/forms-app.ts';
import { startPostgres, type PostgresCluster } from '../testing/pg-cluster.ts';
import { startSink } from '../testing/smtp-sink.ts';
import { startMailer } from './mailer.ts';
import { insertSubmission } from './store.ts';

const NOTIFICATIONS = 60;
let postgres: PostgresCluster | undefined;
let instances: Storage[] = [];
beforeAll(async () => {
  postgres = await startPostgres();
  const url = await postgres.createDatabase('outbox_instances');
  instances = [await openStorage(url, ROOT), await openStorage(url, ROOT)];
}, 60_000);
afterAll(async () => {
  await Promise.all(instances.map((storage) => storage.close()));
  await postgres?.stop();
});

it('sends each notification once when two instances read the outbox at the same moments', async () => {
  const [one, two] = instances;
  if (!one || !two) throw new Error('two instances expected');
  const stored: string[] = [];
  for (let i = 0; i < NOTIFICATIONS; i++) {
    const result = await insertSubmission(one.db, {
      formId: 'contact',
      lang: 'en',
      values: contactValues() as CleanValues,
      files: {},
      notify: true,
      masterKey: TEST_MASTER_KEY,
    });
    if (result.stored) stored.push(result.reference);
  }
  expect(stored).toHaveLength(NOTIFICATIONS);

  const sink = await startSink();
  const forms = new Map(Object.entries(loadForms(join(ROOT, 'content/forms'))));
  const options = { smtpUrl: sink.url, intervalMs: 3_600_000 };
  const mailers = [startMailer(one, forms, options), startMailer(two, forms, options)];
  try {
    // Each round, both instances read the outbox at once; three rounds clear 60 at 20 a run.
    for (let round = 0; round < 4; round++) {
      await Promise.all(mailers.map((mailer) => mailer.flush()));
    }
  } finally {
    await Promise.all(mailers.map((mailer) => mailer.stop()));
    await sink.close();
  }
  const references = sink.received.map((mail) => /Reference number: (\S+)/.exec(mail.data)?.[1]);
  expect(references).toHaveLength(NOTIFICATIONS);
  expect(new Set(references).size).toBe(NOTIFICATIONS);
  expect([...references].sort()).toEqual([...stored].sort());
}, 60_000);
