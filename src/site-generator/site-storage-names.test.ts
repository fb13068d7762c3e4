// Every key and cookie this site writes carries SITE_KEY_PREFIX (src/runtime/site-storage.ts), so
// that "Leave this site" removes it: the stored names, and a check that each module which writes
// to storage or cookies names its keys from site-storage.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE } from '../components/consent/consent-store.ts';
import { draftKey } from '../components/form/draft.ts';
import { SITE_KEY_PREFIX } from '../runtime/site-storage.ts';

const SRC = join(import.meta.dirname, '..');

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe('what the site stores', () => {
  it('is named with the site prefix', () => {
    expect(draftKey('contact').startsWith(SITE_KEY_PREFIX)).toBe(true);
    expect(CONSENT_COOKIE.startsWith(SITE_KEY_PREFIX)).toBe(true);
  });

  it('is written only by modules that name their keys from site-storage.ts', () => {
    const writes = /(?:localStorage|sessionStorage)\.setItem\(|document\.cookie\s*=[^=]/;
    const unnamed = sources(SRC)
      .filter((file) => writes.test(readFileSync(file, 'utf8')))
      .filter((file) => !/SITE_KEY_PREFIX|site-storage\.ts/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(unnamed).toEqual([]);
  });
});
