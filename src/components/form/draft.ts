// The draft of a form in localStorage: what the reader typed survives a reload, a crash or a
// lost connection, until the server confirms the submission. Files are never kept here.
import type { RawValue, RawValues } from '../../forms/local-form.ts';

const PREFIX = 'guichet.formDraft.';

/** The localStorage key of a form's draft (shared by the four languages of the form). */
export function draftKey(formId: string): string {
  return `${PREFIX}${formId}`;
}

const isRawValue = (value: unknown): value is RawValue =>
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (Array.isArray(value) && value.every((item) => typeof item === 'string'));

/** The saved draft, or null when there is none (or storage is unavailable or corrupt). */
export function readDraft(formId: string): RawValues | null {
  try {
    const text = localStorage.getItem(draftKey(formId));
    if (!text) return null;
    const parsed = JSON.parse(text) as { values?: unknown };
    if (!parsed.values || typeof parsed.values !== 'object') return null;
    const values = Object.fromEntries(
      Object.entries(parsed.values).filter((entry): entry is [string, RawValue] =>
        isRawValue(entry[1]),
      ),
    );
    return Object.keys(values).length ? values : null;
  } catch {
    return null;
  }
}

/** True when a value holds something the reader typed or chose. */
export const isFilled = (value: RawValue | undefined): boolean =>
  Array.isArray(value)
    ? value.length > 0
    : value === true || (typeof value === 'string' && value !== '');

/** Saves the filled values (no files); an empty form removes the draft. */
export function writeDraft(
  formId: string,
  values: RawValues,
  fileFields: ReadonlySet<string>,
): void {
  const kept = Object.fromEntries(
    Object.entries(values).filter(([name, value]) => !fileFields.has(name) && isFilled(value)),
  );
  try {
    if (Object.keys(kept).length === 0) localStorage.removeItem(draftKey(formId));
    else
      localStorage.setItem(draftKey(formId), JSON.stringify({ savedAt: Date.now(), values: kept }));
  } catch {
    // Storage full or disabled (private browsing): the form still works, without a draft.
  }
}

/** Removes the draft: after a 201, or when the reader clears the form. */
export function clearDraft(formId: string): void {
  try {
    localStorage.removeItem(draftKey(formId));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
