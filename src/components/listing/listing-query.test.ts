import { describe, expect, it } from 'vitest';
import type { ListingItem } from '../../routes/page-data.ts';
import {
  draftFromQuery,
  filterItems,
  isFiltered,
  NO_FILTER,
  periodOf,
  queryOf,
  validateDraft,
  type FilterDraft,
} from './listing-query.ts';

const OPTIONS = { topics: ['remembrance', 'financial-aid'], sources: ['fps-justice'] };
const DRAFT: FilterDraft = { ...NO_FILTER };
const TODAY = '2026-11-18';

const item = (title: string, date: string, extra: Partial<ListingItem> = {}): ListingItem => ({
  kind: 'news',
  title,
  path: `/en/news/${title}`,
  summary: `About ${title}`,
  date,
  online: false,
  topics: [{ id: 'remembrance', label: 'Remembrance' }],
  source: { id: 'fps-justice', label: 'FPS Justice' },
  ...extra,
});

describe('validateDraft', () => {
  it('accepts the defaults as "no filter"', () => {
    expect(validateDraft(DRAFT, OPTIONS)).toEqual({ filter: NO_FILTER, errors: {} });
  });

  it('asks for an option when topic, source or date is empty or unknown', () => {
    const { errors, filter } = validateDraft(
      { ...DRAFT, topic: '', source: 'nobody', date: '' },
      OPTIONS,
    );
    expect(errors).toEqual({
      topic: 'filters.required',
      source: 'filters.required',
      date: 'filters.required',
    });
    expect(filter).toEqual(NO_FILTER);
  });

  it('asks for both dates of a specific period', () => {
    expect(validateDraft({ ...DRAFT, date: 'specific' }, OPTIONS).errors).toEqual({
      start: 'filters.dateRequired',
      end: 'filters.dateRequired',
    });
  });

  it('refuses dates that do not exist and an end before the start', () => {
    expect(
      validateDraft({ ...DRAFT, date: 'specific', start: '31/02/2026', end: '01/03/2026' }, OPTIONS)
        .errors,
    ).toEqual({ start: 'filters.dateInvalid' });
    expect(
      validateDraft({ ...DRAFT, date: 'specific', start: '10/03/2026', end: '09/03/2026' }, OPTIONS)
        .errors,
    ).toEqual({ end: 'filters.endBeforeStart' });
  });

  it('turns typed dates into a period, the same day allowed at both ends', () => {
    const { filter, errors } = validateDraft(
      { ...DRAFT, keyword: '  aid ', date: 'specific', start: '9/3/2026', end: '09/03/2026' },
      OPTIONS,
    );
    expect(errors).toEqual({});
    expect(filter).toEqual({
      ...NO_FILTER,
      keyword: 'aid',
      date: 'specific',
      start: '2026-03-09',
      end: '2026-03-09',
    });
  });
});

describe('the URL query', () => {
  it('round-trips a filter and leaves defaults out', () => {
    const filter = {
      keyword: 'aide financière',
      topic: 'remembrance',
      source: 'fps-justice',
      date: 'specific' as const,
      start: '2026-03-01',
      end: '2026-03-31',
    };
    const query = queryOf(filter, 2);
    expect(query).toBe(
      '?q=aide+financi%C3%A8re&topic=remembrance&source=fps-justice&date=specific&start=2026-03-01&end=2026-03-31&page=2',
    );
    const draft = draftFromQuery(new URLSearchParams(query));
    expect(draft.start).toBe('01/03/2026');
    expect(validateDraft(draft, OPTIONS).filter).toEqual(filter);
    expect(queryOf(NO_FILTER)).toBe('');
  });

  it('reads dates the form sent before its script ran (dd/mm/yyyy)', () => {
    const draft = draftFromQuery(
      new URLSearchParams('date=specific&start=01%2F03%2F2026&end=31%2F03%2F2026'),
    );
    expect(validateDraft(draft, OPTIONS).filter).toMatchObject({
      start: '2026-03-01',
      end: '2026-03-31',
    });
  });

  it('marks an unknown date option as missing', () => {
    expect(draftFromQuery(new URLSearchParams('date=yesterday')).date).toBe('');
  });
});

describe('periods on Wednesday 18 November 2026', () => {
  const period = (date: FilterDraft['date']) =>
    periodOf(validateDraft({ ...DRAFT, date }, OPTIONS).filter, TODAY);

  it.each([
    ['all', null],
    ['today', { from: '2026-11-18', to: '2026-11-18' }],
    ['past-week', { from: '2026-11-12', to: '2026-11-18' }],
    ['current-week', { from: '2026-11-16', to: '2026-11-22' }],
    ['last-3-months', { from: '2026-08-18', to: '2026-11-18' }],
    ['last-6-months', { from: '2026-05-18', to: '2026-11-18' }],
    ['last-year', { from: '2025-11-18', to: '2026-11-18' }],
  ] as const)('%s is %j', (date, expected) => {
    expect(period(date)).toEqual(expected);
  });
});

describe('filterItems', () => {
  const items = [
    item('today', '2026-11-18'),
    item('aid', '2026-11-11', {
      topics: [{ id: 'financial-aid', label: 'Aide financière' }],
      source: { id: 'fps-justice', label: 'SPF Justice' },
    }),
    item('old', '2025-01-01', { source: { id: 'medex', label: 'Medex' } }),
  ];
  const titles = (draft: Partial<FilterDraft>) =>
    filterItems(
      items,
      validateDraft({ ...DRAFT, ...draft }, { ...OPTIONS, sources: ['fps-justice', 'medex'] })
        .filter,
      TODAY,
    ).map((found) => found.title);

  it('filters by topic, source and date, keeping the order', () => {
    expect(titles({})).toEqual(['today', 'aid', 'old']);
    expect(titles({ topic: 'remembrance' })).toEqual(['today', 'old']);
    expect(titles({ source: 'medex' })).toEqual(['old']);
    expect(titles({ date: 'past-week' })).toEqual(['today']);
    expect(titles({ date: 'specific', start: '11/11/2026', end: '18/11/2026' })).toEqual([
      'today',
      'aid',
    ]);
  });

  it('finds every keyword in title, summary, topics or source, ignoring case and accents', () => {
    expect(titles({ keyword: 'AIDE financiere' })).toEqual(['aid']);
    expect(titles({ keyword: 'about old' })).toEqual(['old']);
    expect(titles({ keyword: 'about nothing' })).toEqual([]);
  });

  it('counts an event that runs into the period', () => {
    const event = item('workshop', '2026-11-10', { kind: 'event', end: '2026-11-18T12:00' });
    const filter = validateDraft({ ...DRAFT, date: 'today' }, OPTIONS).filter;
    expect(filterItems([event], filter, TODAY)).toEqual([event]);
    expect(isFiltered(filter)).toBe(true);
    expect(isFiltered(NO_FILTER)).toBe(false);
  });
});
