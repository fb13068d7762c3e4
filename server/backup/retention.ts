// Which nightly backups to keep in a folder: the newest of each of the last 7 days that have one,
// and the newest of each of the last 4 weeks (ISO weeks, Monday first) that have one; the rest
// are deleted by `npm run backup -- --dir DIR` after a successful backup.
export const BACKUP_NAME = /^guichet-(\d{4}-\d{2}-\d{2})T(\d{6})Z\.age$/;

/** The name of a backup made at `at`: guichet-2026-11-26T030000Z.age. */
export const backupName = (at: Date): string =>
  `guichet-${at.toISOString().slice(0, 19).replaceAll(':', '')}Z.age`;

/** Monday of the ISO week of `day` (YYYY-MM-DD). */
function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** The backups of `names` to delete, keeping `daily` days and `weekly` weeks. */
export function backupsToDelete(names: readonly string[], daily = 7, weekly = 4): string[] {
  const backups = names
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse();
  const keep = new Set<string>();
  const newestOf = (key: (name: string) => string, count: number) => {
    const seen = new Set<string>();
    for (const name of backups) {
      const period = key(name);
      if (seen.has(period)) continue;
      if (seen.size === count) break;
      seen.add(period);
      keep.add(name);
    }
  };
  const day = (name: string) => BACKUP_NAME.exec(name)?.[1] ?? '';
  newestOf(day, daily);
  newestOf((name) => weekOf(day(name)), weekly);
  return backups.filter((name) => !keep.has(name)).sort();
}
