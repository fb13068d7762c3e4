// Where the master key of encryption at rest comes from: SUBMISSIONS_KEY, else the file
// SUBMISSIONS_KEY_FILE (its first key; the lines after it are older keys), with the older keys
// of SUBMISSIONS_OLD_KEYS kept while a rotation runs (ADR 0022). In production
// (NODE_ENV=production) the server refuses to start without one; on a developer's machine a key
// is made once in var/submissions.key (readable by its owner only), so that `npm start` works
// out of the box. A server whose keys cannot open every stored data key refuses to start too.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Environment } from '../../src/config/environment.ts';
import type { Database } from './database.ts';
import {
  describeRing,
  newMasterKeyText,
  parseMasterKey,
  ringOf,
  type MasterKey,
} from './encryption.ts';

export const DEVELOPMENT_KEY_FILE = 'var/submissions.key';

/** The keys a text lists: one per line or separated by commas; blank lines and # comments aside. */
const keysIn = (text: string): string[] =>
  text
    .split(/[\n,]/)
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);

/** The current key with the older ones after it (a key listed twice counts once). */
function ring(texts: string[]): MasterKey {
  const [first, ...rest] = texts.map(parseMasterKey);
  if (!first) throw new Error('SUBMISSIONS_KEY_FILE holds no key');
  const older = rest.filter(
    (key, index) => key.id !== first.id && rest.findIndex((other) => other.id === key.id) === index,
  );
  return older.length ? { ...first, older } : first;
}

/** The master key ring of the environment (docs/back-office.md "Encryption at rest"). */
export function loadMasterKey(
  vars: Pick<
    Environment,
    'SUBMISSIONS_KEY' | 'SUBMISSIONS_KEY_FILE' | 'SUBMISSIONS_OLD_KEYS' | 'NODE_ENV'
  >,
  root: string,
): MasterKey {
  const older = keysIn(vars.SUBMISSIONS_OLD_KEYS ?? '');
  if (vars.SUBMISSIONS_KEY) return ring([vars.SUBMISSIONS_KEY, ...older]);
  if (vars.SUBMISSIONS_KEY_FILE) {
    const text = readFileSync(resolve(root, vars.SUBMISSIONS_KEY_FILE), 'utf8');
    return ring([...keysIn(text), ...older]);
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
  return ring([...keysIn(readFileSync(file, 'utf8')), ...older]);
}

/** How many stored data keys (of submissions and uploads) each master key wrapped, by its id. */
export async function storedKeyIds(db: Kysely<Database>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of ['submissions', 'uploads'] as const) {
    // A key id is 8 hexadecimal digits before the first dot (encryption.ts newDataKey).
    const rows = await sql<{ id: string; count: string | number }>`
      select substr(wrapped_key, 1, 8) as id, count(*) as count from ${sql.table(table)}
      where wrapped_key is not null group by substr(wrapped_key, 1, 8)`.execute(db);
    for (const row of rows.rows) counts.set(row.id, (counts.get(row.id) ?? 0) + Number(row.count));
  }
  return counts;
}

/**
 * Refuses a master key ring that does not open every stored data key, naming the key ids found
 * and the ones given: a server started with a wrong key would otherwise store visitors' messages
 * under it and fail on the rows it cannot open. A database without encrypted rows takes any key.
 */
export async function checkMasterKey(db: Kysely<Database>, master: MasterKey): Promise<void> {
  const stored = await storedKeyIds(db);
  const known = new Set(ringOf(master).map((key) => key.id));
  const unknown = [...stored.keys()].filter((id) => !known.has(id));
  if (unknown.length === 0) return;
  const found = [...stored].map(([id, count]) => `${id} (${String(count)})`).join(', ');
  throw new Error(
    `SUBMISSIONS_KEY ${describeRing(master)} cannot open the stored data: the database holds data keys wrapped by master key ${found}, and none of the given keys is ${unknown.join(' or ')}. Start with the key that wrapped them; to change keys, follow docs/back-office.md, "Rotating the key".`,
  );
}
