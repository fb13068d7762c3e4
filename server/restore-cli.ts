// `npm run restore -- FILE --identity KEYFILE`: restores a backup of `npm run backup` into the
// empty instance that DATABASE_URL and UPLOAD_DIR name, after checking every file against the
// manifest, then checks that the master key (SUBMISSIONS_KEY or SUBMISSIONS_KEY_FILE) opens
// every submission and file (server/backup/restore.ts).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { formsConfigFromEnv } from './forms/config.ts';
import { restoreBackup } from './backup/restore.ts';
import { fail, readCommandLine } from './cli-args.ts';

const USAGE = 'usage: npm run restore -- FILE --identity KEYFILE';
const root = resolve(import.meta.dirname, '..');

const OPTIONS = { identity: { type: 'string' } } as const;

const { positionals, values } = readCommandLine(OPTIONS, USAGE);
const [file] = positionals;
if (!file || positionals.length !== 1 || !values.identity) fail(USAGE);

try {
  const config = formsConfigFromEnv(root);
  const restored = await restoreBackup({
    file: resolve(file),
    identity: readFileSync(resolve(values.identity), 'utf8'),
    databaseUrl: config.databaseUrl,
    root,
    uploadDir: config.uploadDir,
    masterKey: config.masterKey,
  });
  console.log(
    `Restored the backup of ${restored.manifest.createdAt}: every file matches its checksum; ${String(restored.submissions)} submissions, ${String(restored.files)} uploads and ${String(restored.auditLines)} audit lines, all opened by master key ${config.masterKey.id}.`,
  );
} catch (error) {
  fail(`The restore failed: ${error instanceof Error ? error.message : String(error)}`, 1);
}
