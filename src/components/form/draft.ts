// The draft of a form in localStorage: what the reader typed survives a reload, a crash or a
// lost connection, until the server confirms the submission, the reader deletes it, or 24 hours
// pass without a change (a victim's message must not stay on a shared computer). Files are
// never kept here.
import type { RawValue, RawValues } from '../../forms/local-form.ts';
import { SITE_KEY_PREFIX } from '../../runtime/site-storage.ts';
import { expireKept, KEPT_LIFETIME_MS } from '../kept-on-device.ts';

const PREFIX = `${SITE_KEY_PREFIX}.formDraft.`;
/** How long a draft is kept after its last change. */
export const DRAFT_LIFETIME_MS = KEPT_LIFETIME_MS;

/** The localStorage key of a form's draft (shared by the four languages of the form). */
export function draftKey(formId: string): string {
  return `${PREFIX}${formId}`;
}

const isRawValue = (value: unknown): value is RawValue =>
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (Array.isArray(value) && value.every((item) => typeof item === 'string'));

/** Removes the drafts of every form that are older than DRAFT_LIFETIME_MS, or unreadable. */
export const expireDrafts = (now = Date.now()): void => {
  expireKept(PREFIX, now);
};

/**
 * The saved draft, or null when there is none, it expired, or storage is unavailable or corrupt.
 * Expired drafts of every form are removed on the way.
 */
export function readDraft(formId: string, now = Date.now()): RawValues | null {
  expireDrafts(now);
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

/** Saves the filled values (no files) with the time; an empty form removes the draft. */
export function writeDraft(
  formId: string,
  values: RawValues,
  fileFields: ReadonlySet<string>,
  now = Date.now(),
): void {
  const kept = Object.fromEntries(
    Object.entries(values).filter(([name, value]) => !fileFields.has(name) && isFilled(value)),
  );
  try {
    if (Object.keys(kept).length === 0) localStorage.removeItem(draftKey(formId));
    else localStorage.setItem(draftKey(formId), JSON.stringify({ savedAt: now, values: kept }));
  } catch {
    // Storage full or disabled (private browsing): the form still works, without a draft.
  }
}

/** Removes the draft: after a 201, or when the reader deletes it. */
export function clearDraft(formId: string): void {
  try {
    localStorage.removeItem(draftKey(formId));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
