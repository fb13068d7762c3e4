// deploy/nginx/site.conf writes some URL rules as regexes (nginx cannot import TypeScript):
// they must say what src/i18n/locales.ts and src/routes/url-rules.ts say, so adding a
// language or a top-level folder cannot silently miss nginx.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALE_IDS } from '../src/i18n/locales.ts';
import { FOLLOW_UP_PATHS, NON_PAGE_FOLDERS } from '../src/routes/url-rules.ts';
import { ADMIN_SECURITY_HEADERS } from './security-headers.ts';
import { HASHED_SEARCH_FILE } from './url-rules.ts';

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

  it('serves the follow-up pages of FOLLOW_UP_PATHS with Cache-Control: no-store', () => {
    const block = /location ~ \^\/\(page-data\/\)\?\(([^)]+)\)[^{]*\{([^}]*)\}/.exec(siteConf);
    expect(
      block?.[1]
        ?.split('|')
        .map((path) => `/${path}`)
        .sort(),
    ).toEqual(Object.values(FOLLOW_UP_PATHS).sort());
    expect(block?.[2]).toContain('add_header Cache-Control "no-store" always;');
    expect(block?.[2]).toContain('include security-headers.conf;');
  });

  it("answers an unknown path without a language in the default language's not-found page", () => {
    const languageMap = /map \$request_uri \$guichet_language \{[^}]*default (\w+);/.exec(siteConf);
    expect(languageMap?.[1]).toBe(DEFAULT_LOCALE);
  });

  it('gives a plain 404 in the same top-level folders as isPagePath', () => {
    const folders = /\$request_uri ~ "\^\/\(([a-z|-]+)\)/.exec(siteConf)?.[1]?.split('|');
    expect(folders?.sort()).toEqual([...NON_PAGE_FOLDERS].sort());
  });

  it("caches the same search-index files as immutable as the Node server's HASHED_SEARCH_FILE", () => {
    const block = /location ~ (\^\/pagefind\/\S+) \{\n([^}]*)\}/.exec(siteConf);
    expect(block?.[2]).toContain('add_header Cache-Control "public, max-age=31536000, immutable";');
    expect(block?.[2]).toContain('include security-headers.conf;');
    const nginxRule = new RegExp(block?.[1] ?? '$never');
    for (const uri of [
      '/pagefind/en/index/en_3662a12.pf_index',
      '/pagefind/en-2/fragment/en_152ecf8.pf_fragment',
      '/pagefind/nl/filter/nl_8a1b2c3.pf_filter',
      '/pagefind/fr/pagefind.fr_132a3a126e.pf_meta',
      '/pagefind/en/pagefind.js',
      '/pagefind/en/pagefind-entry.json',
      '/pagefind/en/wasm.en.pagefind',
      '/pagefind/en/vocabulary.json',
      '/pagefind/en/index/deeper/en_1.pf_index',
      '/pagefind/en_3662a12.pf_index',
      '/en/pagefind/en/index/en_3662a12.pf_index',
    ])
      expect(nginxRule.test(uri), uri).toBe(HASHED_SEARCH_FILE.test(uri.slice(1)));
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
