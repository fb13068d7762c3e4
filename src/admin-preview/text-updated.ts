// "Updated" follows the text (issue 46, editor traps): when an entry is saved with a body that
// differs from the one the site was built with, its `updated` becomes today's date in Brussels,
// language by language, so that a reader is never told old news is fresh or new text is old.
// The build writes a digest of every published body (dist/admin/body-digests.json); the preSave
// listener of admin-preview.tsx compares the saving bodies with it.
import { ADMIN_PATH } from '../routes/url-rules.ts';
import { PREVIEW_COLLECTIONS, text } from './preview-data.ts';
import { savedLanguages, type SavingEntry } from './save-checks.ts';

/** Where the build writes the digests of the published bodies, and the editor reads them. */
export const BODY_DIGESTS_URL = `${ADMIN_PATH}/body-digests.json`;

/** Each published entry's body digest by language, keyed by entry id ("pages/contacts"). */
export type BodyDigests = Record<string, Record<string, string>>;

/** A short SHA-256 of a Markdown body, blind to line endings and surrounding blank space. */
export async function bodyDigest(markdown: string): Promise<string> {
  const bytes = new TextEncoder().encode(markdown.replaceAll('\r\n', '\n').trim());
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...hash.slice(0, 12)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Today's date in Brussels as YYYY-MM-DD, the form of `updated`. */
export function brusselsToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(now);
}

/**
 * The languages of the saving entry whose body is new or differs from the published one and
 * whose `updated` is not already `today`: those the listener sets to today.
 */
export async function languagesToDate(
  entry: SavingEntry,
  id: string,
  digests: BodyDigests,
  today: string,
): Promise<string[]> {
  // Pages, news, events and recognised attacks have an `updated` date; settings and forms none.
  if (!Object.hasOwn(PREVIEW_COLLECTIONS, entry.collection)) return [];
  const published = digests[id] ?? {};
  const changed: string[] = [];
  for (const [lang, fields] of savedLanguages(entry)) {
    if (text(fields.updated) === today) continue;
    if ((await bodyDigest(text(fields.body))) !== published[lang]) changed.push(lang);
  }
  return changed;
}
