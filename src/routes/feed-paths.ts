// Where the files beside the pages live: the news feed and the calendars of each language, and
// the prerendered pages of the news list. The route table links them; the build writes them.
import { SECTIONS } from '../content/sections.ts';
import type { LocaleId } from '../i18n/locales.ts';

/** The RSS feed of a language's news. */
export function newsFeedPath(language: LocaleId): string {
  return `${SECTIONS.news[language]}/rss.xml`;
}

/** The iCalendar feed of a language's agenda (every event). */
export function agendaCalendarPath(language: LocaleId): string {
  return `${SECTIONS.event[language]}.ics`;
}

/** The iCalendar file of one event, beside its page. */
export function eventCalendarPath(eventPath: string): string {
  return `${eventPath}.ics`;
}

// "page" in each language: /nl/nieuws/pagina/2, /de/aktuelles/seite/2.
const PAGE_SEGMENT: Record<LocaleId, string> = {
  nl: 'pagina',
  fr: 'page',
  de: 'seite',
  en: 'page',
};

/** The path of page `page` of a list whose first page is `basePath`. */
export function listPagePath(basePath: string, language: LocaleId, page: number): string {
  return page === 1 ? basePath : `${basePath}/${PAGE_SEGMENT[language]}/${page}`;
}
