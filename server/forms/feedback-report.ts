// `npm run feedback -- report`: the answers to "Was this page useful?" (content/forms/
// feedback.yaml, issue #21) counted per page and language: yes, no, and how many of the noes said
// what was missing. Read from the stored submissions, decrypted; the desk reads the texts
// themselves in its back office.
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.ts';
import type { MasterKey } from '../storage/encryption.ts';
import type { ExportedSubmission } from './spreadsheet.ts';
import { readSubmissions } from './submissions.ts';

export const FEEDBACK_FORM = 'feedback';

export interface FeedbackCount {
  page: string;
  lang: string;
  yes: number;
  no: number;
  /** Answers that said what was missing. */
  comments: number;
}

/** The answers counted per page and language: most noes first, then by page. */
export function countFeedback(submissions: readonly ExportedSubmission[]): FeedbackCount[] {
  const counts = new Map<string, FeedbackCount>();
  for (const { lang, values } of submissions) {
    const page = typeof values.page === 'string' ? values.page : '';
    const key = `${page}\n${lang}`;
    const count = counts.get(key) ?? { page, lang, yes: 0, no: 0, comments: 0 };
    if (values.useful === 'yes') count.yes++;
    if (values.useful === 'no') count.no++;
    if (typeof values.missing === 'string' && values.missing.trim()) count.comments++;
    counts.set(key, count);
  }
  return [...counts.values()].sort(
    (a, b) => b.no - a.no || a.page.localeCompare(b.page) || a.lang.localeCompare(b.lang),
  );
}

/** The counts as a table of aligned columns, with a line of totals. */
export function formatFeedbackReport(rows: readonly FeedbackCount[]): string {
  const total = rows.reduce(
    (sum, row) => ({
      ...sum,
      yes: sum.yes + row.yes,
      no: sum.no + row.no,
      comments: sum.comments + row.comments,
    }),
    { page: 'all pages', lang: '', yes: 0, no: 0, comments: 0 },
  );
  const lines = [['page', 'language', 'yes', 'no', 'said what was missing']].concat(
    [...rows, total].map((row) => [
      row.page,
      row.lang,
      String(row.yes),
      String(row.no),
      String(row.comments),
    ]),
  );
  const widths = lines[0]?.map((_, column) =>
    Math.max(...lines.map((line) => line[column]?.length ?? 0)),
  );
  return lines
    .map((line) =>
      line
        .map((cell, column) =>
          column < 2 ? cell.padEnd(widths?.[column] ?? 0) : cell.padStart(widths?.[column] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The feedback stored in `db`, counted; only answers from `since` on when given. */
export async function feedbackReport(
  db: Kysely<Database>,
  masterKey: MasterKey,
  since?: Date,
): Promise<FeedbackCount[]> {
  const submissions = await readSubmissions(db, FEEDBACK_FORM, masterKey);
  return countFeedback(
    since
      ? submissions.filter((submission) => Date.parse(submission.createdAt) >= since.getTime())
      : submissions,
  );
}
