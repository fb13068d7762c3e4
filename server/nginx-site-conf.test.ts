// deploy/nginx/site.conf writes some URL rules as regexes (nginx cannot import TypeScript):
// they must say what src/i18n/locales.ts and src/routes/url-rules.ts say, so adding a
// language or a top-level folder cannot silently miss nginx.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALE_IDS } from '../src/i18n/locales.ts';
import { NON_PAGE_FOLDERS } from '../src/routes/url-rules.ts';
import { ADMIN_SECURITY_HEADERS } from './security-headers.ts';

const siteConf = readFileSync(new URL('../deploy/nginx/site.conf', import.meta.url), 'utf8');

/** Every alternation of two-letter ids in the file, e.g. `(nl|fr|de|en)`. */
const localeAlternations = [...siteConf.matchAll(/\(((?:[a-z]{2}\|)+[a-z]{2})\)/g)].map(
  (match) => match[1],
);

describe('deploy/nginx/site.conf', () => {
  it('names the locales of LOCALE_IDS wherever it lists languages', () => {
    expect(localeAlternations.length).toBe(2);
    for (const alternation of localeAlternations) {
      expect(alternation?.split('|').sort()).toEqual([...LOCALE_IDS].sort());
    }
  });

  it("answers an unknown path without a language in the default language's not-found page", () => {
    const languageMap = /map \$request_uri \$guichet_language \{[^}]*default (\w+);/.exec(siteConf);
    expect(languageMap?.[1]).toBe(DEFAULT_LOCALE);
  });

  it('gives a plain 404 in the same top-level folders as isPagePath', () => {
    const folders = /\$request_uri ~ "\^\/\(([a-z|-]+)\)/.exec(siteConf)?.[1]?.split('|');
    expect(folders?.sort()).toEqual([...NON_PAGE_FOLDERS].sort());
  });

  it('sends at /admin the headers the Node server sends there (security-headers-admin.conf)', () => {
    expect(siteConf).toContain('location = /admin {\n        include security-headers-admin.conf;');
    expect(siteConf).toContain('location /admin/ {\n        include security-headers-admin.conf;');
    const adminConf = readFileSync(
      new URL('../deploy/nginx/security-headers-admin.conf', import.meta.url),
      'utf8',
    );
    const sent: Record<string, string> = {};
    for (const [, name = '', value = ''] of adminConf.matchAll(
      /^add_header ([\w-]+) "([^"]*)" always;$/gm,
    ))
      sent[name.toLowerCase()] = value;
    expect(sent).toEqual(ADMIN_SECURITY_HEADERS);
  });
});
