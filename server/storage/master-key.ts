// Where the master key of encryption at rest comes from: SUBMISSIONS_KEY, else the file
// SUBMISSIONS_KEY_FILE. In production (NODE_ENV=production) the server refuses to start without
// one; on a developer's machine a key is made once in var/submissions.key (readable by its owner
// only), so that `npm start` works out of the box.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Environment } from '../../src/config/environment.ts';
import { newMasterKeyText, parseMasterKey, type MasterKey } from './encryption.ts';

export const DEVELOPMENT_KEY_FILE = 'var/submissions.key';

export function loadMasterKey(
  vars: Pick<Environment, 'SUBMISSIONS_KEY' | 'SUBMISSIONS_KEY_FILE' | 'NODE_ENV'>,
  root: string,
): MasterKey {
  if (vars.SUBMISSIONS_KEY) return parseMasterKey(vars.SUBMISSIONS_KEY);
  if (vars.SUBMISSIONS_KEY_FILE) {
    return parseMasterKey(readFileSync(resolve(root, vars.SUBMISSIONS_KEY_FILE), 'utf8'));
  }
  if (vars.NODE_ENV === 'production') {
    throw new Error(
      'SUBMISSIONS_KEY (or SUBMISSIONS_KEY_FILE) must be set in production: what visitors send is stored encrypted with it. Make one with `openssl rand -base64 32`, keep it outside the database backups.',
    );
  }
  const file = resolve(root, DEVELOPMENT_KEY_FILE);
  mkdirSync(dirname(file), { recursive: true });
  try {
    // "wx": two processes starting at once do not overwrite each other's key.
    writeFileSync(file, `${newMasterKeyText()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseMasterKey(readFileSync(file, 'utf8'));
}
