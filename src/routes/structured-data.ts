// schema.org JSON-LD for articles and events (NewsArticle, Article, Event), so that search
// engines show dates, places and the publisher. The news template writes it into the page.
import { withBrusselsOffset } from '../i18n/brussels-time.ts';

interface Publisher {
  name: string;
  url: string;
}

interface Common {
  url: string;
  title: string;
  summary: string;
  updated: string;
  /** The page's language, as its <html lang> says (nl, fr, de, en). */
  language: string;
  topics: string[];
  publisher: Publisher;
}

const organization = (publisher: Publisher) => ({
  '@type': 'GovernmentOrganization',
  name: publisher.name,
  url: publisher.url,
});

/**
 * A place as schema.org wants it. The content writes a place as words ("where, town"): the last
 * part after a comma is the town, the rest the street or site; a known country is added.
 */
export function placeOf(place: string, country?: string): Record<string, unknown> {
  const parts = place.split(',').map((part) => part.trim());
  const locality = parts.pop() ?? place;
  return {
    '@type': 'Place',
    name: place,
    address: {
      '@type': 'PostalAddress',
      ...(parts.length > 0 ? { streetAddress: parts.join(', ') } : {}),
      addressLocality: locality,
      ...(country ? { addressCountry: country } : {}),
    },
  };
}

/**
 * NewsArticle (news, published on `date`) or Article (a recognised attack's page: `attack` is
 * the attack itself, which the page is about; the page has no publication date of its own).
 */
export function articleStructuredData(
  options: Common & {
    type: 'NewsArticle' | 'Article';
    date?: string;
    attack?: { date: string; place?: string; country: string };
    source?: { name: string; url: string };
  },
): Record<string, unknown> {
  const { attack } = options;
  return {
    '@context': 'https://schema.org',
    '@type': options.type,
    headline: options.title,
    description: options.summary,
    ...(options.date ? { datePublished: options.date } : {}),
    dateModified: options.updated,
    ...(attack
      ? {
          about: {
            '@type': 'Event',
            name: options.title,
            startDate: attack.date,
            location: attack.place
              ? placeOf(attack.place, attack.country)
              : { '@type': 'Country', name: attack.country },
          },
        }
      : {}),
    inLanguage: options.language,
    url: options.url,
    mainEntityOfPage: options.url,
    keywords: options.topics,
    publisher: organization(options.publisher),
    author: options.source
      ? { '@type': 'Organization', name: options.source.name, url: options.source.url }
      : organization(options.publisher),
  };
}

/** Event, with Brussels times as ISO 8601 with their offset. */
export function eventStructuredData(
  options: Common & {
    start: string;
    end?: string;
    place?: string;
    online?: true | string;
  },
): Record<string, unknown> {
  const physical = options.place ? placeOf(options.place) : undefined;
  // Online without a confirmed link: the way to join is not known, so no URL (the event's own
  // page is not where it happens).
  const virtual = options.online
    ? {
        '@type': 'VirtualLocation',
        ...(options.online === true ? {} : { url: options.online }),
      }
    : undefined;
  const locations = [physical, virtual].filter((location) => location !== undefined);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: options.title,
    description: options.summary,
    startDate: withBrusselsOffset(options.start),
    ...(options.end ? { endDate: withBrusselsOffset(options.end) } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: `https://schema.org/${
      physical && virtual ? 'Mixed' : virtual ? 'Online' : 'Offline'
    }EventAttendanceMode`,
    location: locations.length === 1 ? locations[0] : locations,
    inLanguage: options.language,
    url: options.url,
    keywords: options.topics,
    organizer: organization(options.publisher),
  };
}
