// The files beside the pages: an RSS feed of the news per language, an iCalendar file per event
// and an iCalendar feed of every event per language. Event times are Brussels wall-clock times,
// written with TZID=Europe/Brussels and its VTIMEZONE, so calendars show them right anywhere.
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, type ICalCalendar } from 'ical-generator';
import type { SiteContent } from '../content/load-content.ts';
import type { EventItem } from '../content/items.ts';
import { escapeHtml as escapeXml } from '../content/escape-html.ts';
import { addDays, BRUSSELS, withBrusselsOffset } from '../i18n/brussels-time.ts';
import { catalogs } from '../i18n/catalogs.ts';
import { LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';
import { createTranslator } from '../i18n/translate.ts';
import { agendaCalendarPath, eventCalendarPath, newsFeedPath } from '../routes/feed-paths.ts';
import type { RouteEntry } from '../routes/route-table.ts';
import { writeCompressed } from './precompress.ts';

export interface FeedItem {
  title: string;
  url: string;
  summary: string;
  /** YYYY-MM-DD */
  date: string;
  categories: string[];
}

/** The RFC 822 date of a Brussels calendar day's start, as RSS wants it. */
const rssDate = (date: string) => new Date(withBrusselsOffset(`${date}T00:00`)).toUTCString();

/** An RSS 2.0 feed (newest item first, as given). */
export function renderNewsFeed(channel: {
  title: string;
  description: string;
  /** The news page. */
  link: string;
  /** The feed's own URL. */
  self: string;
  /** BCP 47 language tag. */
  language: string;
  items: FeedItem[];
}): string {
  const items = channel.items.map((item) =>
    [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(item.url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(item.url)}</guid>`,
      `      <description>${escapeXml(item.summary)}</description>`,
      `      <pubDate>${rssDate(item.date)}</pubDate>`,
      ...item.categories.map((category) => `      <category>${escapeXml(category)}</category>`),
      '    </item>',
    ].join('\n'),
  );
  const newest = channel.items[0];
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(channel.title)}</title>
    <link>${escapeXml(channel.link)}</link>
    <description>${escapeXml(channel.description)}</description>
    <language>${escapeXml(channel.language)}</language>
    <atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>
${newest ? `    <lastBuildDate>${rssDate(newest.date)}</lastBuildDate>\n` : ''}${items.join('\n')}${items.length > 0 ? '\n' : ''}  </channel>
</rss>
`;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/**
 * A Brussels wall-clock value as the Date ical-generator formats with TZID: it writes the local
 * fields of the Date, so they must hold the wall-clock time.
 */
function wallClockDate(value: string, file: string): Date {
  const match = WALL_CLOCK.exec(value);
  if (!match) throw new Error(`${file}: not a content date: ${value}`);
  const [year, month, day, hours, minutes] = (match.slice(1) as (string | undefined)[]).map(
    (part) => Number(part ?? 0),
  ) as [number, number, number, number, number];
  const date = new Date(year, month - 1, day, hours, minutes);
  if (date.getHours() !== hours || date.getMinutes() !== minutes) {
    // Only when the build machine's own time zone skips this hour (a DST change).
    throw new Error(`${file}: ${value} does not exist in the build's time zone; build with TZ=UTC`);
  }
  return date;
}

export interface CalendarEvent {
  item: EventItem;
  url: string;
  /** The host of the site, for globally unique UIDs. */
  host: string;
  onlineLabel: string;
}

/** How long a timed event without an end lasts in calendars (content/CONTENT-FORMAT.md). */
const DEFAULT_EVENT_HOURS = 1;

/** A wall-clock time plus whole hours, as a wall-clock time (YYYY-MM-DDTHH:MM). */
function addHours(value: string, hours: number): string {
  return new Date(Date.parse(`${value}:00Z`) + hours * 3_600_000).toISOString().slice(0, 16);
}

function addEvent(calendar: ICalCalendar, { item, url, host, onlineLabel }: CalendarEvent) {
  const allDay = !item.start.includes('T');
  const file = item.file;
  // iCalendar ends are exclusive: an event that ends on a day ends at the start of the next.
  // A timed event without an end gets one, so that calendars do not show it as a moment of
  // zero length (RFC 5545 §3.6.1).
  const end = !item.end
    ? allDay
      ? undefined
      : wallClockDate(addHours(item.start, DEFAULT_EVENT_HOURS), file)
    : allDay || !item.end.includes('T')
      ? wallClockDate(addDays(item.end.slice(0, 10), 1), file)
      : wallClockDate(item.end, file);
  const location =
    item.place ?? (typeof item.online === 'string' ? item.online : item.online ? onlineLabel : '');
  calendar.createEvent({
    id: `${item.translationKey}.${item.lang}@${host}`,
    start: wallClockDate(item.start, file),
    ...(end ? { end } : {}),
    allDay,
    // With a time zone, ical-generator writes the Date's local fields (dates of all-day events
    // too): see wallClockDate.
    timezone: BRUSSELS,
    // The last change of the content: the same file for the same content.
    stamp: new Date(`${item.updated}T00:00:00Z`),
    summary: item.title,
    description: `${item.summary}\n\n${url}`,
    url,
    ...(location ? { location } : {}),
  });
}

/** An iCalendar file with the given events, times in Europe/Brussels. */
export function renderCalendar(options: {
  name?: string;
  language: LocaleId;
  events: CalendarEvent[];
}): string {
  const calendar = ical({
    prodId: {
      company: 'guichet',
      product: 'victims-of-terrorism',
      language: options.language.toUpperCase(),
    },
    method: ICalCalendarMethod.PUBLISH,
    ...(options.name ? { name: options.name } : {}),
  });
  calendar.x([{ key: 'X-WR-TIMEZONE', value: BRUSSELS }]);
  for (const event of options.events) addEvent(calendar, event);
  // Every content line ends with CRLF, the last one too (RFC 5545 §3.1).
  const text = `${calendar.toString().replace(/\r\n$/, '')}\r\n`;
  if (!options.events.some((event) => event.item.start.includes('T'))) return text;
  // ical-generator adds VTIMEZONE only with a calendar-wide time zone, which would also write
  // DTSTAMP in local time (RFC 5545 wants UTC): add the Brussels definition here instead.
  const vtimezone = getVtimezoneComponent(BRUSSELS);
  if (!vtimezone) throw new Error(`no VTIMEZONE for ${BRUSSELS}`);
  const block = `${vtimezone.replace(/\r?\n/g, '\r\n').trimEnd()}\r\n`;
  return text.replace('BEGIN:VEVENT', `${block}BEGIN:VEVENT`);
}

/** Writes the news feeds and the calendars of every language into outDir. */
export function writeFeeds(outDir: string, content: SiteContent, routes: RouteEntry[]): void {
  const { site } = content;
  for (const language of LOCALE_IDS) {
    const origin = site.domains[language];
    const host = new URL(origin).hostname;
    const t = createTranslator(language, catalogs[language]);
    const hreflang = site.locales.find((locale) => locale.id === language)?.hreflang ?? language;
    const newsPage = routes.find(
      (route) =>
        route.pageContext.language === language &&
        route.data.template === 'newsfeed' &&
        route.data.listingInfo.kind === 'news' &&
        route.data.listingInfo.pageNumber === 1,
    );
    const listing = newsPage?.data.template === 'newsfeed' ? newsPage.data.listing : [];
    writeCompressed(
      outDir,
      newsFeedPath(language),
      renderNewsFeed({
        title: t('feed.newsTitle', { site: site.siteName[language] }),
        description: newsPage?.data.description ?? site.siteName[language],
        link: `${origin}${newsPage?.path ?? `/${language}`}`,
        self: `${origin}${newsFeedPath(language)}`,
        language: hreflang,
        items: listing.map((item) => ({
          title: item.title,
          url: `${origin}${item.path}`,
          summary: item.summary,
          date: item.date.slice(0, 10),
          categories: item.topics.map((topic) => topic.label),
        })),
      }),
    );

    const events = content.events
      .filter((item) => item.lang === language)
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((item) => ({
        item,
        url: `${origin}${item.path}`,
        host,
        onlineLabel: t('article.online'),
      }));
    for (const event of events) {
      writeCompressed(
        outDir,
        eventCalendarPath(event.item.path),
        renderCalendar({ language, events: [event] }),
      );
    }
    writeCompressed(
      outDir,
      agendaCalendarPath(language),
      renderCalendar({
        name: t('feed.calendarTitle', { site: site.siteName[language] }),
        language,
        events,
      }),
    );
  }
}
