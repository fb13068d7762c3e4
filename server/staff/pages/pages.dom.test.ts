// Every page of the back office rendered with fixed data (server/testing/staff-pages.ts): no
// WCAG 2.2 AA violation that axe finds in its HTML in any of the four staff languages, and in
// nl, fr and de the structure of the English page with its own texts. Each page's exact
// structure in English is held by its own test (sign-in, inbox, submission, members and
// audit.dom.test.ts). The styled pages are checked in a browser by tests/e2e/back-office.spec.ts
// (focus, contrast, 360 px).
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { outline } from '../../testing/page-outline.ts';
import { pageContext, staffPages } from '../../testing/staff-pages.ts';
import { STAFF_LANGUAGES } from '../messages.ts';
import { documentOf } from './document.ts';

const pages = staffPages('en');

/** The WCAG 2.2 AA rules, as tests/e2e/helpers.ts WCAG_22_AA. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// One document (jsdom's: a *.dom.test.ts runs in Vitest's jsdom environment), each page's
// swapped in: a new window per page would take most of the time. Colour contrast needs a
// browser's layout (the e2e test checks it).
/** The axe violations of a page's HTML as "rule: targets" lines (empty when none). */
async function axeViolations(html: string): Promise<string[]> {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.replaceChild(
    document.importNode(parsed.documentElement, true),
    document.documentElement,
  );
  const results = await axe.run(document, {
    runOnly: { type: 'tag', values: WCAG_22_AA },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

describe('axe finds no WCAG 2.2 AA violation', () => {
  it('but does find one in a page that has it (a field without a label)', async () => {
    const broken = documentOf(pageContext('en', 'agent'), 'Broken', null);
    expect(await axeViolations(broken.replace('</main>', '<input id="x"></main>'))).toEqual([
      'label: #x',
    ]);
  });

  for (const lang of STAFF_LANGUAGES) {
    describe(`in ${lang}`, () => {
      for (const [name, html] of Object.entries(staffPages(lang))) {
        it(name, async () => {
          expect(outline(html).lang).toBe(lang);
          expect(await axeViolations(html)).toEqual([]);
        });
      }
    });
  }
});

describe('each page has the structure of the English one', () => {
  /** A page's outline without its texts: the kind of each line, at its depth. */
  const shape = (html: string) =>
    outline(html).main.map((line) => /^\s*[\w[\]#-]+/.exec(line)?.[0] ?? line);
  for (const lang of STAFF_LANGUAGES.filter((id) => id !== 'en')) {
    it(`in ${lang}, with its own texts`, () => {
      const local = staffPages(lang);
      for (const [name, html] of Object.entries(pages)) {
        const localHtml = local[name] ?? '';
        expect(shape(localHtml), name).toEqual(shape(html));
        expect(outline(localHtml).title, name).not.toBe(outline(html).title);
      }
      // 21 pages rendered and outlined twice: over 5 s on the shared 2-core machine.
    }, 20_000);
  }
});
