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
  /** BCP 47 language tag (nl-BE, en). */
  language: string;
  topics: string[];
  publisher: Publisher;
}

const organization = (publisher: Publisher) => ({
  '@type': 'GovernmentOrganization',
  name: publisher.name,
  url: publisher.url,
});

/** NewsArticle (news) or Article (a recognised attack's page). */
export function articleStructuredData(
  options: Common & {
    type: 'NewsArticle' | 'Article';
    date: string;
    source?: { name: string; url: string };
  },
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': options.type,
    headline: options.title,
    description: options.summary,
    datePublished: options.date,
    dateModified: options.updated,
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
  const physical = options.place
    ? { '@type': 'Place', name: options.place, address: options.place }
    : undefined;
  const virtual = options.online
    ? { '@type': 'VirtualLocation', url: options.online === true ? options.url : options.online }
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
