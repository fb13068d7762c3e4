// The follow-up page's addresses in the URL rules (no-store, never kept) are the pages' own.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_PATHS } from '../routes/url-rules.ts';

describe('FOLLOW_UP_PATHS', () => {
  it('are the paths of content/pages/follow-up.*.md', () => {
    for (const [language, path] of Object.entries(FOLLOW_UP_PATHS)) {
      const page = readFileSync(
        new URL(`../../content/pages/follow-up.${language}.md`, import.meta.url),
        'utf8',
      );
      expect(/^path: (.+)$/m.exec(page)?.[1]).toBe(path);
      expect(page).toMatch(/^followUp: true$/m);
    }
  });
});
