// Escaping text for HTML and XML, the same way React escapes text: the server relies on that to
// put the requested path into a prerendered not-found page without a hydration mismatch.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/** Text made safe for an HTML or XML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
