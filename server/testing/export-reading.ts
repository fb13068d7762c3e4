// Reading what the back office exports, for tests: its CSV (every cell quoted, ";") and its
// ZIP of attachments (entry names and texts, in order).
import { text } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';

/** The rows of an RFC 4180 CSV with ";" whose every cell is quoted (as the export writes). */
export function parseCsv(text: string): string[][] {
  if (!text.startsWith('\ufeff')) throw new Error('The CSV does not start with a byte order mark');
  const rows: string[][] = [[]];
  const cell = /"((?:[^"]|"")*)"(;|\r\n)/y;
  let end = 1;
  cell.lastIndex = end;
  for (let match = cell.exec(text); match; match = cell.exec(text)) {
    rows.at(-1)?.push((match[1] ?? '').replaceAll('""', '"'));
    if (match[2] === '\r\n') rows.push([]);
    end = cell.lastIndex;
  }
  if (end !== text.length) throw new Error(`The CSV is not all quoted cells after ${String(end)}`);
  return rows.slice(0, -1);
}

/** The entries of a ZIP, in order: name and text. */
export async function unzip(bytes: Buffer): Promise<[string, string][]> {
  const zip = await new Promise<ZipFile>((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error, opened) => {
      if (error) reject(error);
      else resolve(opened);
    });
  });
  const openEntry = promisify(zip.openReadStream.bind(zip));
  const entries: [string, string][] = [];
  for (;;) {
    const next = new Promise<Entry | null>((resolve, reject) => {
      zip.once('entry', resolve);
      zip.once('end', () => {
        resolve(null);
      });
      zip.once('error', reject);
    });
    zip.readEntry();
    const entry = await next;
    if (!entry) return entries;
    entries.push([entry.fileName, await text(await openEntry(entry))]);
  }
}
