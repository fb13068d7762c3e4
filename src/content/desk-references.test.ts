// The desk's contact details in one place: references in page bodies resolved from the site
// settings, an unknown one refused, and no page that writes the desk's number out by hand.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deskReferences, readDeskReferences, resolveDeskReferences } from './desk-references.ts';
import { FRONT_MATTER, ITEM_FOLDERS, itemFiles } from './items.ts';
import { loadContent } from './load-content.ts';
import { TEXT_ONLY_ADDRESS, type SiteConfig } from './site.ts';

const CONTENT = join(import.meta.dirname, '../../content');
const contact: SiteConfig['contact'] = {
  name: { nl: 'Loket', fr: 'Guichet', de: 'Anlaufstelle', en: 'Desk' },
  email: 'desk@example.be',
  phones: [
    {
      number: '02 111 22 33',
      international: '+3221112233',
      languages: ['fr', 'en'],
    },
    { number: '02 444 55 66', international: '+3224445566', languages: ['nl'] },
  ],
  emergency: '112',
  page: 'contacts',
  answerTime: { nl: 'snel', fr: 'vite', de: 'bald', en: 'soon' },
  followUpPage: 'follow-up',
};

describe('deskReferences', () => {
  it('names each phone by the languages it answers in, national and from abroad', () => {
    expect(deskReferences(contact)).toEqual({
      'desk.email': 'desk@example.be',
      'desk.phone.fr': '02 111 22 33',
      'desk.phone.fr.international': '+32 2 111 22 33',
      'desk.phone.en': '02 111 22 33',
      'desk.phone.en.international': '+32 2 111 22 33',
      'desk.phone.nl': '02 444 55 66',
      'desk.phone.nl.international': '+32 2 444 55 66',
    });
  });

  it('refuses a number whose international form is another number', () => {
    const wrong = {
      ...contact,
      phones: [
        { number: '02 111 22 33', international: '+3229999999', languages: ['fr' as const] },
      ],
    };
    expect(() => deskReferences(wrong)).toThrow(
      'content/site.yaml: contact phone 02 111 22 33 is not +3229999999 from abroad',
    );
  });
});

describe('resolveDeskReferences', () => {
  const references = deskReferences(contact);
  it('puts the settings’ values in the text', () => {
    expect(
      resolveDeskReferences(
        'Bel {{desk.phone.nl}} of, uit het buitenland, {{ desk.phone.nl.international }}: [{{desk.email}}](mailto:{{desk.email}}).',
        references,
        'x.nl.md',
      ),
    ).toBe(
      'Bel 02 444 55 66 of, uit het buitenland, +32 2 444 55 66: [desk@example.be](mailto:desk@example.be).',
    );
  });

  it('refuses an unknown reference, naming the file and the known ones', () => {
    expect(() => resolveDeskReferences('Call {{desk.phone.de}}.', references, 'x.de.md')).toThrow(
      'x.de.md: {{desk.phone.de}} is not a reference; write one of {{desk.email}}, {{desk.phone.fr}}',
    );
  });
});

describe('the content', () => {
  const references = readDeskReferences(CONTENT);

  it('writes no desk number or address out by hand in a page body', () => {
    const written = Object.values(references);
    const handWritten = Object.values(ITEM_FOLDERS)
      .flatMap((folder) => itemFiles(join(CONTENT, folder)))
      .flatMap((file) => {
        const body = FRONT_MATTER.exec(readFileSync(file, 'utf8'))?.[2] ?? '';
        return written.filter((value) => body.includes(value)).map((value) => `${file}: ${value}`);
      });
    expect(handWritten).toEqual([]);
  });

  it('shows the settings’ numbers on the built pages', () => {
    const content = loadContent(CONTENT, TEXT_ONLY_ADDRESS);
    const desk = content.pages.find((page) => page.file.endsWith('central-desk.fr.md'));
    // The typography keeps a number on one line with no-break spaces.
    const html = desk?.html.replace(/[\u00a0\u202f]/g, ' ') ?? '';
    expect(html).toContain(`Appelez le ${references['desk.phone.fr'] ?? ''} (français et anglais)`);
    expect(html).toContain(references['desk.phone.nl.international']);
    expect(html).not.toContain('{{');
  });
});
