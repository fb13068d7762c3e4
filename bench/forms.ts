// The form API under load: 50 concurrent clients, each submission from another reader's address,
// post contact-form submissions for 10 s (autocannon)
// to server/testing/test-server.ts on SQLite and on a throwaway PostgreSQL; prints submissions/s,
// p50/p99 latency and how many acknowledged submissions the database lacks (must be 0).
// Run alone with `node bench/forms.ts`; `npm run bench` runs it last.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Challenge } from 'altcha-lib';
import autocannon from 'autocannon';
import { solve, contactValues } from '../server/testing/forms-app.ts';
import { countRows, openStorage } from '../server/storage/database.ts';
import { startPostgres } from '../server/testing/pg-cluster.ts';

const root = resolve(import.meta.dirname, '..');
const CONNECTIONS = 50;
const SECONDS = 10;

export interface FormsBenchResult {
  database: string;
  perSecond: number;
  p50: number;
  p99: number;
  acknowledged: number;
  lost: number;
  errors: number;
}

/** Fetches and solves `count` proof-of-work challenges (each submission spends one). */
async function solvedChallenges(origin: string, count: number): Promise<string[]> {
  const solved: string[] = [];
  const batch = 100;
  for (let start = 0; start < count; start += batch) {
    const part = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, async () => {
        const response = await fetch(`${origin}/api/challenge`);
        return solve((await response.json()) as Challenge);
      }),
    );
    solved.push(...part);
  }
  return solved;
}

/** A distinct IPv4 address for the n-th submission (10.0.0.0/8). */
const readerAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** Benchmarks the API on one database URL. */
export async function benchForms(label: string, databaseUrl: string): Promise<FormsBenchResult> {
  const dir = await mkdtemp(join(tmpdir(), 'guichet-bench-forms-'));
  const child = spawn(process.execPath, [join(root, 'server/testing/test-server.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, UPLOAD_DIR: join(dir, 'uploads'), PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  const port = await new Promise<number>((done, fail) => {
    child.once('exit', () => {
      fail(new Error('the test server stopped'));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^listening on (\d+)$/.exec(line);
      if (match) done(Number(match[1]));
    });
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    // Enough solutions for 8,000 submissions/s; the solving is not part of the timing.
    const solutions = await solvedChallenges(origin, 80_000);
    let next = 0;
    const values = contactValues();
    const result = await autocannon({
      url: origin,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/forms/contact',
          headers: { 'content-type': 'application/json' },
          // Each submission from its own reader (as through nginx, X-Forwarded-For): one
          // address sending 50 at once would be one reader over the limit, not a crowd.
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': readerAddress(next) },
            body: JSON.stringify({
              lang: 'en',
              values,
              altcha: solutions[next++] ?? '',
            }),
          }),
        },
      ],
    });
    child.kill('SIGTERM');
    await exited;
    // A reused solution is refused quickly: the figures would mix in those refusals.
    if (next > solutions.length) {
      throw new Error(`the ${solutions.length} proof-of-work solutions ran out: solve more`);
    }
    const storage = await openStorage(databaseUrl, root);
    const stored = await countRows(storage.db, 'submissions');
    await storage.close();
    const acknowledged = result['2xx'];
    return {
      database: label,
      perSecond: acknowledged / SECONDS,
      p50: result.latency.p50,
      p99: result.latency.p99,
      acknowledged,
      lost: Math.max(0, acknowledged - stored),
      errors: result.non2xx + result.errors + result.timeouts,
    };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
}

/** Both databases, printed as a table. */
export async function runFormsBench(): Promise<FormsBenchResult[]> {
  const dir = await mkdtemp(join(tmpdir(), 'guichet-bench-sqlite-'));
  const results = [
    await benchForms('SQLite (WAL, synchronous=FULL)', `sqlite:${join(dir, 'site.db')}`),
  ];
  await rm(dir, { recursive: true, force: true });
  const postgres = await startPostgres();
  try {
    results.push(await benchForms('PostgreSQL (local cluster)', postgres.url));
  } finally {
    await postgres.stop();
  }
  console.log(
    `\nForm API, POST /api/forms/contact, ${CONNECTIONS} concurrent clients, ${SECONDS} s:`,
  );
  for (const row of results) {
    console.log(
      `${row.database.padEnd(32)} ${row.perSecond.toFixed(0).padStart(6)} submissions/s  p50 ${row.p50} ms  p99 ${row.p99} ms  acknowledged ${row.acknowledged}  lost ${row.lost}  errors ${row.errors}`,
    );
  }
  return results;
}

if (import.meta.main) await runFormsBench();
