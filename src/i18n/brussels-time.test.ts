import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatDayMonthYear,
  isIsoDate,
  mondayOf,
  parseDayMonthYear,
  todayInBrussels,
  withBrusselsOffset,
} from './brussels-time.ts';

describe('todayInBrussels', () => {
  it('is the Brussels date, not the UTC date, around midnight in winter and summer', () => {
    expect(todayInBrussels(new Date('2026-11-17T22:59:00Z'))).toBe('2026-11-17');
    expect(todayInBrussels(new Date('2026-11-17T23:00:00Z'))).toBe('2026-11-18');
    expect(todayInBrussels(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
    expect(todayInBrussels(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });
});

describe('date arithmetic', () => {
  it('adds days across months, years and the DST change', () => {
    expect(addDays('2026-11-18', -6)).toBe('2026-11-12');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('subtracts calendar months, clamping to the last day of a shorter month', () => {
    expect(addMonths('2026-11-18', -3)).toBe('2026-08-18');
    expect(addMonths('2026-11-18', -12)).toBe('2025-11-18');
    expect(addMonths('2026-05-31', -3)).toBe('2026-02-28');
    expect(addMonths('2024-05-31', -3)).toBe('2024-02-29');
  });

  it('finds the Monday of a week (a Sunday belongs to the week before)', () => {
    expect(mondayOf('2026-11-18')).toBe('2026-11-16');
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
  });
});

describe('dd/mm/yyyy', () => {
  it('formats with leading zeros', () => {
    expect(formatDayMonthYear('2026-03-05')).toBe('05/03/2026');
  });

  it.each([
    ['05/03/2026', '2026-03-05'],
    ['5/3/2026', '2026-03-05'],
    [' 05.03.2026 ', '2026-03-05'],
    ['05-03-2026', '2026-03-05'],
    ['05032026', '2026-03-05'],
    ['29/02/2024', '2024-02-29'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseDayMonthYear(text)).toBe(iso);
  });

  it.each(['31/02/2026', '29/02/2026', '2026-03-05', '05/13/2026', '5 March 2026', ''])(
    'refuses %j',
    (text) => {
      expect(parseDayMonthYear(text)).toBeNull();
    },
  );

  it('checks ISO dates for real days', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
  });
});

describe('withBrusselsOffset', () => {
  it('gives winter times +01:00 and summer times +02:00, and leaves dates alone', () => {
    expect(withBrusselsOffset('2027-03-22T10:00')).toBe('2027-03-22T10:00:00+01:00');
    expect(withBrusselsOffset('2027-06-15T18:30')).toBe('2027-06-15T18:30:00+02:00');
    expect(withBrusselsOffset('2026-10-25T01:30')).toBe('2026-10-25T01:30:00+02:00');
    expect(withBrusselsOffset('2026-10-25T04:00')).toBe('2026-10-25T04:00:00+01:00');
    expect(withBrusselsOffset('2027-09-11')).toBe('2027-09-11');
  });
});
