// The agenda on the fixture site with the clock fixed: upcoming against past events in Brussels
// time, filters, the two empty messages, and the iCalendar files.
import ICAL from 'ical.js';
import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './helpers.ts';
import { FIXTURE_NOW, FIXTURE_ORIGIN } from './fixtures/listing-content.ts';

test.use({ baseURL: FIXTURE_ORIGIN });

const E = {
  e1: 'Remembrance ceremony March 2026',
  e2: 'Information evening 17 November',
  e3: 'Week-long support workshop',
  e4: 'Online question hour',
  e5: 'Commemoration of 22 March 2027',
  e6: 'Summer meeting of associations',
  e7: 'Day of remembrance 2027',
};

const section = (page: Page, name: string) =>
  page.getByRole('region', { name }).locator('.item-list__title');

async function openAgenda(page: Page, path: string, now = FIXTURE_NOW) {
  await page.clock.setFixedTime(new Date(now));
  await page.goto(path);
  await waitForHydration(page);
}

test('upcoming events (starting or ending today or later) come by date; past events follow, newest first', async ({
  page,
}) => {
  await openAgenda(page, '/en/agenda');
  await expect(section(page, 'Upcoming events')).toHaveText([E.e3, E.e4, E.e5, E.e6, E.e7]);
  await expect(section(page, 'Past events')).toHaveText([E.e2, E.e1]);
  await expect(page.getByTestId('listing-count')).toHaveText('');
});

test.describe('in Brussels time', () => {
  test.use({ timezoneId: 'Pacific/Honolulu' });

  test('an event of 17 November is upcoming until midnight in Brussels, then past', async ({
    page,
  }) => {
    await openAgenda(page, '/en/agenda', '2026-11-17T22:30:00Z');
    await expect(section(page, 'Upcoming events')).toContainText([E.e2]);
    await openAgenda(page, '/en/agenda', '2026-11-17T23:30:00Z');
    await expect(section(page, 'Upcoming events')).not.toContainText([E.e2]);
    await expect(section(page, 'Past events')).toHaveText([E.e2, E.e1]);
  });
});

test('the topic filter keeps upcoming and past apart and announces the count', async ({ page }) => {
  await openAgenda(page, '/en/agenda');
  await page.getByLabel('Topic').focus();
  await page.getByLabel('Topic').selectOption('remembrance');
  await expect(page.getByTestId('listing-count')).toHaveText('3 events');
  await expect(section(page, 'Upcoming events')).toHaveText([E.e5, E.e7]);
  await expect(section(page, 'Past events')).toHaveText([E.e1]);
  await expect(page.getByLabel('Topic')).toBeFocused();
});

test('date periods select the events that run on any day of the period', async ({ page }) => {
  await openAgenda(page, '/en/agenda?date=current-week');
  await expect(page.getByTestId('listing-count')).toHaveText('3 events');
  await expect(section(page, 'Upcoming events')).toHaveText([E.e3, E.e4]);
  await expect(section(page, 'Past events')).toHaveText([E.e2]);

  await openAgenda(page, '/en/agenda?date=specific&start=2027-03-22&end=2027-06-15');
  await expect(page.getByLabel('Start date', { exact: true })).toHaveValue('22/03/2027');
  await expect(section(page, 'Upcoming events')).toHaveText([E.e5, E.e6]);
  await expect(page.getByRole('region', { name: 'Past events' })).toHaveCount(0);
});

test('a filter without results says so, not that there are no upcoming events', async ({
  page,
}) => {
  await openAgenda(page, '/en/agenda?topic=remembrance&date=today');
  await expect(page.getByTestId('listing-count')).toHaveText('No events found for you query');
  await expect(page.getByText('No upcoming events')).toHaveCount(0);
  await expect(page.locator('.item-list__title')).toHaveCount(0);
});

test('an agenda without upcoming events says so and still lists the past ones', async ({
  page,
}) => {
  await openAgenda(page, '/de/veranstaltungen');
  await expect(page.getByTestId('agenda-no-upcoming')).toHaveText(
    'Keine bevorstehenden Veranstaltungen',
  );
  await expect(section(page, 'Vergangene Veranstaltungen')).toHaveText(['Gedenkfeier 2025']);
  await expect(page.getByText('Keine Veranstaltungen zu Ihrer Suche gefunden')).toHaveCount(0);
});

const parseEvents = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
};

test('an event page offers its .ics file: it parses, with Brussels start, end and time zone', async ({
  page,
  request,
}) => {
  await page.goto('/en/agenda/commemoration-22-march-2027');
  const link = page.getByRole('link', { name: 'Add to my calendar (.ics)' });
  await expect(link).toHaveAttribute('href', '/en/agenda/commemoration-22-march-2027.ics');
  await expect(link).toHaveAttribute('download', '');
  const response = await request.get('/en/agenda/commemoration-22-march-2027.ics');
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const [event, ...others] = parseEvents(await response.text());
  expect(others).toHaveLength(0);
  expect(event?.summary).toBe(E.e5);
  expect(event?.startDate.zone.tzid).toBe('Europe/Brussels');
  expect(event?.startDate.toString()).toBe('2027-03-22T10:00:00');
  expect(event?.startDate.toJSDate().toISOString()).toBe('2027-03-22T09:00:00.000Z');
  expect(event?.endDate.toJSDate().toISOString()).toBe('2027-03-22T11:00:00.000Z');

  const [summer] = parseEvents(
    await (await request.get('/en/agenda/summer-meeting-of-associations.ics')).text(),
  );
  expect(summer?.startDate.toJSDate().toISOString()).toBe('2027-06-15T16:30:00.000Z');
  const [allDay] = parseEvents(
    await (await request.get('/en/agenda/day-of-remembrance-2027.ics')).text(),
  );
  expect(allDay?.startDate.isDate).toBe(true);
  expect(allDay?.startDate.toString()).toBe('2027-09-11');
});

test('each language has a calendar feed of all its events, linked from the agenda', async ({
  page,
  request,
}) => {
  await page.goto('/en/agenda');
  await expect(page.locator('link[rel="alternate"][type="text/calendar"]')).toHaveAttribute(
    'href',
    '/en/agenda.ics',
  );
  await expect(page.getByRole('link', { name: /Subscribe to this agenda/ })).toHaveAttribute(
    'href',
    '/en/agenda.ics',
  );
  const english = parseEvents(await (await request.get('/en/agenda.ics')).text());
  expect(english.map((event) => event.summary)).toEqual([E.e1, E.e3, E.e2, E.e4, E.e5, E.e6, E.e7]);
  const german = parseEvents(await (await request.get('/de/veranstaltungen.ics')).text());
  expect(german.map((event) => event.summary)).toEqual(['Gedenkfeier 2025']);
});
