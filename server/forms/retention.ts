// Retention: a form's submissions are deleted, with their files, notes and notification, once
// they are older than the form's `retentionDays` (DEFAULT_RETENTION_DAYS: 180), by the server's
// hourly sweep (sweep.ts), never by hand, and nothing of them is left in the database's files
// (erasure.ts). Each deletion leaves an audit line without content.
// Instances sharing a database may all run it: a submission already deleted is skipped.
import type { Kysely } from 'kysely';
import { DEFAULT_RETENTION_DAYS, type FormDefinition } from '../../src/forms/definition.ts';
import type { Database } from '../storage/database.ts';
import { scrubDeleted } from '../storage/erasure.ts';
import { deleteSubmission } from './deletion.ts';

const DAY_MS = 24 * 3_600_000;
// A sweep deletes at most this many, so one run never holds the database for long; the next
// run, an hour later, goes on.
const PER_RUN = 5000;

/** The retention period of a form, in days. */
export const retentionDaysOf = (form: FormDefinition): number =>
  form.retentionDays ?? DEFAULT_RETENTION_DAYS;

/** Deletes every submission past its form's retention; returns how many went. */
export async function applyRetention(
  db: Kysely<Database>,
  uploadDir: string,
  forms: ReadonlyMap<string, FormDefinition>,
  now: Date,
): Promise<number> {
  let deleted = 0;
  for (const form of forms.values()) {
    const days = retentionDaysOf(form);
    const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
    const expired = await db
      .selectFrom('submissions')
      .select('id')
      .where('form_id', '=', form.id)
      .where('created_at', '<', cutoff)
      .orderBy('created_at')
      .limit(PER_RUN - deleted)
      .execute();
    for (const { id } of expired) {
      const gone = await deleteSubmission(
        db,
        uploadDir,
        id,
        { memberId: null, action: 'purged', detail: `retention ${String(days)} days` },
        { scrub: false },
      );
      if (gone) deleted++;
    }
    if (deleted >= PER_RUN) break;
  }
  if (deleted) await scrubDeleted(db);
  return deleted;
}
