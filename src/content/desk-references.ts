// The desk's contact details in one place (issue 46, editor traps): a page body writes
// `{{desk.phone.fr}}` (the phone that answers in French), `{{desk.phone.nl.international}}` (the
// same, dialled from abroad) or `{{desk.email}}`, and the build puts in the value of
// content/site.yaml's `contact`. Changing a number in the site settings changes every page.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { siteSchema, type SiteConfig } from './site.ts';

/** Each reference a body may hold, by name ("desk.phone.fr"), with its value. */
export type DeskReferences = Readonly<Record<string, string>>;

const REFERENCE = /\{\{\s*([A-Za-z0-9.-]*)\s*\}\}/g;

/** "02 542 72 24" written for a caller abroad: "+32 2 542 72 24" (checked against `international`). */
function dialledFromAbroad(number: string, international: string): string {
  const written = `+32 ${number.replace(/^0/, '')}`;
  if (written.replace(/\D/g, '') !== international.replace(/\D/g, ''))
    throw new Error(
      `content/site.yaml: contact phone ${number} is not ${international} from abroad; {{desk.phone.*.international}} needs a Belgian number`,
    );
  return written;
}

/** The references the site settings' contact gives. */
export function deskReferences(contact: SiteConfig['contact']): DeskReferences {
  const references: Record<string, string> = { 'desk.email': contact.email };
  for (const { number, international, languages } of contact.phones)
    for (const lang of languages) {
      references[`desk.phone.${lang}`] ??= number;
      references[`desk.phone.${lang}.international`] ??= dialledFromAbroad(number, international);
    }
  return references;
}

/** The text with each `{{reference}}` replaced; an unknown one stops the build, naming the file. */
export function resolveDeskReferences(
  text: string,
  references: DeskReferences,
  file: string,
): string {
  return text.replace(REFERENCE, (written, name: string) => {
    const value = references[name];
    if (value === undefined)
      throw new Error(
        `${file}: ${written} is not a reference; write one of ${Object.keys(references)
          .map((known) => `{{${known}}}`)
          .join(', ')}`,
      );
    return value;
  });
}

/** The references of a content folder's site settings, read alone (for the parse workers). */
export function readDeskReferences(contentDir: string): DeskReferences {
  const site = parse(readFileSync(join(contentDir, 'site.yaml'), 'utf8')) as { contact?: unknown };
  return deskReferences(siteSchema.shape.contact.parse(site.contact));
}

const byContentDir = new Map<string, DeskReferences>();

/** An item file's Markdown body as readers get it: its references resolved from its content folder. */
export function resolvedForReaders(markdown: string, file: string): string {
  const contentDir = join(dirname(file), '..');
  let references = byContentDir.get(contentDir);
  if (!references) {
    references = readDeskReferences(contentDir);
    byContentDir.set(contentDir, references);
  }
  return resolveDeskReferences(markdown, references, file);
}
