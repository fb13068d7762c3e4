// Chrome data for component tests: a language's real catalog, its locales row and plain menus,
// as the build would write them, without loading the content folder.
import { catalogs, compileCatalog } from '../../i18n/catalogs.ts';
import { LOCALE_IDS, type LocaleId } from '../../i18n/locales.ts';
import type { StaticQueryData } from '../../routes/page-data.ts';

/** The static-query data of `language` with one menu group and no analytics. */
export function testChrome(language: LocaleId): StaticQueryData {
  return {
    language,
    siteName: `Site (${language})`,
    administrationName: `Administration (${language})`,
    year: 2026,
    locales: LOCALE_IDS.map((id) => ({
      id,
      name: id,
      transName: id.toUpperCase(),
      iso: id,
      path: `/${id}`,
      flag: 'be',
      hreflang: id,
    })),
    messages: compileCatalog(catalogs[language]),
    menus: {
      main: [
        {
          label: 'Guides',
          items: [{ title: 'First steps', path: `/${language}/first-steps`, summary: '' }],
        },
      ],
      footer: [],
    },
    social: {},
    contact: {
      name: 'Central desk',
      email: 'desk@example.org',
      phones: [],
      emergency: '112',
      path: `/${language}/contacts`,
      answerTime: 'as soon as possible, usually within a few working days',
      followUpPath: `/${language}/follow-up`,
    },
    leaveSite: {
      url: 'https://www.meteo.be/',
      safety: { title: 'Staying safe online', path: `/${language}/staying-safe`, summary: '' },
    },
    analytics: null,
  };
}
