// The releases folder: the switch of `current` is atomic (a reader in another thread, reading
// through the link while it is switched hundreds of times, never misses the file nor sees a
// third version), a rollback names what it cannot do, and pruning never deletes the live one.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import {
  currentId,
  listReleases,
  servedSite,
  pruneReleases,
  releaseId,
  rollbackTarget,
  siteOf,
  switchTo,
  writeReleaseInfo,
  type ReleaseInfo,
} from './releases.ts';

const dir = mkdtempSync(join(tmpdir(), 'releases-'));

/** Writes a release of `commit` published at `at`, whose home page says `text`. */
function makeRelease(commit: string, at: string, text: string): ReleaseInfo {
  const info: ReleaseInfo = {
    id: releaseId(commit, new Date(at)),
    commit,
    branch: 'main',
    author: 'Editor One',
    date: at,
    subject: text,
    publishedAt: at,
    pages: 1,
  };
  mkdirSync(siteOf(dir, info.id), { recursive: true });
  writeFileSync(join(siteOf(dir, info.id), 'index.html'), text);
  writeFileSync(join(dir, info.id, 'release.json'), '');
  return info;
}

// Reads RELEASES_DIR/current/index.html in a loop until told to stop; posts what it saw.
const READER = `
const { readFileSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const stop = new Int32Array(workerData.stop);
const seen = new Set();
const errors = [];
let reads = 0;
parentPort.postMessage('ready');
while (Atomics.load(stop, 0) === 0) {
  try { seen.add(readFileSync(workerData.file, 'utf8')); reads++; }
  catch (error) { errors.push(error.code); }
}
parentPort.postMessage({ seen: [...seen].sort(), errors, reads });
`;

describe('the releases folder', () => {
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const a = makeRelease('a'.repeat(40), '2026-11-20T10:00:00.000Z', 'version A');
  const b = makeRelease('b'.repeat(40), '2026-11-21T10:00:00.000Z', 'version B');
  const c = makeRelease('c'.repeat(40), '2026-11-22T10:00:00.000Z', 'version C');

  it('switches current atomically: a reader never misses the page nor sees a half switch', async () => {
    await switchTo(dir, a.id);
    const stop = new SharedArrayBuffer(4);
    const reader = new Worker(READER, {
      eval: true,
      workerData: { file: join(dir, 'current', 'index.html'), stop },
    });
    const result = new Promise<{ seen: string[]; errors: string[]; reads: number }>((done) => {
      reader.on('message', (message) => {
        if (message !== 'ready') done(message as never);
      });
    });
    await new Promise((ready) => reader.once('message', ready));
    for (let switches = 0; switches < 400; switches++)
      await switchTo(dir, switches % 2 === 0 ? b.id : a.id);
    Atomics.store(new Int32Array(stop), 0, 1);
    const { seen, errors, reads } = await result;
    await reader.terminate();
    expect(errors).toEqual([]);
    expect(seen).toEqual(['version A', 'version B']);
    expect(reads).toBeGreaterThan(400);
    expect(readlinkSync(join(dir, 'current'))).toBe(join(a.id, 'site'));
    expect(await currentId(dir)).toBe(a.id);
    // No temporary link is left beside current.
    expect(readdirSync(dir).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('has the Node server serve DIST_DIR when set, else the live release, else dist/', () => {
    expect(servedSite('/srv/site', 'var/releases')).toBe('/srv/site/dist');
    expect(servedSite('/srv/site', dir)).toBe(join(dir, 'current'));
    expect(servedSite('/srv/site', dir, 'build')).toBe('/srv/site/build');
  });

  it('rolls back to the release before the live one, or to a named commit, and refuses the rest', async () => {
    for (const info of [a, b, c]) await writeReleaseInfo(dir, info);
    const releases = await listReleases(dir);
    expect(releases.map((release) => release.id)).toEqual([c.id, b.id, a.id]);
    expect(rollbackTarget(releases, c.id).id).toBe(b.id);
    expect(rollbackTarget(releases, b.id, 'ccccccc').id).toBe(c.id);
    expect(rollbackTarget(releases, c.id, a.id).id).toBe(a.id);
    expect(() => rollbackTarget(releases, c.id, 'abcdef0')).toThrow(
      'no release kept has the commit abcdef0 (npm run release -- list)',
    );
    expect(() => rollbackTarget(releases, c.id, 'aaaa')).toThrow(
      '"aaaa": give at least 7 characters of a commit',
    );
    expect(() => rollbackTarget(releases, a.id)).toThrow(
      'no release older than the live one is kept',
    );
    expect(() => rollbackTarget(releases, undefined)).toThrow(
      'no release older than the live one is kept',
    );
  });

  it('prunes the oldest releases beyond the number kept, never the live one', async () => {
    await switchTo(dir, a.id);
    expect(await pruneReleases(dir, 1)).toEqual([b.id]);
    expect((await listReleases(dir)).map((release) => release.id)).toEqual([c.id, a.id]);
    expect(existsSync(join(dir, b.id))).toBe(false);
    await switchTo(dir, c.id);
    expect(await pruneReleases(dir, 1)).toEqual([a.id]);
    expect((await listReleases(dir)).map((release) => release.id)).toEqual([c.id]);
  });
});
