// The first words of each visitor's message on one page of the inbox (issue 42): decrypted for
// the page's rows only (50 at most), on the desk's screen only; never logged, never in an
// export. The message is the form's first long-text field (the contact form's message, the page
// feedback's "what was missing"); a form without one (a callback request) has no preview.
import type { Kysely } from 'kysely';
import type { FormDefinition } from '../../src/forms/definition.ts';
import type { Database } from '../storage/database.ts';
import { openText, unwrapDataKey, type MasterKey } from '../storage/encryption.ts';

/** How many characters of the message a row shows. */
export const PREVIEW_LENGTH = 80;

/** A text's first characters, whitespace folded, cut at a word with an ellipsis. */
export function previewOf(text: string, length = PREVIEW_LENGTH): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The name of a form's first textarea, if it has one. */
const messageField = (form: FormDefinition | undefined): string | undefined =>
  form?.fields.find((field) => field.type === 'textarea')?.name;

/** The preview of each listed submission, by id (those without a message are left out). */
export async function previewsOf(
  db: Kysely<Database>,
  ids: readonly string[],
  masterKey: MasterKey,
  forms: ReadonlyMap<string, FormDefinition>,
): Promise<Map<string, string>> {
  const previews = new Map<string, string>();
  if (ids.length === 0) return previews;
  const rows = await db
    .selectFrom('submissions')
    .select(['id', 'form_id', 'data', 'wrapped_key'])
    .where('id', 'in', [...ids])
    .execute();
  for (const row of rows) {
    const name = messageField(forms.get(row.form_id));
    if (!name) continue;
    const key = row.wrapped_key ? unwrapDataKey(masterKey, row.wrapped_key) : undefined;
    const value = (JSON.parse(openText(key, row.data)) as Record<string, unknown>)[name];
    if (typeof value === 'string' && value.trim()) previews.set(row.id, previewOf(value));
  }
  return previews;
}
