// The submissions database through Kysely: SQLite by default (var/site.db), PostgreSQL when
// DATABASE_URL is postgres://…; the migrations (migrations.ts) run on open.
import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { Kysely, PostgresDialect, sql, type ColumnType, type Generated } from 'kysely';
import type { Migration } from 'kysely/migration';
import pg from 'pg';
import { migrate, migratorFor, readSchemaState, type SchemaState } from './migrate.ts';
import { migrations } from './migrations.ts';
import { nodeSqliteDialect, openSqlite } from './sqlite.ts';

export interface SubmissionTable {
  /** The reference number the reader is given, such as "K7QD-M2XA-9F". */
  id: string;
  form_id: string;
  lang: string;
  /** The validated values as JSON (file fields hold upload tokens). */
  data: string;
  /** ISO 8601 UTC timestamps: they sort as text in both databases. */
  created_at: string;
  /** The value of the form's "topic" field, if it has one: the desk filters by it. */
  topic: string | null;
  /** Where the desk is with it (server/staff/inbox.ts STATUSES): new at first. */
  status: Generated<string>;
  /** The member of staff handling it. */
  assignee_id: string | null;
  /** The data key that encrypts `data`, wrapped by the master key (server/storage/encryption.ts). */
  wrapped_key: string | null;
  /** The follow-up code's scrypt hash (server/forms/follow-up-code.ts); null: no follow-up. */
  code_hash: string | null;
  /** Failures of the code on `code_failures_day` (a UTC date): 10 a day at most. */
  code_failures: Generated<number>;
  code_failures_day: string | null;
  /** A message from the desk meant for the visitor, sealed with the data key. */
  desk_notice: string | null;
  /** The address for "Tell me by e-mail when you answer", sealed with the data key. */
  notify_email: string | null;
  /** When the visitor last wrote back on the follow-up page. */
  visitor_wrote_at: string | null;
  /** The reference of the case this one repeats (0016-desk-cases); null: not a duplicate. */
  duplicate_of: string | null;
  /** The status it had when marked as a duplicate (it is closed then), given back on undo. */
  duplicate_status: string | null;
  /** When the desk first answered it (an answer, a call logged, or the status "answered"). */
  answered_at: string | null;
  /** How the visitor asked to be answered (server/forms/reply-channel.ts); null before 0015. */
  reply_channel: Generated<string | null>;
  /** The master key whose search key made the row's search tokens; null: not indexed. */
  search_key: Generated<string | null>;
}
/** Keyed hashes of the words visitors wrote (server/storage/search-index.ts, ADR 0031). */
export interface SubmissionTokenTable {
  /** 48 bits: a number in JavaScript; PostgreSQL's bigint hands it back as text. */
  token: ColumnType<number | string, number, number>;
  submission_id: string;
}
/** An inbox filter a member saved under a name (server/staff/saved-views.ts). */
export interface SavedViewTable {
  id: string;
  member_id: string;
  name: string;
  query: string;
  created_at: string;
}
export interface UploadTable {
  token: string;
  form_id: string;
  field: string;
  /** The reader's file name, cleaned; never used as a path. */
  file_name: string;
  media_type: string;
  size: number;
  created_at: string;
  /** Set in the submission's transaction; null while the upload waits for its form. */
  submission_id: string | null;
  /** The data key that encrypts the file and its name, wrapped by the master key. */
  wrapped_key: string | null;
  /** The conversation message a reply's file belongs to; null for a form's own files. */
  message_id?: string | null;
}
export interface OutboxTable {
  submission_id: string;
  form_id: string;
  created_at: string;
  attempts: number;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
}
/** Proof-of-work solutions already accepted, kept until they expire (server/forms/spam.ts). */
export interface UsedProofTable {
  /** The solved challenge's HMAC signature (hex). */
  signature: string;
  expires_at: string;
}
/** Requests counted per route and address in the current window (server/rate-limit-store.ts). */
export interface RateLimitTable {
  /** Route and address key (the address is already shortened to its /64 for IPv6). */
  key: string;
  count: number;
  expires_at: string;
}
/** A member of the desk's staff (server/staff/). */
export interface StaffMemberTable {
  id: string;
  email: string;
  display_name: string;
  /** "agent" or "admin". */
  role: string;
  /** The back office's language for them: nl, fr, de or en. */
  lang: string;
  created_at: string;
  /** Set when an admin revokes them: they can no longer sign in. */
  revoked_at: string | null;
  /** The display name as compared for uniqueness (back-office-migrations.ts displayNameKey). */
  name_key: string | null;
  /** The organisation's provider and its subject (`sub`), bound at the first sign-in with it. */
  oidc_issuer: string | null;
  oidc_subject: string | null;
}
/** A one-time invitation to enrol a passkey; only the token's SHA-256 is kept. */
export interface StaffInvitationTable {
  token_hash: string;
  email: string;
  role: string;
  lang: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** Set when an administrator cancels it, or revokes the member of its address. */
  cancelled_at: string | null;
}
export interface StaffPasskeyTable {
  /** The credential id (base64url). */
  id: string;
  member_id: string;
  /** The COSE public key (base64url). */
  public_key: string;
  /** The signature counter (bigint: PostgreSQL hands it back as text). */
  counter: ColumnType<number | string, number, number>;
  /** JSON list of transports the authenticator reported. */
  transports: string;
  created_at: string;
  last_used_at: string | null;
}
/** A signed-in browser; only the session token's SHA-256 is kept. */
export interface StaffSessionTable {
  token_hash: string;
  member_id: string;
  /** The token every state change must carry (form field or header). */
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
}
/** A WebAuthn challenge waiting for its answer (a few minutes). */
export interface StaffChallengeTable {
  id: string;
  challenge: string;
  /** "enrol" or "sign-in". */
  purpose: string;
  expires_at: string;
}
/** Who did what to which submission; rows are only ever added. */
export interface AuditTable {
  id: string;
  at: string;
  member_id: string | null;
  /** The member's address when the line was written (members keep their address for life). */
  member_email: string | null;
  /** viewed, downloaded, taken, status, note, exported, deleted, purged, invited, revoked … */
  action: string;
  submission_id: string | null;
  /** A short, content-free detail ("new → answered", a file's token). */
  detail: string;
}
/**
 * A kept upload's encrypted bytes, on PostgreSQL (server/forms/kept-files.ts, ADR 0016); the row
 * goes with its upload's (on delete cascade).
 */
export interface UploadContentTable {
  token: string;
  content: Buffer;
}
/** The desk's internal notes on a submission. */
export interface SubmissionNoteTable {
  id: string;
  submission_id: string;
  member_id: string;
  at: string;
  text: string;
  /** 1: `text` is sealed with the submission's data key; 0: written before notes were. */
  sealed: Generated<number>;
}
/** One message of a submission's conversation (server/follow-up/conversation.ts). */
export interface ConversationMessageTable {
  id: string;
  submission_id: string;
  /** "visitor" or "desk". */
  author: string;
  /** "page", "email" (also sent by e-mail) or "phone" (a call the desk logged). */
  channel: string;
  member_id: string | null;
  at: string;
  /** Sealed with the submission's data key. */
  text: string;
}
/** A visitor's open follow-up session; only the token's SHA-256 is kept. */
export interface FollowUpSessionTable {
  token_hash: string;
  submission_id: string;
  created_at: string;
  /** Moves 30 minutes ahead with each request. */
  expires_at: string;
}
/** An e-mail of a conversation waiting to be sent (server/follow-up/mail.ts). */
export interface ConversationMailTable {
  id: string;
  submission_id: string;
  /** "answer", "answer-waiting", "wrote-back" or "assigned". */
  kind: string;
  /** A visitor's address sealed with the data key, or a member's id. */
  recipient: string;
  message_id: string | null;
  created_at: string;
  attempts: number;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
}
/** An answer template an administrator keeps, per language (server/staff/templates.ts). */
export interface AnswerTemplateTable {
  id: string;
  lang: string;
  title: string;
  body: string;
  updated_at: string;
}
/** When each piece of scheduled work last succeeded (server/metrics/): sweep, retention, backup. */
export interface JobRunTable {
  job: string;
  last_success_at: string;
}
export interface Database {
  answer_templates: AnswerTemplateTable;
  conversation_mail: ConversationMailTable;
  conversation_messages: ConversationMessageTable;
  follow_up_sessions: FollowUpSessionTable;
  job_runs: JobRunTable;
  staff_members: StaffMemberTable;
  staff_invitations: StaffInvitationTable;
  staff_passkeys: StaffPasskeyTable;
  staff_sessions: StaffSessionTable;
  staff_challenges: StaffChallengeTable;
  audit_log: AuditTable;
  submission_notes: SubmissionNoteTable;
  submissions: SubmissionTable;
  submission_tokens: SubmissionTokenTable;
  saved_views: SavedViewTable;
  uploads: UploadTable;
  upload_contents: UploadContentTable;
  outbox: OutboxTable;
  used_proofs: UsedProofTable;
  rate_limits: RateLimitTable;
}

export type Dialect = 'sqlite' | 'postgres';
export interface Storage {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Migrations the database held at open that this release does not know (ADR 0020). */
  newerMigrations: readonly string[];
  /** The migrations it was opened with: this release's (a test may give a newer release's). */
  migrations: Readonly<Record<string, Migration>>;
  close: () => Promise<void>;
}

/** The migrations' names, oldest first. */
export const MIGRATION_NAMES = Object.keys(migrations);

/** What the database lacks of this release's migrations, and holds beyond them. */
export const schemaState = (db: Kysely<Database>): Promise<SchemaState> =>
  readSchemaState(db, migrations);

/** The names of the migrations this code has and the database has not run yet. */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  return (await schemaState(db)).pending;
}

/** Undoes the last migration (tests of readiness; no operator command uses it). */
export async function undoLastMigration(db: Kysely<Database>): Promise<void> {
  const { newer } = await schemaState(db);
  const { error } = await migratorFor(db, migrations, newer).migrateDown();
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
}

/**
 * "sqlite:var/site.db" (relative to `root`), "sqlite::memory:" or "postgres://…", migrated to
 * `options.migrations` (this release's; a test may add a newer release's), or not at all.
 */
export async function openStorage(
  url: string,
  root: string,
  options: { migrations?: Readonly<Record<string, Migration>>; migrate?: boolean } = {},
): Promise<Storage> {
  let db: Kysely<Database>;
  let dialect: Dialect;
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    dialect = 'postgres';
  } else if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    const file = path === ':memory:' || isAbsolute(path) ? path : resolve(root, path);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    db = new Kysely<Database>({ dialect: nodeSqliteDialect(openSqlite(file)) });
    dialect = 'sqlite';
  } else {
    throw new Error(`DATABASE_URL must start with sqlite: or postgres://, not "${url}"`);
  }
  let newerMigrations: readonly string[] = [];
  const known = options.migrations ?? migrations;
  try {
    if (options.migrate !== false) ({ newer: newerMigrations } = await migrate(db, known));
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect, newerMigrations, migrations: known, close: () => db.destroy() };
}

/** Counts rows of a table (operators and tests). */
export async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<string | number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
