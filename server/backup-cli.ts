// `npm run backup -- --output FILE`: one encrypted backup of the database and the uploads
// (server/backup/backup.ts) to BACKUP_RECIPIENT, the backup key's public half.
// `npm run backup -- --dir DIR`: the nightly one (deploy/systemd/guichet-backup.service): a
// backup named by its time in DIR, then the older ones beyond 7 days and 4 weeks are deleted.
// `npm run backup -- new-key --output FILE`: makes a backup key; prints its public half.
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import { readEnvironment } from '../src/config/environment.ts';
import { makeBackup } from './backup/backup.ts';
import { backupName, backupsToDelete } from './backup/retention.ts';
import { releaseOf } from './metrics/release.ts';
import { fail, readCommandLine } from './cli-args.ts';

const USAGE = [
  'usage: npm run backup -- --output FILE',
  '       npm run backup -- --dir DIR          (nightly: keeps 7 daily and 4 weekly backups)',
  '       npm run backup -- new-key --output FILE',
].join('\n');
const root = resolve(import.meta.dirname, '..');

const OPTIONS = {
  output: { type: 'string' },
  dir: { type: 'string' },
} as const;

const { positionals, values } = readCommandLine(OPTIONS, USAGE);

try {
  if (positionals[0] === 'new-key') {
    if (!values.output) fail(USAGE);
    const identity = await generateX25519Identity();
    // "wx": never overwrites a key that may have encrypted backups.
    await writeFile(resolve(values.output), `${identity}\n`, { flag: 'wx', mode: 0o400 });
    console.log(
      `Backup key written to ${values.output}: keep it off this server (docs/operations.md).`,
    );
    console.log(`Its public half, for BACKUP_RECIPIENT: ${await identityToRecipient(identity)}`);
  } else {
    if (positionals.length || Boolean(values.output) === Boolean(values.dir)) fail(USAGE);
    const env = readEnvironment();
    if (!env.BACKUP_RECIPIENT) {
      fail('BACKUP_RECIPIENT must be set: `npm run backup -- new-key --output FILE` makes a key.');
    }
    const output = values.output ?? join(values.dir ?? '', backupName(new Date()));
    const manifest = await makeBackup({
      databaseUrl: env.DATABASE_URL,
      root,
      uploadDir: resolve(root, env.UPLOAD_DIR),
      recipient: env.BACKUP_RECIPIENT,
      output,
      release: releaseOf(root),
    });
    console.log(
      `Backup written to ${output}: the ${manifest.dialect} database and ${String(manifest.files.length - 1)} uploaded files, checksums in its manifest.`,
    );
    if (manifest.missingUploads.length) {
      console.log(`${String(manifest.missingUploads.length)} uploads were deleted while it ran.`);
    }
    if (values.dir) {
      for (const name of backupsToDelete(await readdir(values.dir))) {
        await rm(join(values.dir, name));
        console.log(`Deleted the older backup ${name}.`);
      }
    }
  }
} catch (error) {
  fail(`The backup failed: ${error instanceof Error ? error.message : String(error)}`, 1);
}
