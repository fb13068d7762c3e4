// Which storage errors mean "no space left": the disk (ENOSPC, EDQUOT), SQLite's
// SQLITE_FULL, PostgreSQL's disk_full. The API answers them with 507 and a translated message,
// and the reader's draft stays on their device until there is room again.

/** True for an error that says the disk or the database is full. */
export function isStorageFull(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  // node:sqlite: errcode is SQLite's (extended) result code; its low byte 13 is SQLITE_FULL.
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number') return (errcode & 0xff) === 13;
  // pg: SQLSTATE 53100 disk_full.
  return code === '53100';
}
