// `npm run staff -- invite --email EMAIL --role agent|admin [--lang nl|fr|de|en]`: invites a
// member of the desk; prints the one-time link (valid 24 hours) that enrols their passkey. Give
// it to them by a channel you trust: whoever opens it first becomes that member.
// `npm run staff -- rotate-key`: re-wraps every data key of encryption at rest that an older key
// (SUBMISSIONS_OLD_KEYS) wrapped under SUBMISSIONS_KEY, while the servers run
// (docs/back-office.md "Rotating the key"), then re-makes the inbox's search tokens under it.
// `npm run staff -- backfill-inbox`: fills in the inbox's reply channel and search tokens of
// rows that lack them (stored before migration 0015-inbox; ADR 0031). Every refusal is a sentence, never a stack trace.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readEnvironment, staffOrigin } from '../src/config/environment.ts';
import { formsConfigFromEnv } from './forms/config.ts';
import { openStorage, type Storage } from './storage/database.ts';
import type { MasterKey } from './storage/encryption.ts';
import { rotateMasterKey } from './storage/rotate-key.ts';
import { backfillInbox } from './forms/backfill-inbox.ts';
import { audit } from './storage/audit.ts';
import { invitedDetail, invite, isRole } from './staff/invitations.ts';
import { isStaffLanguage } from './staff/messages.ts';

const USAGE = [
  'usage: npm run staff -- invite --email EMAIL --role agent|admin [--lang nl|fr|de|en]',
  '       npm run staff -- rotate-key',
  '       npm run staff -- backfill-inbox',
].join('\n');
const root = resolve(import.meta.dirname, '..');

/** A refusal the operator can act on: its message is printed, and the exit code. */
class Refusal extends Error {
  readonly code: number;
  constructor(message: string, code = 2) {
    super(message);
    this.code = code;
  }
}

const list = (counts: Map<string, number>) =>
  [...counts].map(([id, count]) => `${String(count)} under master key ${id}`).join(', ');

async function inviteCommand(storage: Storage, values: Record<string, string | undefined>) {
  const email = values.email?.trim() ?? '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new Refusal(`--email must be an e-mail address.\n${USAGE}`);
  const role = values.role ?? '';
  if (!isRole(role)) throw new Refusal(`--role must be agent or admin.\n${USAGE}`);
  const lang = values.lang ?? 'en';
  if (!isStaffLanguage(lang)) throw new Refusal(`--lang must be nl, fr, de or en.\n${USAGE}`);
  const env = readEnvironment();
  const origin = staffOrigin(env);
  const made = await invite(storage.db, { email, role, lang });
  await audit(storage.db, {
    memberId: null,
    action: 'invited',
    detail: invitedDetail(role, email, made.readmits),
  });
  if (made.readmits) console.log(`${email} was revoked: this invitation brings them back.`);
  console.log(`Invitation for ${email} (${role}), valid until ${made.expiresAt}:`);
  // The token is in the #fragment: browsers do not send it, so no server log ever holds it.
  console.log(`${origin}/staff/enrol?lang=${lang}#token=${made.token}`);
  if (!env.STAFF_ORIGIN) {
    // A shell without the service's settings would otherwise hand out a link to nowhere.
    console.error(
      `STAFF_ORIGIN is not set: the link uses ${origin}, the back office’s address only when it runs without STAFF_ORIGIN on port ${String(env.STAFF_PORT)}. Run this command with the service’s settings (docs/operations.md).`,
    );
  }
}

async function rotateCommand(storage: Storage, master: MasterKey) {
  if (!master.older?.length) {
    throw new Refusal(
      `rotate-key re-wraps under SUBMISSIONS_KEY (${master.id}) what older keys wrapped, and no older key is given. To rotate: put the new key in SUBMISSIONS_KEY and the current one in SUBMISSIONS_OLD_KEYS on every instance, restart them, then run rotate-key (docs/back-office.md, "Rotating the key").`,
    );
  }
  const report = await rotateMasterKey(storage.db, master);
  console.log(
    report.rewrapped.size
      ? `Re-wrapped ${list(report.rewrapped)}: now under master key ${master.id}.`
      : `No data key needed re-wrapping under master key ${master.id}.`,
  );
  if (report.unknown.size) {
    throw new Refusal(
      `Data keys wrapped by a key that was not given stay as they are (${list(report.unknown)}): add that key to SUBMISSIONS_OLD_KEYS and run rotate-key again.`,
      1,
    );
  }
  if (report.remaining.size) {
    throw new Refusal(
      `Data keys are still being written under an older key (${list(report.remaining)}): an instance still has it as its SUBMISSIONS_KEY. Give every instance SUBMISSIONS_KEY of ${master.id} (the older one in SUBMISSIONS_OLD_KEYS), restart them, and run rotate-key again.`,
      1,
    );
  }
  await backfillCommand(storage, master);
  const older = (master.older ?? []).map((key) => key.id).join(', ');
  console.log(
    `No data key is left under master key ${older}. Remove it from SUBMISSIONS_OLD_KEYS (or the key file) on every instance when you next restart them, then destroy it.`,
  );
}

async function backfillCommand(storage: Storage, master: MasterKey) {
  const indexed = await backfillInbox(storage.db, master);
  console.log(
    `The inbox's reply channel and search tokens filled in for ${String(indexed)} submissions (master key ${master.id}).`,
  );
}

async function main(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        lang: { type: 'string' },
      },
    });
  } catch (error) {
    throw new Refusal(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const command = parsed.positionals[0];
  if (command !== 'invite' && command !== 'rotate-key' && command !== 'backfill-inbox') {
    throw new Refusal(USAGE);
  }
  const config = formsConfigFromEnv(root);
  const storage = await openStorage(config.databaseUrl, root);
  try {
    if (command === 'invite') await inviteCommand(storage, parsed.values);
    else if (command === 'backfill-inbox') await backfillCommand(storage, config.masterKey);
    else await rotateCommand(storage, config.masterKey);
  } finally {
    await storage.close();
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  // A wrong setting, a refused key, a database that does not answer: the message says which.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = error instanceof Refusal ? error.code : 1;
}
