// How a visitor's file leaves the back office: always as a download, named so that no browser or
// tool misreads the name (RFC 6266 with the RFC 5987 encoding), and never rendered here.
import { cleanLabel } from '../../src/forms/clean-text.ts';

// RFC 5987 attr-char: what may stand unescaped in filename*. encodeURIComponent leaves ' ( ) *
// and ! as they are; the first four are not attr-chars.
const rfc5987 = (text: string) =>
  encodeURIComponent(text).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * The Content-Disposition of a download: an ASCII name for old clients, the exact one in
 * filename*. The name is cleaned again (files kept before uploads were cleaned of bidi and
 * invisible characters).
 */
export function attachment(name: string): string {
  const shown = cleanLabel(name) || 'file';
  const ascii = shown.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(shown)}`;
}
