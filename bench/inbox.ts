// The desk's list with 100,000 submissions (issue #16: a list query within 100 ms on SQLite and
// PostgreSQL; issue 42: a search within 1 s): seeds the submissions (sealed messages of ~25
// words and their search tokens, ADR 0031), then times the queries of the inbox's filters,
// sorts, pages and searches, and the previews of a page of 50 (decrypted).
// Run alone with `node bench/inbox.ts`; `npm run bench` runs it too.
import type { Storage } from '../server/storage/database.ts';
import { onBothDatabases } from './on-both-databases.ts';
import { join } from 'node:path';
import { sql } from 'kysely';
import {
  listSubmissions,
  NOBODY,
  PAGE_SIZE,
  STATUSES,
  type InboxFilter,
} from '../server/staff/inbox.ts';
import { previewsOf } from '../server/staff/inbox-preview.ts';
import { newDataKey, parseMasterKey, sealText } from '../server/storage/encryption.ts';
import { queryTokens, tokensOf } from '../server/storage/search-index.ts';
import { ROOT } from '../server/testing/forms-app.ts';
import { loadForms } from '../src/content/forms.ts';

const SUBMISSIONS = 100_000;
const RUNS = 9;
const TOPICS = ['financial-aid', 'solidarity-status', 'medical-costs', 'insurance', 'other'];
const LANGUAGES = ['nl', 'fr', 'de', 'en'];
const MEMBERS = Array.from({ length: 20 }, (_, index) => `member-${String(index)}`);
const MASTER = parseMasterKey('c'.repeat(64));
// One data key for every row: each row's preview still unwraps it and opens its message.
const DATA_KEY = newDataKey(MASTER);
// Words of contact messages in French, Dutch and German; each message takes 25 of them.
const VOCABULARY = (
  'facture remboursement mutualité hôpital attentat victime statut solidarité aide financière ' +
  'avocat procédure assurance psychologue transport frais médicaux dossier commission ' +
  'rekening terugbetaling ziekenhuis aanslag slachtoffer statuut solidariteit financiële hulp ' +
  'advocaat procedure verzekering psycholoog vervoer medische kosten dossier commissie ' +
  'Rechnung Erstattung Krankenhaus Anschlag Opfer Status Solidarität finanzielle Hilfe Anwalt ' +
  'Verfahren Versicherung Psychologe Fahrtkosten Arztkosten Akte Kommission Brief Formular ' +
  'brief formulier lettre formulaire demande aanvraag Antrag urgence dringend rendez-vous ' +
  'afspraak Termin enfant kind Kind épouse echtgenote Ehefrau travail werk Arbeit invalidité'
).split(' ');
const NAMES = Array.from({ length: 500 }, (_, index) => `naam${String(index)}x`);
const MESSAGES = 200;

/** A message of 25 words picked by a simple generator (no Math.random: runs are alike). */
function messageText(index: number): string {
  const words: string[] = [];
  for (let word = 0; word < 25; word++) {
    words.push(VOCABULARY[(index * 31 + word * 17 + word * word) % VOCABULARY.length] ?? '');
  }
  // One in 100 messages is about a physiotherapist's bill.
  if (index % 100 === 0) words.push('kinésithérapeute');
  return words.join(' ');
}

const messages = Array.from({ length: MESSAGES }, (_, index) => {
  const text = messageText(index);
  return { text, tokens: tokensOf(MASTER, [text]) };
});
const nameTokens = NAMES.map((name) => tokensOf(MASTER, [name]));

async function seed({ db }: Storage) {
  await db
    .insertInto('staff_members')
    .values(
      MEMBERS.map((id) => ({
        id,
        email: `${id}@example.be`,
        display_name: id,
        role: 'agent',
        lang: 'nl',
        created_at: new Date().toISOString(),
        revoked_at: null,
      })),
    )
    .execute();
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let batch = 0; batch < SUBMISSIONS; batch += 1000) {
    const rows = Array.from({ length: 1000 }, (_, offset) => {
      const index = batch + offset;
      return {
        id: `B${String(index).padStart(9, '0')}`,
        form_id: index % 3 === 0 ? 'callback' : 'contact',
        lang: LANGUAGES[index % 4] ?? 'nl',
        data: sealText(
          DATA_KEY.key,
          JSON.stringify({
            replyBy: 'email',
            name: NAMES[index % NAMES.length],
            message: messages[index % MESSAGES]?.text,
          }),
        ),
        created_at: new Date(start + index * 90_000).toISOString(),
        topic: TOPICS[index % 5] ?? null,
        status: STATUSES[index % 7 === 0 ? 0 : ((index % 4) as 0 | 1 | 2 | 3)],
        // One in 500 has a visitor's reply waiting: those top the list.
        visitor_wrote_at: index % 500 === 7 ? new Date(start + index * 60_000).toISOString() : null,
        assignee_id: index % 7 === 0 ? null : (MEMBERS[index % 20] ?? null),
        wrapped_key: DATA_KEY.wrapped,
        reply_channel: ['email', 'phone', 'none'][index % 3] ?? null,
        search_key: MASTER.id,
      };
    });
    await db.insertInto('submissions').values(rows).execute();
    const tokens = rows.flatMap((row, offset) => {
      const index = batch + offset;
      const own = [
        ...(messages[index % MESSAGES]?.tokens ?? []),
        ...(nameTokens[index % 500] ?? []),
      ];
      return [...new Set(own)].map((token) => ({ token, submission_id: row.id }));
    });
    for (let start = 0; start < tokens.length; start += 5000) {
      await db
        .insertInto('submission_tokens')
        .values(tokens.slice(start, start + 5000))
        .execute();
    }
  }
}

const search = (typed: string) => ({ search: typed, searchTokens: queryTokens(MASTER, typed) });

const QUERIES: [string, InboxFilter][] = [
  ['newest first, page 1', { page: 1 }],
  ['sorted by date, oldest', { sort: { column: 'date', direction: 'asc' }, page: 1 }],
  ['sorted by status', { sort: { column: 'status', direction: 'asc' }, page: 1 }],
  ['sorted by form', { sort: { column: 'form', direction: 'desc' }, page: 1 }],
  ['sorted by handler', { sort: { column: 'handler', direction: 'asc' }, page: 1 }],
  ['reply channel phone', { channel: 'phone', page: 1 }],
  ['search a name (1 in 500)', { ...search('naam123x'), page: 1 }],
  ['search "kine" (1 in 100)', { ...search('kine'), page: 1 }],
  ['search "facture" (common)', { ...search('facture'), page: 1 }],
  ['search two words', { ...search('facture hôpital'), page: 1 }],
  ['search + status new', { ...search('kine'), status: 'new', page: 1 }],
  [
    'search, sorted by handler',
    { ...search('facture'), sort: { column: 'handler', direction: 'asc' }, page: 1 },
  ],
  ['status new', { status: 'new', page: 1 }],
  ['topic insurance', { topic: 'insurance', page: 1 }],
  ['language fr, in progress', { lang: 'fr', status: 'in_progress', page: 1 }],
  ['handled by one member', { assignee: 'member-3', page: 1 }],
  ['nobody handles it', { assignee: NOBODY, page: 1 }],
  ['form callback, page 200', { form: 'callback', page: 200 }],
];

/** A deep page is reached by Next: the cursor is the last row of the page before (untimed). */
async function withCursor(db: Storage['db'], filter: InboxFilter): Promise<InboxFilter> {
  if (filter.page === 1) return filter;
  const { page, ...rest } = filter;
  let query = db
    .selectFrom('submissions')
    .select(['id', 'created_at', 'visitor_wrote_at'])
    .orderBy(sql`visitor_wrote_at is null`)
    .orderBy('visitor_wrote_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (rest.form) query = query.where('form_id', '=', rest.form);
  const row = await query
    .offset((page - 1) * PAGE_SIZE - 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    ...filter,
    after: { wroteAt: row.visitor_wrote_at, createdAt: row.created_at, id: row.id },
  };
}

async function timeQueries(label: string, storage: Storage) {
  const rows: { label: string; query: string; median: number; worst: number; total: number }[] = [];
  for (const [query, asked] of QUERIES) {
    const filter = await withCursor(storage.db, asked);
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      total = (await listSubmissions(storage.db, filter)).total;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push({
      label,
      query,
      median: times[Math.floor(RUNS / 2)] ?? 0,
      worst: times.at(-1) ?? 0,
      total,
    });
  }
  rows.push({ label, ...(await timePreviews(storage)) });
  return rows;
}

/** The previews of page 1's 50 rows: read, unwrapped and opened (issue 42). */
async function timePreviews(storage: Storage) {
  const forms = new Map(Object.entries(loadForms(join(ROOT, 'content/forms'))));
  const ids = (await listSubmissions(storage.db, { page: 1 })).rows.map((row) => row.id);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await previewsOf(storage.db, ids, MASTER, forms);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    query: 'previews of 50 rows',
    median: times[Math.floor(RUNS / 2)] ?? 0,
    worst: times.at(-1) ?? 0,
    total: ids.length,
  };
}

export async function runInboxBench() {
  const results = await onBothDatabases(seed, timeQueries);
  console.log(
    `\nThe desk's list (one page of 50 and the count), ${String(SUBMISSIONS)} submissions, ${String(RUNS)} runs:`,
  );
  for (const row of results) {
    console.log(
      `${row.label.padEnd(11)} ${row.query.padEnd(34)} median ${row.median.toFixed(1).padStart(6)} ms  slowest ${row.worst.toFixed(1).padStart(6)} ms  (${String(row.total)} match)`,
    );
  }
  return results;
}

if (import.meta.main) await runInboxBench();
