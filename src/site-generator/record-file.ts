// Cache files made of records: each record is its length (4 bytes) then its bytes. They are
// written one record at a time (a 16,000-page site's parsed content is 130 MB: nothing is held
// but the record being written) and read back as views into the file's bytes (nothing copied).
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { finished } from 'node:stream/promises';

const LENGTH_BYTES = 4;

/** The records of a file's bytes, as views into them. */
export function readRecords(data: Buffer): Buffer[] {
  const records: Buffer[] = [];
  for (let at = 0; at < data.length;) {
    const start = at + LENGTH_BYTES;
    const end = start + data.readUInt32LE(at);
    records.push(data.subarray(start, end));
    at = end;
  }
  return records;
}

export interface RecordWriter {
  /** Adds a record (waits only when the disk is behind). */
  write: (record: Uint8Array) => Promise<void>;
  /** Ends the file and puts it in place of the last one. */
  close: () => Promise<void>;
}

/**
 * Starts writing `file` record by record, beside it: it replaces `file` only when closed, so a
 * build that stops half-way leaves the last complete one.
 */
export async function writeRecords(file: string): Promise<RecordWriter> {
  await mkdir(dirname(file), { recursive: true });
  const out = createWriteStream(`${file}.new`);
  return {
    write: async (record) => {
      const length = Buffer.alloc(LENGTH_BYTES);
      length.writeUInt32LE(record.length);
      out.write(length);
      if (!out.write(record)) await once(out, 'drain');
    },
    close: async () => {
      out.end();
      await finished(out);
      await rename(`${file}.new`, file);
    },
  };
}
