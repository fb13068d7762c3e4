// What the editors are told when a publication is refused: the reasons, the commit, and that
// the site they know is still online. The address is `publishing.notify` of the site settings
// (content/site.yaml) of the content that was refused.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { siteSchema } from '../../src/content/site.ts';
import type { PublishFailure } from './publish.ts';
import { enqueueMail } from './publish-outbox.ts';

/** The address of the site settings, or undefined when unset or unreadable. */
export function notifyAddress(contentDir: string): string | undefined {
  const file = join(contentDir, 'site.yaml');
  if (!existsSync(file)) return undefined;
  try {
    // Only this setting: the rest of the file may be what the refusal is about.
    const raw = (parse(readFileSync(file, 'utf8')) ?? {}) as { publishing?: unknown };
    return siteSchema.shape.publishing.safeParse(raw.publishing).data?.notify;
  } catch {
    return undefined;
  }
}

/** The e-mail's subject and text. */
export function refusalText(failure: PublishFailure): { subject: string; text: string } {
  const commit = failure.commit ? failure.commit.slice(0, 12) : 'unknown';
  return {
    subject: `Publication refused: the site still shows the previous version (${commit})`,
    text: [
      `The changes on branch ${failure.branch} (commit ${commit}) were not published on ${failure.at}.`,
      'The site still shows the version published before; nothing was lost.',
      '',
      'What stopped it:',
      ...failure.problems.map((problem) => `- ${problem}`),
      '',
      'Correct this in the editor and publish again. A web team member can see every release with',
      '`npm run release -- list` (docs/editor-guide.md, "After publishing").',
    ].join('\n'),
  };
}

/** Puts the e-mail in the publisher's outbox; returns the address, or undefined when none is set. */
export async function notifyRefusal(
  releasesDir: string,
  failure: PublishFailure,
  contentDir: string,
  now: Date,
): Promise<string | undefined> {
  const to = notifyAddress(contentDir);
  if (!to) return undefined;
  await enqueueMail(releasesDir, { to, ...refusalText(failure) }, now);
  return to;
}
