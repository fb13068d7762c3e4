// One publication as `npm run release -- publish` and the publisher service both run it: build
// and switch (publish.ts); when refused, the e-mail to the editors goes into the outbox and, with
// SMTP_URL, out at once (a message that fails waits for the next publication).
import { join } from 'node:path';
import type { Environment } from '../../src/config/environment.ts';
import { sourcePaths } from './git-source.ts';
import { publish, type PublishOptions, type PublishOutcome } from './publish.ts';
import { sendDueMail } from './publish-outbox.ts';
import { notifyRefusal } from './refusal.ts';

/** The outcome, and for a refusal the address told (undefined: none set). */
export type ToldOutcome = PublishOutcome & { told?: string | undefined };

/** Publishes; for a refusal, tells the editors. Throws only when it cannot start (the lock). */
export async function publishAndTell(
  options: PublishOptions,
  env: Pick<Environment, 'SMTP_URL' | 'SMTP_FROM'>,
): Promise<ToldOutcome> {
  const outcome = await publish(options);
  if (outcome.ok) return outcome;
  const { releasesDir } = options;
  const told = await notifyRefusal(
    releasesDir,
    outcome,
    join(sourcePaths(releasesDir).checkout, 'content'),
    options.now(),
  );
  if (told && env.SMTP_URL)
    await sendDueMail(
      releasesDir,
      { smtpUrl: env.SMTP_URL, from: env.SMTP_FROM ?? 'no-reply@localhost' },
      options.now(),
    ).catch(() => 0);
  return { ...outcome, told };
}
