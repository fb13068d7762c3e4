import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { EventItem } from '../content/items.ts';
import { renderCalendar, renderNewsFeed } from './feeds.ts';

const event = (fields: Partial<EventItem>): EventItem => ({
  kind: 'event',
  id: 'event:x.en',
  lang: 'en',
  translationKey: 'x',
  html: '',
  toc: [],
  file: 'content/events/x.en.md',
  title: 'Commemoration; 22 March',
  path: '/en/agenda/x',
  summary: 'A moment of remembrance, together.',
  updated: '2026-11-01',
  start: '2027-03-22T10:00',
  topics: ['remembrance'],
  place: 'Rue de la Loi, Brussels',
  ...fields,
});

const parse = (text: string) => new ICAL.Component(ICAL.parse(text) as unknown[]);
const calendarOf = (item: EventItem) =>
  renderCalendar({
    language: 'en',
    events: [
      { item, url: 'https://example.be/en/agenda/x', host: 'example.be', onlineLabel: 'Online' },
    ],
  });

describe('renderCalendar', () => {
  it('writes Brussels times with their time zone, so winter and summer convert right', () => {
    const winter = parse(calendarOf(event({ end: '2027-03-22T12:00' })));
    const vevent = winter.getFirstSubcomponent('vevent');
    expect(winter.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe(
      'Europe/Brussels',
    );
    ICAL.TimezoneService.register(winter.getFirstSubcomponent('vtimezone') as ICAL.Component);
    const icalEvent = new ICAL.Event(vevent as ICAL.Component);
    expect(icalEvent.summary).toBe('Commemoration; 22 March');
    expect(icalEvent.location).toBe('Rue de la Loi, Brussels');
    expect(icalEvent.startDate.toJSDate().toISOString()).toBe('2027-03-22T09:00:00.000Z');
    expect(icalEvent.endDate.toJSDate().toISOString()).toBe('2027-03-22T11:00:00.000Z');
    expect(vevent?.getFirstPropertyValue('uid')).toBe('x.en@example.be');

    const summer = new ICAL.Event(
      parse(calendarOf(event({ start: '2027-06-15T18:30' }))).getFirstSubcomponent(
        'vevent',
      ) as ICAL.Component,
    );
    expect(summer.startDate.toJSDate().toISOString()).toBe('2027-06-15T16:30:00.000Z');
  });

  it('ends the file with CRLF, like every other line (RFC 5545 §3.1)', () => {
    for (const text of [
      calendarOf(event({})),
      calendarOf(event({ start: '2027-09-11' })),
      renderCalendar({ language: 'en', events: [] }),
    ]) {
      expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    }
  });

  // Regression: commemoration-16-october-2024 starts at 10:00 and had no DTEND or DURATION.
  it('gives a timed event without an end one hour, also across midnight', () => {
    const vevent = parse(calendarOf(event({ start: '2024-10-16T10:00' }))).getFirstSubcomponent(
      'vevent',
    ) as ICAL.Component;
    expect(vevent.getFirstPropertyValue('dtend')?.toString()).toBe('2024-10-16T11:00:00');
    const late = parse(calendarOf(event({ start: '2027-12-31T23:30' }))).getFirstSubcomponent(
      'vevent',
    ) as ICAL.Component;
    expect(late.getFirstPropertyValue('dtend')?.toString()).toBe('2028-01-01T00:30:00');
  });

  it('writes a dated event as an all-day event ending after its last day', () => {
    const text = calendarOf(event({ start: '2027-09-11', end: '2027-09-12' }));
    const icalEvent = new ICAL.Event(parse(text).getFirstSubcomponent('vevent') as ICAL.Component);
    expect(icalEvent.startDate.isDate).toBe(true);
    expect(icalEvent.startDate.toString()).toBe('2027-09-11');
    expect(icalEvent.endDate.toString()).toBe('2027-09-13');
    expect(text).not.toContain('BEGIN:VTIMEZONE');
  });
});

describe('renderNewsFeed', () => {
  it('escapes text and dates items at the start of their Brussels day', () => {
    const xml = renderNewsFeed({
      title: 'News & more',
      description: 'd',
      link: 'https://example.be/en/news',
      self: 'https://example.be/en/news/rss.xml',
      language: 'en',
      items: [
        {
          title: 'A <b> c',
          url: 'https://example.be/en/news/a',
          summary: 's',
          date: '2026-02-12',
          categories: ['Aid'],
        },
      ],
    });
    expect(xml).toContain('<title>News &amp; more</title>');
    expect(xml).toContain('<title>A &lt;b&gt; c</title>');
    expect(xml).toContain('<pubDate>Wed, 11 Feb 2026 23:00:00 GMT</pubDate>');
    expect(xml.match(/<item>/g)).toHaveLength(1);
  });
});
