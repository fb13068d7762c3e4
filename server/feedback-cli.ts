// `npm run feedback -- report [--since 2026-11-01]`: how readers rated each page ("Was this page
// useful?"), per page and language, on the database of the environment (DATABASE_URL,
// SUBMISSIONS_KEY).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formsConfigFromEnv } from './forms/config.ts';
import { feedbackReport, formatFeedbackReport } from './forms/feedback-report.ts';
import { openStorage } from './storage/database.ts';

const USAGE = 'Usage: npm run feedback -- report [--since YYYY-MM-DD]';

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { since: { type: 'string' } },
  });
  if (positionals[0] !== 'report' || positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const since = values.since === undefined ? undefined : new Date(`${values.since}T00:00:00Z`);
  if (since && (!/^\d{4}-\d{2}-\d{2}$/.test(values.since ?? '') || Number.isNaN(since.getTime()))) {
    console.error(`--since takes a date such as 2026-11-01, not "${values.since ?? ''}"`);
    return 2;
  }
  const config = formsConfigFromEnv(resolve(import.meta.dirname, '..'));
  const storage = await openStorage(config.databaseUrl, config.root);
  try {
    const rows = await feedbackReport(storage.db, config.masterKey, since);
    console.log(rows.length ? formatFeedbackReport(rows) : 'No answers yet.');
  } finally {
    await storage.close();
  }
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
