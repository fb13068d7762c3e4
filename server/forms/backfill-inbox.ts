// `npm run staff -- backfill-inbox`: what the inbox keeps beside the sealed values, filled in
// for rows that lack it (ADR 0031): the reply channel of rows stored before migration
// 0015-inbox, and the search tokens of rows never indexed or indexed under an older master key
// (after `rotate-key`, which runs it). It opens each such row with the master key, a few hundred
// per pass; a row deleted meanwhile is skipped. Nothing of what it reads is printed.
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.ts';
import { openText, readSealed, unwrapDataKey, type MasterKey } from '../storage/encryption.ts';
import { indexSubmission, searchableTexts } from '../storage/search-index.ts';
import { replyChannelOf } from './reply-channel.ts';
import type { CleanValues } from '../../src/forms/schema.ts';

/** Fills in reply channels and search tokens; how many rows it indexed. */
export async function backfillInbox(
  db: Kysely<Database>,
  master: MasterKey,
  batch = 200,
): Promise<number> {
  let after = '';
  let indexed = 0;
  for (;;) {
    const rows = await db
      .selectFrom('submissions')
      .select(['id', 'data', 'wrapped_key', 'reply_channel'])
      .where((eb) =>
        eb.or([
          eb('search_key', 'is', null),
          eb('search_key', '!=', master.id),
          eb('reply_channel', 'is', null),
        ]),
      )
      .where('id', '>', after)
      .orderBy('id')
      .limit(batch)
      .execute();
    if (rows.length === 0) return indexed;
    for (const row of rows) {
      const key = row.wrapped_key ? unwrapDataKey(master, row.wrapped_key) : undefined;
      const values = JSON.parse(openText(key, row.data)) as CleanValues;
      const files = await db
        .selectFrom('uploads')
        .select(['field', 'file_name', 'wrapped_key'])
        .where('submission_id', '=', row.id)
        .where('message_id', 'is', null)
        .execute();
      const texts = searchableTexts(
        values,
        files.map((file) => file.field),
        files.map((file) => readSealed(master, file.wrapped_key, file.file_name)),
      );
      await db.transaction().execute(async (trx) => {
        await indexSubmission(trx, row.id, master, texts);
        if (row.reply_channel === null) {
          await trx
            .updateTable('submissions')
            .set({ reply_channel: replyChannelOf(values) })
            .where('id', '=', row.id)
            .execute();
        }
      });
      indexed++;
    }
    after = rows.at(-1)?.id ?? after;
  }
}
