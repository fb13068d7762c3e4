// The reference a visitor is given (Crockford's base 32, "K7QD-M2XA-9F"), read back as they may
// type it or read it out on the phone: the follow-up and the back office find a case by it.

// Crockford's base 32 as a caller may read it out: O is 0, I and L are 1; spaces and dashes
// are anything.
const READ_ALIKES: Record<string, string> = { O: '0', I: '1', L: '1' };

/** A reference as typed or heard ("k7qd m2xa 9f"), written as stored, or null if it cannot be one. */
export function normalizeReference(text: string): string | null {
  const chars = text
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[OIL]/g, (char) => READ_ALIKES[char] ?? char);
  if (!/^[0-9A-HJKMNP-TV-Z]{10}$/.test(chars)) return null;
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}
