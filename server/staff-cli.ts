// `npm run staff -- invite --email EMAIL --role agent|admin [--lang nl|fr|de|en]`: invites a
// member of the desk; prints the one-time link (valid 24 hours) that enrols their passkey. Give
// it to them by a channel you trust: whoever opens it first becomes that member.
// `npm run staff -- rotate-key --new-key-file FILE`: re-wraps every data key of encryption at
// rest under the new master key (docs/back-office.md "Encryption at rest").
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readEnvironment } from '../src/config/environment.ts';
import { formsConfigFromEnv } from './forms/config.ts';
import { openStorage } from './storage/database.ts';
import { parseMasterKey } from './storage/encryption.ts';
import { rotateMasterKey } from './storage/rotate-key.ts';
import { audit } from './staff/audit.ts';
import { invite, isRole } from './staff/members.ts';
import { isStaffLanguage } from './staff/messages.ts';

const USAGE = [
  'usage: npm run staff -- invite --email EMAIL --role agent|admin [--lang nl|fr|de|en]',
  '       npm run staff -- rotate-key --new-key-file FILE',
].join('\n');
const root = resolve(import.meta.dirname, '..');

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    role: { type: 'string' },
    lang: { type: 'string' },
    'new-key-file': { type: 'string' },
  },
});
const command = positionals[0];
if (command !== 'invite' && command !== 'rotate-key') fail(USAGE);

const env = readEnvironment();
const config = formsConfigFromEnv(root);
const storage = await openStorage(config.databaseUrl, root);
try {
  if (command === 'invite') {
    const email = values.email?.trim() ?? '';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      fail(`--email must be an e-mail address.\n${USAGE}`);
    const role = values.role ?? '';
    if (!isRole(role)) fail(`--role must be agent or admin.\n${USAGE}`);
    const lang = values.lang ?? 'en';
    if (!isStaffLanguage(lang)) fail(`--lang must be nl, fr, de or en.\n${USAGE}`);
    const origin = env.STAFF_ORIGIN ?? `http://localhost:${String(env.STAFF_PORT)}`;
    const { token, expiresAt } = await invite(storage.db, { email, role, lang });
    await audit(storage.db, { memberId: null, action: 'invited', detail: role });
    console.log(`Invitation for ${email} (${role}), valid until ${expiresAt}:`);
    // The token is in the #fragment: browsers do not send it, so no server log ever holds it.
    console.log(`${origin}/staff/enrol?lang=${lang}#token=${token}`);
  } else {
    const file = values['new-key-file'];
    if (!file) fail(`--new-key-file is required.\n${USAGE}`);
    const next = parseMasterKey(readFileSync(resolve(file), 'utf8'));
    const count = await rotateMasterKey(storage.db, config.masterKey, next);
    console.log(
      `Re-wrapped ${String(count)} data keys from master key ${config.masterKey.id} to ${next.id}. Now give the servers the new key (SUBMISSIONS_KEY or SUBMISSIONS_KEY_FILE) and restart them.`,
    );
  }
} finally {
  await storage.close();
}
