// What the site keeps in this browser's localStorage for a reader (a form's draft, a checklist's
// ticks) is written with the time of its last change and removed 24 hours later: it must not
// stay on a shared computer. Storage that is full, disabled or corrupt is treated as empty.

/** How long something kept on the device lives after its last change. */
export const KEPT_LIFETIME_MS = 24 * 3_600_000;

const savedAtOf = (text: string | null): number | null => {
  try {
    const savedAt = (JSON.parse(text ?? '') as { savedAt?: unknown }).savedAt;
    return typeof savedAt === 'number' ? savedAt : null;
  } catch {
    return null;
  }
};

/** Removes every entry under `prefix` older than KEPT_LIFETIME_MS, or unreadable. */
export function expireKept(prefix: string, now = Date.now()): void {
  try {
    // Backwards, so that removing a key does not skip the next one.
    for (let index = localStorage.length - 1; index >= 0; index--) {
      const key = localStorage.key(index);
      if (!key?.startsWith(prefix)) continue;
      const savedAt = savedAtOf(localStorage.getItem(key));
      if (savedAt === null || now - savedAt > KEPT_LIFETIME_MS) localStorage.removeItem(key);
    }
  } catch {
    // Storage unavailable: there is nothing kept to expire.
  }
}
