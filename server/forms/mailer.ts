// Notification e-mail from the outbox table: sent in the background through SMTP_URL, retried
// with a growing delay, never in the way of a submission's answer. The message carries the
// reference number only: the submission itself stays on the server. Several instances may
// share one PostgreSQL outbox: each notification is claimed by one of them before it is sent.
import nodemailer from 'nodemailer';
import type { FormDefinition } from '../../src/forms/definition.ts';
import type { Storage } from '../storage/database.ts';
import { startOutboxWorker, type Mailer } from './outbox-worker.ts';

export interface MailerOptions {
  smtpUrl: string;
  from?: string;
  /** How often the outbox is read when nothing wakes the mailer. */
  intervalMs?: number;
  /** After this many failed attempts a notification is given up (it stays in the table). */
  maxAttempts?: number;
  log?: { warn: (message: string) => void };
  /** The back office's address (STAFF_ORIGIN): the e-mail links to the submission there. */
  staffOrigin?: string;
}

/**
 * How long a claimed notification belongs to the instance that claimed it. An instance that dies
 * while sending leaves it to another after this; a send takes seconds.
 */
export const CLAIM_MS = 10 * 60_000;

/** Attempts after which a notification is given up by default (it stays in the outbox). */
export const MAX_ATTEMPTS = 12;

/** The delay before the next attempt: 30 s, 1 min, 2 min … at most 6 hours. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** attempts, 6 * 3_600_000);

export type { Mailer } from './outbox-worker.ts';

/** Starts the outbox worker. */
export function startMailer(
  { db, dialect }: Pick<Storage, 'db' | 'dialect'>,
  forms: ReadonlyMap<string, FormDefinition>,
  options: MailerOptions,
): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  const from = options.from ?? 'Victims of terrorism website <no-reply@localhost>';
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;

  // Takes up to 20 due notifications for this instance: their next attempt moves past the claim,
  // so no other instance reads them meanwhile. On PostgreSQL, rows another instance is claiming
  // at the same moment are skipped (FOR UPDATE SKIP LOCKED); SQLite has one writer at a time.
  const claimDue = () =>
    db.transaction().execute(async (trx) => {
      const now = new Date();
      let query = trx
        .selectFrom('outbox')
        .selectAll()
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now.toISOString())
        .where('attempts', '<', maxAttempts)
        .orderBy('created_at')
        .limit(20);
      if (dialect === 'postgres') query = query.forUpdate().skipLocked();
      const due = await query.execute();
      if (due.length > 0) {
        await trx
          .updateTable('outbox')
          .set({ next_attempt_at: new Date(now.getTime() + CLAIM_MS).toISOString() })
          .where(
            'submission_id',
            'in',
            due.map((row) => row.submission_id),
          )
          .execute();
      }
      return due;
    });

  const sendDue = async (isStopped: () => boolean): Promise<number> => {
    const due = await claimDue();
    let sent = 0;
    for (const row of due) {
      if (isStopped()) break;
      const form = forms.get(row.form_id);
      const recipients = form?.notify?.to ?? [];
      try {
        if (recipients.length === 0) throw new Error(`form ${row.form_id} has no notify.to`);
        await transport.sendMail({
          from,
          to: recipients,
          subject: `New message ${row.submission_id} (${form?.title.en ?? row.form_id})`,
          text: [
            `A new message was sent with the form "${form?.title.en ?? row.form_id}" on ${row.created_at}.`,
            `Reference number: ${row.submission_id}`,
            '',
            'For privacy, this e-mail does not contain the message. Read it in the back office:',
            options.staffOrigin
              ? `${options.staffOrigin}/staff/submissions/${row.submission_id}`
              : `npm run submissions -- export --form ${row.form_id} --format csv`,
          ].join('\n'),
        });
        await db
          .updateTable('outbox')
          .set({ sent_at: new Date().toISOString(), attempts: row.attempts + 1, last_error: null })
          .where('submission_id', '=', row.submission_id)
          .execute();
        sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        options.log?.warn(`notification ${row.submission_id} failed: ${message}`);
        await db
          .updateTable('outbox')
          .set({
            attempts: row.attempts + 1,
            next_attempt_at: new Date(Date.now() + retryDelayMs(row.attempts)).toISOString(),
            last_error: message.slice(0, 500),
          })
          .where('submission_id', '=', row.submission_id)
          .execute();
      }
    }
    return sent;
  };

  return startOutboxWorker({
    sendDue,
    intervalMs: options.intervalMs ?? 15_000,
    name: 'outbox',
    log: options.log,
    close: () => {
      transport.close();
    },
  });
}
