// The statistics' code loads only when it has something to do (issue 48): the reader allowed
// statistics, or Matomo's cookies are left to delete; not before a choice, nor after a no.
import { expect, it } from 'vitest';
import { statisticsNeeded } from './useAnalytics.ts';

const consent = (analytics: boolean) =>
  `guichet_consent=${encodeURIComponent(JSON.stringify({ version: '2026-11-23', date: '2026-11-27T08:00:00.000Z', analytics }))}`;

it('is needed when the consent cookie allows statistics', () => {
  expect(statisticsNeeded(`theme=dark; ${consent(true)}`)).toBe(true);
});

it('is not needed without a choice, or when statistics were refused', () => {
  expect(statisticsNeeded('')).toBe(false);
  expect(statisticsNeeded('theme=dark')).toBe(false);
  expect(statisticsNeeded(consent(false))).toBe(false);
  // A value that does not decode, or another cookie that merely says so, does not count.
  expect(statisticsNeeded('guichet_consent=%E0%A4%A')).toBe(false);
  expect(statisticsNeeded(`other=${encodeURIComponent('{"analytics":true}')}`)).toBe(false);
});

it('is needed when Matomo cookies are left, to delete them', () => {
  expect(statisticsNeeded(`${consent(false)}; _pk_id.1.abcd=1234`)).toBe(true);
  expect(statisticsNeeded('mtm_consent=1')).toBe(true);
});
