// `npm run staff -- invite --email EMAIL --role agent|admin [--lang nl|fr|de|en]`: invites a
// member of the desk; prints the one-time link (valid 24 hours) that enrols their passkey. Give
// it to them by a channel you trust: whoever opens it first becomes that member.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readEnvironment } from '../src/config/environment.ts';
import { formsConfigFromEnv } from './forms/config.ts';
import { openStorage } from './storage/database.ts';
import { audit } from './staff/audit.ts';
import { invite, isRole } from './staff/members.ts';
import { isStaffLanguage } from './staff/messages.ts';

const USAGE =
  'usage: npm run staff -- invite --email EMAIL --role agent|admin [--lang nl|fr|de|en]';
const root = resolve(import.meta.dirname, '..');

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, role: { type: 'string' }, lang: { type: 'string' } },
});
if (positionals[0] !== 'invite') fail(USAGE);
const email = values.email?.trim() ?? '';
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`--email must be an e-mail address.\n${USAGE}`);
const role = values.role ?? '';
if (!isRole(role)) fail(`--role must be agent or admin.\n${USAGE}`);
const lang = values.lang ?? 'en';
if (!isStaffLanguage(lang)) fail(`--lang must be nl, fr, de or en.\n${USAGE}`);

const env = readEnvironment();
const origin = env.STAFF_ORIGIN ?? `http://localhost:${String(env.STAFF_PORT)}`;
const storage = await openStorage(formsConfigFromEnv(root).databaseUrl, root);
try {
  const { token, expiresAt } = await invite(storage.db, { email, role, lang });
  await audit(storage.db, { memberId: null, action: 'invited', detail: role });
  console.log(`Invitation for ${email} (${role}), valid until ${expiresAt}:`);
  // The token is in the #fragment: browsers do not send it, so no server log ever holds it.
  console.log(`${origin}/staff/enrol?lang=${lang}#token=${token}`);
} finally {
  await storage.close();
}
