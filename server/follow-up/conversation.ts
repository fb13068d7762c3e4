// A submission's conversation (issue 41): the visitor's message, the desk's answers and the
// visitor's replies, each sealed with the submission's data key like its values (ADR 0030). An
// answer moves the case to "answered"; a reply reopens it ("the visitor wrote back") and tops
// the inbox. The e-mails they cause wait in conversation_mail (mail.ts), written in the same
// transaction.
import type { Kysely, Transaction } from 'kysely';
import { cleanLabel } from '../../src/forms/clean-text.ts';
import type { Database } from '../storage/database.ts';
import {
  openText,
  readSealed,
  sealText,
  unwrapDataKey,
  type MasterKey,
} from '../storage/encryption.ts';
import { audit } from '../storage/audit.ts';
import { newId } from '../storage/tokens.ts';

/** The reply form (content/forms/reply.yaml): its uploads become a reply's files. */
export const REPLY_FORM = 'reply';
export const MESSAGE_MAX_LENGTH = 5000;

export type Author = 'visitor' | 'desk';
export type Channel = 'page' | 'email' | 'phone';

/** The data key of a submission (undefined for one stored before encryption), or null. */
export async function submissionKey(
  db: Kysely<Database>,
  submissionId: string,
  masterKey: MasterKey,
): Promise<Buffer | undefined | null> {
  const row = await db
    .selectFrom('submissions')
    .select('wrapped_key')
    .where('id', '=', submissionId)
    .executeTakeFirst();
  if (!row) return null;
  return row.wrapped_key ? unwrapDataKey(masterKey, row.wrapped_key) : undefined;
}

const seal = (key: Buffer | undefined, text: string) => (key ? sealText(key, text) : text);

export interface NewMessage {
  submissionId: string;
  author: Author;
  channel: Channel;
  memberId?: string;
  text: string;
  /** Upload tokens of the reply form (a visitor's reply). */
  files?: readonly string[];
}

/** Queues an e-mail of the conversation (mail.ts sends it). */
async function queueMail(
  trx: Transaction<Database>,
  mail: { submissionId: string; kind: string; recipient: string; messageId?: string; at: string },
) {
  await trx
    .insertInto('conversation_mail')
    .values({
      id: newId(),
      submission_id: mail.submissionId,
      kind: mail.kind,
      recipient: mail.recipient,
      message_id: mail.messageId ?? null,
      created_at: mail.at,
      attempts: 0,
      next_attempt_at: mail.at,
      sent_at: null,
      last_error: null,
    })
    .execute();
}

export type AddResult =
  { added: true; id: string; at: string } | { added: false; reason: 'gone' | 'files' };

/**
 * Adds a message in one transaction with what it changes: the reply's files claimed, the status
 * (answered, or in progress again), and the e-mails it causes. `email` is the visitor's address
 * (sealed) when an answer goes by e-mail.
 */
export async function addMessage(
  db: Kysely<Database>,
  masterKey: MasterKey,
  message: NewMessage,
  options: { mail: boolean; sealedEmail?: string | null } = { mail: false },
  now = new Date(),
): Promise<AddResult> {
  const key = await submissionKey(db, message.submissionId, masterKey);
  if (key === null) return { added: false, reason: 'gone' };
  const id = newId();
  const at = now.toISOString();
  const files = message.files ?? [];
  return db
    .transaction()
    .execute(async (trx): Promise<AddResult> => {
      const submission = await trx
        .selectFrom('submissions')
        .select(['status', 'assignee_id', 'notify_email'])
        .where('id', '=', message.submissionId)
        .executeTakeFirst();
      if (!submission) return { added: false, reason: 'gone' };
      await trx
        .insertInto('conversation_messages')
        .values({
          id,
          submission_id: message.submissionId,
          author: message.author,
          channel: message.channel,
          member_id: message.memberId ?? null,
          at,
          text: seal(key, message.text),
        })
        .execute();
      if (files.length) {
        const claimed = await trx
          .updateTable('uploads')
          .set({ submission_id: message.submissionId, message_id: id })
          .where('token', 'in', [...files])
          .where('form_id', '=', REPLY_FORM)
          .where('submission_id', 'is', null)
          .executeTakeFirst();
        // Thrown to roll the message back with the claims; answered as "files" below.
        if (Number(claimed.numUpdatedRows) !== files.length) throw new MissingFiles();
      }
      if (message.author === 'desk') {
        await trx
          .updateTable('submissions')
          .set((eb) => ({
            status: 'answered',
            visitor_wrote_at: null,
            // The first answer's time, for the overview's "answered in time".
            answered_at: eb.fn.coalesce('answered_at', eb.val(at)),
          }))
          .where('id', '=', message.submissionId)
          .execute();
        if (options.mail && message.channel === 'email' && options.sealedEmail) {
          await queueMail(trx, {
            submissionId: message.submissionId,
            kind: 'answer',
            recipient: options.sealedEmail,
            messageId: id,
            at,
          });
        } else if (options.mail && message.channel === 'page' && submission.notify_email) {
          await queueMail(trx, {
            submissionId: message.submissionId,
            kind: 'answer-waiting',
            recipient: submission.notify_email,
            at,
          });
        }
      } else {
        await trx
          .updateTable('submissions')
          .set({
            visitor_wrote_at: at,
            status: submission.status === 'new' ? 'new' : 'in_progress',
          })
          .where('id', '=', message.submissionId)
          .execute();
        await audit(
          trx,
          { memberId: null, action: 'visitor-wrote', submissionId: message.submissionId },
          now,
        );
        if (options.mail && submission.assignee_id) {
          await queueMail(trx, {
            submissionId: message.submissionId,
            kind: 'wrote-back',
            recipient: submission.assignee_id,
            at,
          });
        }
      }
      return { added: true, id, at };
    })
    .catch((error: unknown) => {
      if (error instanceof MissingFiles) return { added: false, reason: 'files' } as const;
      throw error;
    });
}

class MissingFiles extends Error {}

export interface ConversationFile {
  token: string;
  name: string;
  size: number;
}
export interface ConversationMessage {
  id: string;
  author: Author;
  channel: Channel;
  memberName: string | null;
  at: string;
  text: string;
  files: ConversationFile[];
}

/** A submission's messages, oldest first, opened, with their files' names. */
export async function messagesOf(
  db: Kysely<Database>,
  submissionId: string,
  key: Buffer | undefined,
  masterKey: MasterKey,
): Promise<ConversationMessage[]> {
  const [rows, files] = await Promise.all([
    db
      .selectFrom('conversation_messages')
      .leftJoin('staff_members', 'staff_members.id', 'conversation_messages.member_id')
      .select([
        'conversation_messages.id',
        'conversation_messages.author',
        'conversation_messages.channel',
        'conversation_messages.at',
        'conversation_messages.text',
        'staff_members.display_name as member_name',
      ])
      .where('conversation_messages.submission_id', '=', submissionId)
      .orderBy('conversation_messages.at')
      .orderBy('conversation_messages.id')
      .execute(),
    db
      .selectFrom('uploads')
      .select(['token', 'file_name', 'size', 'wrapped_key', 'message_id'])
      .where('submission_id', '=', submissionId)
      .where('message_id', 'is not', null)
      .orderBy('created_at')
      .execute(),
  ]);
  return rows.map((row) => ({
    id: row.id,
    author: row.author === 'desk' ? 'desk' : 'visitor',
    channel: row.channel === 'email' ? 'email' : row.channel === 'phone' ? 'phone' : 'page',
    memberName: row.member_name,
    at: row.at,
    text: openText(key, row.text),
    files: files
      .filter((file) => file.message_id === row.id)
      .map((file) => ({
        token: file.token,
        name: cleanLabel(readSealed(masterKey, file.wrapped_key, file.file_name)) || 'file',
        size: file.size,
      })),
  }));
}

/** Sets or clears the desk's notice for the visitor (sealed). */
export async function setDeskNotice(
  db: Kysely<Database>,
  masterKey: MasterKey,
  submissionId: string,
  text: string,
): Promise<boolean> {
  const key = await submissionKey(db, submissionId, masterKey);
  if (key === null) return false;
  await db
    .updateTable('submissions')
    .set({ desk_notice: text ? seal(key, text) : null })
    .where('id', '=', submissionId)
    .execute();
  return true;
}

/** Opens a sealed column of a submission with its key (null stays null). */
export const openColumn = (key: Buffer | undefined, stored: string | null): string | null =>
  stored === null ? null : openText(key, stored);
