// The content under content/ as a whole: valid, complete in four languages, linked correctly.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_IDS } from '../i18n/locales.ts';
import { buildRouteTable } from '../routes/route-table.ts';
import { idsIn, internalLinkProblems } from './internal-links.ts';
import { markdownOf, parseItem } from './items.ts';
import { loadContent } from './load-content.ts';
import { TEXT_ONLY_ADDRESS } from './site.ts';
import { GUIDE_KEYS } from './readability/plain-language.ts';

const content = loadContent(join(import.meta.dirname, '../../content'), TEXT_ONLY_ADDRESS);
const items = [...content.pages, ...content.news, ...content.attacks, ...content.events];
const table = buildRouteTable(content);
const routePaths = new Set(table.routes.map((route) => route.path));

describe('content', () => {
  it('has every page type of the site in every language', () => {
    const keys = new Set(content.pages.map((page) => page.translationKey));
    for (const key of [
      'home',
      'contacts',
      'privacy',
      'accessibility',
      'first-steps',
      'financial-aid',
      'insurance',
      'judicial-procedure',
      'psychological-social-help',
      'associations',
      'national-solidarity-status',
      'medical-costs',
      'central-desk',
      'attack-belgium-abroad',
      'disclaimer',
      'cookies',
      'news',
      'agenda',
      'what-applies',
      'staying-safe',
      'children',
      'relatives',
      'media',
      'anniversaries-trials',
      'first-steps-easy',
      'financial-aid-easy',
    ]) {
      expect(keys, key).toContain(key);
    }
  });

  it('has every translationKey in all four languages, or exactly the languages of its listed exception', () => {
    const languages = new Map<string, string[]>();
    for (const item of items) {
      const key = `${item.kind}:${item.translationKey}`;
      languages.set(key, [...(languages.get(key) ?? []), item.lang]);
    }
    for (const [key, found] of languages) {
      const translationKey = key.slice(key.indexOf(':') + 1);
      const expected = content.translationExceptions[translationKey] ?? [...LOCALE_IDS];
      expect([...found].sort(), key).toEqual([...expected].sort());
    }
  });

  it('lists only exceptions that exist', () => {
    for (const key of Object.keys(content.translationExceptions)) {
      expect(
        items.some((item) => item.translationKey === key),
        key,
      ).toBe(true);
    }
  });

  it('has the spec’s node pages at their exact paths', () => {
    for (const path of [
      '/fr/node/16065',
      '/nl/node/16065',
      '/nl/node/16081',
      '/nl/node/16096',
      '/nl/node/16176',
    ]) {
      expect(routePaths, path).toContain(path);
    }
  });

  it('has no internal link to a missing page or anchor, and links stay in the page’s language', () => {
    const idsByPath = new Map(items.map((item) => [item.path, idsIn(item.html)]));
    const problems = items.flatMap((item) =>
      internalLinkProblems(item.html, {
        lang: item.lang,
        ownPath: item.path,
        hasPath: (path) => routePaths.has(path),
        // Pages the content does not write (search, listings' pages) have no anchors to link to.
        idsOf: (path) => idsByPath.get(path) ?? new Set(),
      }).map(({ href, problem }) => `${item.file}: link to ${problem} ${href}`),
    );
    expect(problems).toEqual([]);
  });

  it('refers only to topics and sources that exist', () => {
    for (const item of [...content.news, ...content.attacks, ...content.events]) {
      for (const topic of item.topics)
        expect(content.topics, `${item.file} topic`).toHaveProperty(topic);
    }
    for (const item of content.news)
      expect(content.sources, `${item.file} source`).toHaveProperty(item.source);
  });

  it('gives every item a summary and an updated date, and every guide a callout and an accordion', () => {
    for (const item of items) {
      expect(item.summary.length, item.file).toBeGreaterThan(20);
      expect(item.updated, item.file).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const guides = new Set<string>(GUIDE_KEYS);
    for (const page of content.pages.filter((candidate) => guides.has(candidate.translationKey))) {
      expect(page.html, `${page.file} callout`).toContain(
        '<div class="callout" role="region" aria-labelledby="callout-1"><h2 class="callout__title" id="callout-1">',
      );
      expect(page.html, `${page.file} accordion`).toContain('<details class="accordion">');
    }
  });

  it("quotes each attack's deadline word for word from its page", () => {
    const withDeadline = content.attacks.filter((attack) => attack.deadline !== undefined);
    // Every attack but Barcelona 2017 and Liège 2018, whose pages say to ask the Commission.
    expect(withDeadline.length).toBe(content.attacks.length - 8);
    for (const attack of withDeadline)
      expect(markdownOf(attack), attack.file).toContain(attack.deadline);
  });

  it('has no duplicate paths', () => {
    const paths = table.routes.map((route) => route.path);
    expect(paths.length).toBe(new Set(paths).size);
  });
});

describe('parseItem', () => {
  it('names the file and the field of bad front matter', () => {
    expect(() =>
      parseItem(
        'page',
        'content/pages/x.en.md',
        '---\ntitle: X\npath: /en/x\nupdated: 2026-01-01\n---\nBody',
      ),
    ).toThrow(/content\/pages\/x\.en\.md:[\s\S]*summary/);
  });

  it('refuses a path in another language or outside its section', () => {
    expect(() =>
      parseItem(
        'page',
        'p/x.nl.md',
        '---\ntitle: X\npath: /en/x\nsummary: S\nupdated: 2026-01-01\n---\n',
      ),
    ).toThrow('p/x.nl.md: path /en/x must start with /nl');
    expect(() =>
      parseItem(
        'news',
        'n/x.en.md',
        '---\ntitle: X\npath: /en/x\nsummary: S\nupdated: 2026-01-01\ndate: 2026-01-01\ntopics: [remembrance]\nsource: fps-justice\n---\n',
      ),
    ).toThrow('n/x.en.md: path /en/x must start with /en/news/');
  });

  it('refuses an event without place or online link, and one that ends before it starts', () => {
    const event = (extra: string) =>
      `---\ntitle: E\npath: /en/agenda/e\nsummary: S\nupdated: 2026-01-01\nstart: 2027-03-11\ntopics: [remembrance]\n${extra}---\n`;
    expect(() => parseItem('event', 'e/e.en.md', event(''))).toThrow(
      /needs a place, online, or both/,
    );
    expect(() => parseItem('event', 'e/e.en.md', event('online: true\nend: 2027-03-10\n'))).toThrow(
      /end must not be before start/,
    );
    expect(parseItem('event', 'e/e.en.md', event('online: true\n')).online).toBe(true);
    // The link, when there is one, is what the site shows; `online: false` is not online.
    expect(
      parseItem('event', 'e/e.en.md', event('online: true\nonlineLink: https://example.org/j\n'))
        .online,
    ).toBe('https://example.org/j');
    expect(() => parseItem('event', 'e/e.en.md', event('online: false\n'))).toThrow(
      /needs a place, online, or both/,
    );
    expect(() =>
      parseItem('event', 'e/e.en.md', event('onlineLink: http://example.org/j\n')),
    ).toThrow(/onlineLink/);
  });

  it('renders callouts and accordions with the translated "view more" label', () => {
    const page = parseItem(
      'page',
      'p/x.de.md',
      '---\ntitle: X\npath: /de/x\nsummary: S\nupdated: 2026-01-01\n---\n:::accordion Wer kann helfen?\nText\n:::\n',
    );
    expect(page.html).toContain('<span class="accordion__title">Wer kann helfen?</span>');
    expect(page.html).toContain(
      '<span class="accordion__hint" aria-hidden="true">mehr anzeigen</span>',
    );
  });

  it('renders a checklist: each list item a labelled checkbox, the texts in the language', () => {
    const page = parseItem(
      'page',
      'p/x.nl.md',
      '---\ntitle: X\npath: /nl/x\nsummary: S\nupdated: 2026-01-01\n---\n:::checklist Welke documenten?\nKopieën volstaan.\n\n- uw **identiteitskaart**;\n- een [attest](/nl/eerste-stappen).\n:::\n',
    );
    expect(page.html).toBe(
      '<fieldset class="checklist" data-checklist="checklist-1"><legend class="checklist__legend"><h2 class="checklist__title">Welke documenten?</h2></legend><p>Kopieën volstaan.</p>\n' +
        '<ul class="checklist__items"><li><label class="checklist__item"><input type="checkbox" class="checklist__box"> <span>uw <strong>identiteitskaart</strong>;</span></label></li>' +
        '<li><label class="checklist__item"><input type="checkbox" class="checklist__box"> <span>een <a href="/nl/eerste-stappen">attest</a>.</span></label></li></ul>' +
        '<p class="checklist__note">Vink aan wat u al hebt. Uw vinkjes blijven alleen op dit toestel, 24 uur na uw laatste wijziging.</p>' +
        '<p class="checklist__actions"><button type="button" class="checklist__delete">Mijn vinkjes wissen</button></p><p class="checklist__status" role="status"></p></fieldset>\n',
    );
  });
});
