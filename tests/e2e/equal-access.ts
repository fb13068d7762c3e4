// The IBM Equal Access checker (npm accessibility-checker-engine), a second engine beside axe
// (issue 49): its WCAG 2.2 A and AA rule set, run in the page as axe is, less the one false
// positive it is known to report here (KNOWN_FALSE_POSITIVES).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const ENGINE = readFileSync(
  createRequire(import.meta.url).resolve('accessibility-checker-engine/ace.js'),
  'utf8',
);

/** The engine's rule set of WCAG 2.2 level A and AA, the scope of axe's WCAG_22_AA tags. */
const POLICY = 'WCAG_2_2';

/**
 * What it reports that is not so, by rule and element (a CSS selector). The search fields' labels
 * are visually hidden with `clip-path: inset(50%)` (.visually-hidden, base.css); the engine takes
 * a label hidden so for no label at all and reports "Form control element <input> has no
 * associated label", though Chromium names the field by it ("Search this site"), as axe and the
 * accessible-name tests of tests/e2e/search.spec.ts see.
 */
export const KNOWN_FALSE_POSITIVES = [
  { rule: 'input_label_exists', element: 'label.visually-hidden + input[type="search"]' },
] as const;

/**
 * The engine's violations on the page (its definite failures, not the "needs review" ones) but
 * those `ignored`, as "rule: path — message" lines; empty when none.
 */
export async function equalAccessViolations(
  page: Page,
  ignored: readonly { rule: string; element: string }[] = KNOWN_FALSE_POSITIVES,
): Promise<string[]> {
  return page.evaluate(
    async ([engine, policy, ignored]) => {
      const global = window as unknown as {
        ace?: {
          Checker: new () => {
            check: (
              document: Document,
              policies: string[],
            ) => Promise<{
              results: {
                ruleId: string;
                value: [string, string];
                path: { dom: string };
                message: string;
              }[];
            }>;
          };
        };
      };
      // Indirect eval: the engine defines its global `ace` as a classic script would.
      if (!global.ace) (0, eval)(engine);
      if (!global.ace) throw new Error('the Equal Access engine did not load');
      const report = await new global.ace.Checker().check(document, [policy]);
      const elementAt = (path: string) =>
        document.evaluate(path, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null)
          .singleNodeValue;
      return report.results
        .filter((result) => result.value[0] === 'VIOLATION' && result.value[1] === 'FAIL')
        .filter((result) => {
          const element = elementAt(result.path.dom);
          return !ignored.some(
            ({ rule, element: selector }) =>
              rule === result.ruleId && element instanceof Element && element.matches(selector),
          );
        })
        .map((result) => `${result.ruleId}: ${result.path.dom} — ${result.message}`);
    },
    [ENGINE, POLICY, ignored] as const,
  );
}
