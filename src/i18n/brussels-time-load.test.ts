// Loading the Brussels date helpers costs nothing until one is called (issue 48): a date format
// with a time zone loads that zone's data, 140 ms at Lighthouse's 4x CPU slowdown, and every
// content page imports this module while few call it.
import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
});

it('makes no date format when it loads, one when first used, and keeps it', async () => {
  const made = vi.spyOn(Intl, 'DateTimeFormat');
  vi.resetModules();
  const { todayInBrussels } = await import('./brussels-time.ts');
  expect(made).toHaveBeenCalledTimes(0);
  expect(todayInBrussels(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
  expect(todayInBrussels(new Date('2026-01-01T22:30:00Z'))).toBe('2026-01-01');
  expect(made).toHaveBeenCalledTimes(1);
});
