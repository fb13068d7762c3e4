// The entry as Sveltia hands it over, read into what the site's heading components and Markdown
// renderer take, in the language previewed.
import { describe, expect, it } from 'vitest';
import { ITEM_COLLECTIONS } from '../cms/cms-collections.ts';
import {
  articlePreview,
  entryFields,
  pagePreview,
  PREVIEW_COLLECTIONS,
  previewLanguage,
  type PreviewEntry,
} from './preview-data.ts';

/** An entry shaped as Sveltia's Immutable Map: `get` returns values with `toJS()`. */
const immutableEntry = (values: Record<string, unknown>): PreviewEntry => ({
  get: (key) => {
    const value = values[key];
    return typeof value === 'object' && value !== null ? { toJS: () => value } : value;
  },
});

describe('PREVIEW_COLLECTIONS', () => {
  it('names the CMS collections of Markdown items, each with its kind', () => {
    expect(PREVIEW_COLLECTIONS).toEqual(
      Object.fromEntries(ITEM_COLLECTIONS.map(({ name, kind }) => [name, kind])),
    );
  });
});

describe('entryFields', () => {
  it('reads the fields, the file and the other languages out of the Immutable entry', () => {
    const entry = immutableEntry({
      data: { title: 'Premiers pas' },
      i18n: { nl: { data: {} }, de: { data: {} }, en: { data: {} } },
      path: 'content/pages/first-steps.fr.md',
    });
    expect(entryFields(entry)).toEqual({
      fields: { title: 'Premiers pas' },
      path: 'content/pages/first-steps.fr.md',
      otherLocales: ['nl', 'de', 'en'],
    });
  });

  it('gives empty values for an entry without data', () => {
    expect(entryFields({ get: () => undefined })).toEqual({
      fields: {},
      path: '',
      otherLocales: [],
    });
  });
});

describe('previewLanguage', () => {
  it("takes the language of the entry's file first, whatever the frame says", () => {
    expect(
      previewLanguage({ path: 'content/pages/first-steps.fr.md', otherLocales: ['nl'] }, 'en'),
    ).toBe('fr');
  });

  it('takes for a new entry the one language that is not among its other translations', () => {
    expect(previewLanguage({ path: '', otherLocales: ['nl', 'fr', 'en'] }, 'en')).toBe('de');
  });

  it("falls back to the frame's language, then to the default language", () => {
    expect(previewLanguage({ path: '', otherLocales: ['nl'] }, 'nl')).toBe('nl');
    expect(previewLanguage({ path: '', otherLocales: [] }, 'es')).toBe('en');
  });
});

describe('pagePreview', () => {
  it("renders the body with the site's callouts, accordions and tables in the page's language", () => {
    const page = pagePreview(
      {
        title: 'Premiers pas',
        summary: 'Que faire.',
        updated: '2026-11-25',
        body: [
          ':::callout Que faire maintenant ?',
          '- Appelez le **112**.',
          ':::',
          '',
          ':::accordion Vos droits',
          'Le statut.',
          ':::',
          '',
          '| Numéro | Pour |',
          '| --- | --- |',
          '| 112 | Urgences |',
        ].join('\n'),
      },
      'fr',
    );
    expect(page).toEqual({
      title: 'Premiers pas',
      summary: 'Que faire.',
      updated: '2026-11-25',
      toc: [],
      html: [
        '<div class="callout" role="region" aria-labelledby="callout-1"><h2 class="callout__title" id="callout-1">Que faire maintenant\u202f?</h2><ul>',
        '<li>Appelez le <strong>112</strong>.</li>',
        '</ul>',
        '</div>',
        '<details class="accordion"><summary class="accordion__summary"><span class="accordion__title">Vos droits</span> <span class="accordion__hint" aria-hidden="true">voir plus</span></summary><div class="accordion__body"><p>Le statut.</p>',
        '</div></details>',
        '<div class="table-scroll" role="region" tabindex="0" aria-label="Tableau\u202f: Numéro, Pour"><table>',
        '<thead>',
        '<tr>',
        '<th>Numéro</th>',
        '<th>Pour</th>',
        '</tr>',
        '</thead>',
        '<tbody><tr>',
        '<td>112</td>',
        '<td>Urgences</td>',
        '</tr>',
        '</tbody></table>',
        '</div>',
        '',
      ].join('\n'),
    });
  });

  it('shows a body whose image has no alt text yet (saving refuses it, not the preview)', () => {
    expect(pagePreview({ body: 'Before.\n\n![](/media/desk.jpg)' }, 'en').html).toBe(
      '<p>Before.</p>\n<p><img src="/media/desk.jpg" alt="" loading="lazy"></p>\n',
    );
  });

  it('leaves out a date still being typed and reads missing fields as empty', () => {
    expect(pagePreview({ updated: '2026-11-' }, 'en')).toEqual({
      title: '',
      summary: '',
      updated: '',
      toc: [],
      html: '',
    });
  });
});

describe('articlePreview', () => {
  it("gives an event its start, end, place and online, the body in the event's language", () => {
    expect(
      articlePreview(
        'event',
        {
          title: 'Herdenking',
          summary: 'Op 22 maart.',
          start: '2027-03-22T10:00',
          end: '2027-03-22T12:00',
          place: 'Brussel',
          online: true,
          topics: ['remembrance'],
          body: ':::accordion Programma\nOm 10 uur.\n:::',
        },
        'nl',
      ),
    ).toEqual({
      kind: 'event',
      title: 'Herdenking',
      summary: 'Op 22 maart.',
      date: '2027-03-22T10:00',
      end: '2027-03-22T12:00',
      place: 'Brussel',
      online: true,
      topics: [],
      html: '<details class="accordion"><summary class="accordion__summary"><span class="accordion__title">Programma</span> <span class="accordion__hint" aria-hidden="true">bekijk meer</span></summary><div class="accordion__body"><p>Om 10 uur.</p>\n</div></details>\n',
    });
  });

  it("reads a news item's date from `date`, and an end without a valid start as nothing", () => {
    expect(articlePreview('news', { date: '2027-03-01', body: 'Tekst.' }, 'nl')).toEqual({
      kind: 'news',
      title: '',
      summary: '',
      date: '2027-03-01',
      topics: [],
      html: '<p>Tekst.</p>\n',
    });
    expect(articlePreview('event', { start: '22/03/2027', end: '2027-03-23' }, 'en')).toEqual({
      kind: 'event',
      title: '',
      summary: '',
      date: '',
      topics: [],
      html: '',
    });
  });
});
