// What a typed value may hold, in the browser and on the server alike: no NUL or other control
// characters (tab and line breaks stay), no lone surrogate halves (they become U+FFFD), and a
// value of only spaces or invisible characters counts as empty.

// C0 and C1 control characters and DEL, except tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const SURROGATE = /[\ud800-\udfff]/;
// White space and the characters that are drawn as nothing (zero-width spaces and joiners, the
// word joiner, byte-order marks, soft hyphens, Hangul fillers …).
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}]/gu;

/** The text with every lone surrogate half replaced by U+FFFD (String#toWellFormed). */
export function wellFormed(text: string): string {
  if (!SURROGATE.test(text)) return text;
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += text.slice(index, index + 2);
      index++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += '\ufffd';
    } else {
      out += text.charAt(index);
    }
  }
  return out;
}

/** A typed value made safe to store and export: well formed, no control characters, trimmed. */
export function cleanText(text: string): string {
  return wellFormed(text).replace(CONTROLS, '').trim();
}

// What a one-line label must not hold: controls, format characters (bidi overrides and isolates,
// zero-width spaces and joiners, soft hyphens …), line and paragraph separators, and whatever
// else is drawn as nothing. A bidi override in "report\u202Efdp.exe" shows it as "reportexe.pdf".
const UNSHOWN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * A one-line label (a file name, a person's name) that shows what it is: well formed, without
 * control, format or invisible characters, runs of spaces made one, trimmed.
 */
export function cleanLabel(text: string): string {
  return wellFormed(text).replace(UNSHOWN, '').replace(/\s+/gu, ' ').trim();
}

/** True when a value shows nothing: empty, spaces, or invisible characters only. */
export function isBlank(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}
