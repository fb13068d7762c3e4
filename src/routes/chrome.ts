// The chrome of one language (site name, menus, contact, analytics, catalog): written once per
// language as a static query and shared by all its pages.
import { catalogs, compileCatalog } from '../i18n/catalogs.ts';
import { keepPhoneNumbersTogether } from '../i18n/typography.ts';
import type { LocaleId } from '../i18n/locales.ts';
import type { PageItem } from '../content/items.ts';
import type { SiteConfig } from '../content/site.ts';
import type { ContentIndex } from './content-index.ts';
import type { MenuLink, StaticQueryData } from './page-data.ts';

const linkOf = (page: PageItem): MenuLink => ({
  title: page.title,
  path: page.path,
  summary: page.summary,
});

/** The static-query data of `language`; throws when a menu or the contact names a missing page. */
export function chromeOf(index: ContentIndex, language: LocaleId): StaticQueryData {
  const { site, menus } = index.content;
  const { pageOf } = index;
  const languageNames = new Intl.DisplayNames(language, { type: 'language' });
  return {
    language,
    siteName: site.siteName[language],
    administrationName: site.administrationName[language],
    year: new Date().getFullYear(),
    locales: site.locales,
    messages: compileCatalog(catalogs[language]),
    menus: {
      main: menus.main.map((group) => ({
        label: group.label[language],
        items: group.items.map((key) => linkOf(pageOf(key, language, 'content/menus.yaml main'))),
      })),
      footer: menus.footer.map((key) => linkOf(pageOf(key, language, 'content/menus.yaml footer'))),
    },
    social: site.social,
    contact: {
      name: site.contact.name[language],
      email: site.contact.email,
      // Named at build time, so the browser's Intl data cannot change the hydrated text.
      phones: site.contact.phones.map((phone) => ({
        // No-break spaces: the number never wraps onto two lines.
        number: keepPhoneNumbersTogether(phone.number),
        international: phone.international,
        languages: new Intl.ListFormat(language, { type: 'conjunction' }).format(
          phone.languages.map((id) => languageNames.of(id) ?? id),
        ),
      })),
      emergency: site.contact.emergency,
      path: pageOf(site.contact.page, language, 'content/site.yaml contact').path,
      answerTime: site.contact.answerTime[language],
      followUpPath: pageOf(site.contact.followUpPage, language, 'content/site.yaml contact').path,
    },
    leaveSite: {
      url: site.leaveSite.url,
      safety: linkOf(pageOf(site.leaveSite.page, language, 'content/site.yaml leaveSite')),
    },
    analytics: analyticsOf(site),
  };
}

/** The statistics endpoint (its address ending with "/"), or null when the site has none. */
export function analyticsOf(site: SiteConfig): StaticQueryData['analytics'] {
  const { matomoUrl, siteId } = site.analytics;
  return matomoUrl && siteId ? { matomoUrl: matomoUrl.replace(/\/?$/, '/'), siteId } : null;
}
