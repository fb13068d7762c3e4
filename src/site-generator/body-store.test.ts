// Bodies stored aside come back as they were written, whatever their characters; a file cut
// short is an error, not a page with half a body.
import { mkdtempSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bodyFileOf, bodyReader, bodyWriter, isStoredBody } from './body-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'guichet-bodies-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the body store', () => {
  it('reads back each body a reference points to, and leaves other HTML as it is', () => {
    const writer = bodyWriter(join(dir, 'a1-0.bin'));
    const bodies = ['<p>Aide aux victimes : « premiers pas »</p>', '', '<p>Hilfe für Opfer</p>'];
    const references = bodies.map((body) => writer.store(body));
    writer.close();
    expect(references.every(isStoredBody)).toBe(true);
    expect(references.map(bodyFileOf)).toEqual(['a1-0.bin', 'a1-0.bin', 'a1-0.bin']);
    const reader = bodyReader(dir);
    expect(references.map((reference) => reader.read(reference))).toEqual(bodies);
    expect(reader.read('<p>not stored</p>')).toBe('<p>not stored</p>');
    expect(isStoredBody('<p>not stored</p>')).toBe(false);
    reader.close();
  });

  it('refuses a body its file no longer holds whole', () => {
    const file = join(dir, 'a2-0.bin');
    const writer = bodyWriter(file);
    const reference = writer.store('<p>Slachtofferhulp</p>');
    writer.close();
    truncateSync(file, 5);
    const reader = bodyReader(dir);
    expect(() => reader.read(reference)).toThrow('stored body cut short: body:a2-0.bin:0:22');
    reader.close();
  });

  it('refuses a reference that names a path rather than a file of the store', () => {
    const reader = bodyReader(dir);
    expect(() => reader.read('\u0000body:../a2-0.bin:0:5')).toThrow(
      `not a stored body's reference: "\\u0000body:../a2-0.bin:0:5"`,
    );
    reader.close();
  });
});
