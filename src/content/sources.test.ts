// Traceable facts (#22): a page, news item or attack that states an amount, a time limit or a
// phone number lists where that comes from, each source with the day it was last checked.
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { todayInBrussels } from '../i18n/brussels-time.ts';
import { checkableFacts } from './checkable-facts.ts';
import { markdownOf, parseItem } from './items.ts';
import { loadContent } from './load-content.ts';
import { TEXT_ONLY_ADDRESS } from './site.ts';

const root = join(import.meta.dirname, '../..');
// Read for their text only: the site's address does not matter here.
const content = loadContent(join(root, 'content'), TEXT_ONLY_ADDRESS);
const items = [...content.pages, ...content.news, ...content.attacks];

// Pages about this site itself: what they state (how long a cookie lasts, what the server or
// the browser keeps) is the site's own configuration, not a fact from elsewhere.
const ABOUT_THIS_SITE = new Set([
  'privacy',
  'cookies',
  'accessibility',
  'disclaimer',
  'staying-safe',
]);

describe('sources of checkable facts', () => {
  it('are listed by every page, news item and attack that states an amount, a time limit or a phone number', () => {
    const missing = items
      .filter((item) => !(item.kind === 'page' && ABOUT_THIS_SITE.has(item.translationKey)))
      .filter((item) => !item.sources || item.sources.length === 0)
      .flatMap((item) => {
        const facts = checkableFacts(`${item.summary}\n${markdownOf(item)}`, item.lang);
        return facts.length === 0
          ? []
          : [
              `${relative(root, item.file)}: ${facts.map((fact) => `${fact.kind} "${fact.text}"`).join(', ')} without sources`,
            ];
      });
    expect(missing).toEqual([]);
  });

  it('name only sources of the taxonomy, and were checked on a real day, not in the future', () => {
    const today = todayInBrussels();
    for (const item of items) {
      for (const source of item.sources ?? []) {
        if ('id' in source)
          expect(content.sources, `${item.file} source`).toHaveProperty(source.id);
        expect(
          source.checked <= today,
          `${item.file}: checked ${source.checked} is after ${today}`,
        ).toBe(true);
      }
    }
  });

  it('are the same in every translation of an item, so that each language traces the same facts', () => {
    const byKey = new Map<string, string[]>();
    for (const item of items) {
      const urls = (item.sources ?? []).map((source) => ('url' in source ? source.url : source.id));
      const key = `${item.kind}:${item.translationKey}`;
      const first = byKey.get(key);
      if (first) expect(urls, item.file).toEqual(first);
      else byKey.set(key, urls);
    }
  });
});

describe('checkableFacts', () => {
  it('finds amounts, time limits and phone numbers in each language', () => {
    expect(checkableFacts('All aid together can never be more than 125,000 euros.', 'en')).toEqual([
      { kind: 'amount', text: '125,000 euros' },
    ]);
    expect(checkableFacts('U moet binnen vijf jaar een aanvraag indienen.', 'nl')).toEqual([
      { kind: 'time limit', text: 'vijf jaar' },
    ]);
    expect(checkableFacts('Appelez le 02 542 72 24 dans les 18 mois.', 'fr')).toEqual([
      { kind: 'time limit', text: '18 mois' },
      { kind: 'phone number', text: '02 542 72 24' },
    ]);
    expect(checkableFacts('Rufen Sie +32 2 542 66 23 an, oder im Notfall die 112.', 'de')).toEqual([
      { kind: 'phone number', text: '+32 2 542 66 23' },
    ]);
    expect(
      checkableFacts(
        'Pools pay up to 1 billion euros a year; the desk gets one million euros.',
        'en',
      ),
    ).toEqual([{ kind: 'amount', text: '1 billion euros' }]);
    expect(checkableFacts('Ein Schaden von mehr als 500 € und die Nummer 108.', 'de')).toEqual([
      { kind: 'amount', text: '500 €' },
      { kind: 'phone number', text: '108' },
    ]);
  });

  it('does not take dates, percentages, article numbers or "one year later" for such facts', () => {
    expect(
      checkableFacts('On 22 March 2016, one year later, at least 10% of 2017 cases.', 'en'),
    ).toEqual([]);
    expect(
      checkableFacts('Het koninklijk besluit van 15 maart 2017 (artikel 42bis).', 'nl'),
    ).toEqual([]);
  });
});

describe('the sources field', () => {
  const page = (sources: string) =>
    `---\ntitle: X\npath: /en/x\nsummary: A page with a source.\nupdated: 2026-01-01\nsources:\n${sources}---\n`;

  it('takes a taxonomy id or a URL with a title, each with the day it was checked', () => {
    const item = parseItem(
      'page',
      'p/x.en.md',
      page(
        '  - id: medex\n    checked: 2026-11-23\n  - url: https://example.org/a\n    title: A page\n    checked: 2026-11-20\n',
      ),
    );
    expect(item.sources).toEqual([
      { id: 'medex', checked: '2026-11-23' },
      { url: 'https://example.org/a', title: 'A page', checked: '2026-11-20' },
    ]);
  });

  it('refuses a source without the day it was checked, and a URL without a title', () => {
    expect(() => parseItem('page', 'p/x.en.md', page('  - id: medex\n'))).toThrow(
      /p\/x\.en\.md:[\s\S]*sources/,
    );
    expect(() =>
      parseItem(
        'page',
        'p/x.en.md',
        page('  - url: https://example.org/a\n    checked: 2026-11-23\n'),
      ),
    ).toThrow(/sources/);
  });
});
