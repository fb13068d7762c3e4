// URL sections of the dated content types, per language. A news, attack or event path starts
// with its section; the news and agenda listing pages live at the section itself.
import type { LocaleId } from '../i18n/locales.ts';

export const SECTIONS = {
  news: { nl: '/nl/nieuws', fr: '/fr/actualites', de: '/de/aktuelles', en: '/en/news' },
  attack: { nl: '/nl/aanslag', fr: '/fr/attentat', de: '/de/anschlag', en: '/en/attack' },
  event: { nl: '/nl/agenda', fr: '/fr/agenda', de: '/de/veranstaltungen', en: '/en/agenda' },
} as const satisfies Record<string, Record<LocaleId, string>>;

export type SectionKind = keyof typeof SECTIONS;

/** What an item's path must start with: its language, or for dated items their section. */
export const pathPrefix = (kind: 'page' | SectionKind, lang: LocaleId): string =>
  kind === 'page' ? `/${lang}` : `${SECTIONS[kind][lang]}/`;
