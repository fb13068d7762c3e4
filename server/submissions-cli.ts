// `npm run submissions -- export --form contact [--format csv|xlsx|json] [--delimiter ';']` and
// `npm run submissions -- purge --older-than 180d`: the operators' commands, on the database
// and upload folder of the environment (DATABASE_URL, UPLOAD_DIR). An export is a line of the
// audit log, with the operating-system user who ran it.
import { writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadForms } from '../src/content/forms.ts';
import { formsConfigFromEnv } from './forms/config.ts';
import { CSV_DELIMITERS } from './forms/spreadsheet.ts';
import { exportSubmissions, parseAge, purgeSubmissions } from './forms/submissions.ts';
import { auditCommandLineExport } from './staff/exports.ts';
import { openStorage } from './storage/database.ts';

const USAGE = `Usage:
  npm run submissions -- export --form ID [--format csv|xlsx|json] [--delimiter ';'|','|tab] [--output FILE]
  npm run submissions -- purge --older-than 180d [--form ID]
(--format xlsx needs --output)`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      form: { type: 'string' },
      format: { type: 'string', default: 'csv' },
      delimiter: { type: 'string', default: ';' },
      output: { type: 'string' },
      'older-than': { type: 'string' },
    },
  });
  const command = positionals[0];
  const root = resolve(import.meta.dirname, '..');
  const config = formsConfigFromEnv(root);
  const forms = new Map(Object.entries(loadForms(`${config.contentDir}/forms`)));
  if (values.form !== undefined && !forms.has(values.form)) {
    console.error(`No form "${values.form}": the forms are ${[...forms.keys()].join(', ')}.`);
    return 2;
  }
  if (command === 'export') {
    const form = values.form ? forms.get(values.form) : undefined;
    const format = values.format;
    const delimiter = Object.hasOwn(CSV_DELIMITERS, values.delimiter)
      ? CSV_DELIMITERS[values.delimiter as keyof typeof CSV_DELIMITERS]
      : undefined;
    if (!delimiter) {
      console.error(`--delimiter takes ";", "," or tab, not "${values.delimiter}"`);
      return 2;
    }
    if (
      !form ||
      (format !== 'csv' && format !== 'xlsx' && format !== 'json') ||
      (format === 'xlsx' && !values.output)
    ) {
      console.error(USAGE);
      return 2;
    }
    const storage = await openStorage(config.databaseUrl, root);
    try {
      let count = 0;
      const exported = await exportSubmissions(storage.db, form, format, {
        delimiter,
        masterKey: config.masterKey,
        onCount: (rows) => (count = rows),
      });
      // Audited before the data leaves, like the back office's export.
      await auditCommandLineExport(storage.db, {
        user: userInfo().username,
        format,
        count,
        formId: form.id,
      });
      if (values.output) await writeFile(values.output, exported, { mode: 0o600 });
      else process.stdout.write(exported);
    } finally {
      await storage.close();
    }
    return 0;
  }
  if (command === 'purge' && values['older-than']) {
    const age = parseAge(values['older-than']);
    const storage = await openStorage(config.databaseUrl, root);
    try {
      const result = await purgeSubmissions(
        storage.db,
        config.uploadDir,
        new Date(Date.now() - age),
        values.form,
      );
      console.log(`Deleted ${result.submissions} submissions and ${result.files} files.`);
    } finally {
      await storage.close();
    }
    return 0;
  }
  console.error(USAGE);
  return 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
