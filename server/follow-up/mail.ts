// The conversation's e-mails (issue 41), from conversation_mail: an answer sent by e-mail (its
// text, the reference in the subject), "the desk has answered" for a visitor who asked to be
// told (no content, no code, no reference), and "the visitor wrote back" and "a case was given
// to you" (issue 42) for the member handling the case (no content: a link to the back office). Claimed and retried like the form's
// notifications (forms/mailer.ts), so several instances share one queue.
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import { isLocaleId, type LocaleId } from '../../src/i18n/locales.ts';
import type { Database, Dialect } from '../storage/database.ts';
import { openText, unwrapDataKey, type MasterKey } from '../storage/encryption.ts';
import { CLAIM_MS, MAX_ATTEMPTS, retryDelayMs } from '../forms/mailer.ts';
import { startOutboxWorker, type Mailer } from '../forms/outbox-worker.ts';
import { translatorFor } from '../forms/language.ts';

export interface ConversationMailOptions {
  smtpUrl: string;
  from?: string;
  staffOrigin?: string;
  masterKey: MasterKey;
  intervalMs?: number;
  log?: { warn: (message: string) => void };
  /**
   * The back office's texts in a member's language, for "the visitor wrote back" and "a case
   * for you": passed in by
   * the wiring (forms-api.ts), since the follow-up sits below the back office (docs/ARCHITECTURE.md).
   */
  staffText: (
    lang: string,
  ) => (
    key: 'mailWroteBackSubject' | 'mailWroteBackBody' | 'mailAssignedSubject' | 'mailAssignedBody',
    values: Record<string, string>,
  ) => string;
}

interface Letter {
  to: string;
  subject: string;
  text: string;
}

/** Writes the e-mail of one queued row, or null when its submission or message is gone. */
async function letterOf(
  db: Kysely<Database>,
  row: Database['conversation_mail'],
  options: ConversationMailOptions,
): Promise<Letter | null> {
  const submission = await db
    .selectFrom('submissions')
    .select(['id', 'lang', 'wrapped_key'])
    .where('id', '=', row.submission_id)
    .executeTakeFirst();
  if (!submission) return null;
  const key = submission.wrapped_key
    ? unwrapDataKey(options.masterKey, submission.wrapped_key)
    : undefined;
  const lang: LocaleId = isLocaleId(submission.lang) ? submission.lang : 'en';
  const t = translatorFor(lang);
  if (row.kind === 'wrote-back' || row.kind === 'assigned') {
    const member = await db
      .selectFrom('staff_members')
      .select(['email', 'lang'])
      .where('id', '=', row.recipient)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!member) return null;
    const staffT = options.staffText(member.lang);
    const link = `${options.staffOrigin ?? ''}/staff/submissions/${submission.id}`;
    const assigned = row.kind === 'assigned';
    return {
      to: member.email,
      subject: staffT(assigned ? 'mailAssignedSubject' : 'mailWroteBackSubject', {
        reference: submission.id,
      }),
      text: staffT(assigned ? 'mailAssignedBody' : 'mailWroteBackBody', { link }),
    };
  }
  const to = openText(key, row.recipient);
  if (row.kind === 'answer-waiting') {
    return {
      to,
      subject: t('followUp.mail.waitingSubject'),
      text: t('followUp.mail.waitingBody'),
    };
  }
  const message = await db
    .selectFrom('conversation_messages')
    .select('text')
    .where('id', '=', row.message_id ?? '')
    .executeTakeFirst();
  if (!message) return null;
  return {
    to,
    subject: t('followUp.mail.answerSubject', { reference: submission.id }),
    text: `${openText(key, message.text)}\n\n--\n${t('followUp.mail.answerFooter')}`,
  };
}

/** Starts the worker that sends the conversation's e-mails. */
export function startConversationMail(
  { db, dialect }: { db: Kysely<Database>; dialect: Dialect },
  options: ConversationMailOptions,
): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  const from = options.from ?? 'Victims of terrorism website <no-reply@localhost>';

  const claimDue = () =>
    db.transaction().execute(async (trx) => {
      const now = new Date();
      let query = trx
        .selectFrom('conversation_mail')
        .selectAll()
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now.toISOString())
        .where('attempts', '<', MAX_ATTEMPTS)
        .orderBy('created_at')
        .limit(20);
      if (dialect === 'postgres') query = query.forUpdate().skipLocked();
      const due = await query.execute();
      if (due.length) {
        await trx
          .updateTable('conversation_mail')
          .set({ next_attempt_at: new Date(now.getTime() + CLAIM_MS).toISOString() })
          .where(
            'id',
            'in',
            due.map((row) => row.id),
          )
          .execute();
      }
      return due;
    });

  const sendDue = async (isStopped: () => boolean): Promise<number> => {
    let sent = 0;
    for (const row of await claimDue()) {
      if (isStopped()) break;
      try {
        const letter = await letterOf(db, row, options);
        if (letter) await transport.sendMail({ from, ...letter });
        await db
          .updateTable('conversation_mail')
          .set({ sent_at: new Date().toISOString(), attempts: row.attempts + 1, last_error: null })
          .where('id', '=', row.id)
          .execute();
        if (letter) sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // The row's kind and id only: never an address or a text.
        options.log?.warn(`conversation e-mail ${row.id} (${row.kind}) failed: ${message}`);
        await db
          .updateTable('conversation_mail')
          .set({
            attempts: row.attempts + 1,
            next_attempt_at: new Date(Date.now() + retryDelayMs(row.attempts)).toISOString(),
            last_error: message.slice(0, 500),
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
    return sent;
  };

  return startOutboxWorker({
    sendDue,
    intervalMs: options.intervalMs ?? 15_000,
    name: 'conversation mail',
    log: options.log,
    close: () => {
      transport.close();
    },
  });
}
