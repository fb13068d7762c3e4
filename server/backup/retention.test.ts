// Which nightly backups `npm run backup -- --dir DIR` keeps: 7 daily and 4 weekly.
import { describe, expect, it } from 'vitest';
import { backupName, backupsToDelete } from './retention.ts';

describe('backupsToDelete', () => {
  it('keeps the newest of each of 7 days and of each of 4 weeks, and nothing else', () => {
    // One backup a night for 40 nights up to Thursday 2026-11-26, and a second one on the last.
    const nights = Array.from({ length: 40 }, (_, day) =>
      backupName(new Date(Date.UTC(2026, 10, 26 - day, 3, 0, 0))),
    );
    const names = [...nights, backupName(new Date(Date.UTC(2026, 10, 26, 14, 30, 5))), 'notes.txt'];
    const kept = names.filter((name) => !backupsToDelete(names).includes(name)).sort();
    expect(kept).toEqual([
      // The newest of the weeks starting 2 and 9 November (Sundays 8 and 15).
      'guichet-2026-11-08T030000Z.age',
      'guichet-2026-11-15T030000Z.age',
      // Seven days, the 16th to the 22nd being also the newest of its week.
      'guichet-2026-11-20T030000Z.age',
      'guichet-2026-11-21T030000Z.age',
      'guichet-2026-11-22T030000Z.age',
      'guichet-2026-11-23T030000Z.age',
      'guichet-2026-11-24T030000Z.age',
      'guichet-2026-11-25T030000Z.age',
      'guichet-2026-11-26T143005Z.age',
      'notes.txt',
    ]);
    expect(backupsToDelete(kept)).toEqual([]);
  });
});
