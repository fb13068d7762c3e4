// The publisher's e-mail to the editors when a publication is refused: written to an outbox of
// files under RELEASES_DIR/outbox first, then sent through SMTP_URL and retried with the delays
// of the form notifications (server/forms/mailer.ts). A file, not the database's outbox: the
// publisher runs apart from the form API, without its database, and a refusal must be kept even
// when the mail server is away. The message holds the reasons only, never personal data.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { MAX_ATTEMPTS, retryDelayMs } from '../forms/mailer.ts';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  attempts: number;
  /** ISO time of the next attempt. */
  nextAttemptAt: string;
  lastError?: string;
}

const outboxDir = (releasesDir: string) => join(releasesDir, 'outbox');

/** Writes a message to the outbox, due at once. */
export async function enqueueMail(
  releasesDir: string,
  mail: Pick<OutboxMail, 'to' | 'subject' | 'text'>,
  now: Date,
): Promise<string> {
  const dir = outboxDir(releasesDir);
  await mkdir(dir, { recursive: true });
  const name = `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}.json`;
  const entry: OutboxMail = { ...mail, attempts: 0, nextAttemptAt: now.toISOString() };
  await writeFile(join(dir, `${name}.tmp`), JSON.stringify(entry));
  await rename(join(dir, `${name}.tmp`), join(dir, name));
  return name;
}

/** The messages waiting in the outbox (given-up ones are kept as `.failed` beside them). */
export async function pendingMail(releasesDir: string): Promise<Map<string, OutboxMail>> {
  const dir = outboxDir(releasesDir);
  const pending = new Map<string, OutboxMail>();
  if (!existsSync(dir)) return pending;
  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.json')).sort())
    pending.set(name, JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxMail);
  return pending;
}

export interface SendOptions {
  smtpUrl: string;
  from: string;
  log?: { warn: (message: string) => void };
}

/** Sends the messages that are due; returns how many went. */
export async function sendDueMail(
  releasesDir: string,
  options: SendOptions,
  now: Date,
): Promise<number> {
  const transport = nodemailer.createTransport(options.smtpUrl);
  const dir = outboxDir(releasesDir);
  let sent = 0;
  try {
    for (const [name, mail] of await pendingMail(releasesDir)) {
      if (mail.nextAttemptAt > now.toISOString()) continue;
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
        await rm(join(dir, name));
        sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        options.log?.warn(`the publisher's e-mail ${name} failed: ${message}`);
        const next: OutboxMail = {
          ...mail,
          attempts: mail.attempts + 1,
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(mail.attempts)).toISOString(),
          lastError: message.slice(0, 500),
        };
        await writeFile(join(dir, name), JSON.stringify(next));
        if (next.attempts >= MAX_ATTEMPTS)
          await rename(join(dir, name), join(dir, `${name}.failed`));
      }
    }
  } finally {
    transport.close();
  }
  return sent;
}
