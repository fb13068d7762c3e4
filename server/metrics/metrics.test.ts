// The Prometheus metrics (issue #47): counted answers and submissions by outcome, the outbox
// and scheduled work read from the database at each scrape, a scrape that survives the
// database going away, the metrics on their own internal port only, and `npm run serve` saying
// where everything is without Node's experimental warning.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS } from '../forms/mailer.ts';
import { recordJobSuccess } from '../storage/job-runs.ts';
import {
  contactValues,
  createTestApp,
  proofOfWork,
  ROOT,
  type TestApp,
} from '../testing/forms-app.ts';
import { freePort } from '../testing/free-port.ts';
import { instrument } from './instrument.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { serveMetrics } from './metrics-server.ts';

let test: TestApp;
let metrics: Metrics;
beforeAll(async () => {
  test = await createTestApp();
  metrics = createMetrics({
    storage: test.app.formsApi.storage,
    uploadDir: test.config.uploadDir,
    release: { version: '1.2.3', commit: 'abc' },
  });
  instrument(test.app, metrics, 'public');
});
afterAll(async () => {
  await test.close();
});

/** The samples of one metric as "labels value" lines, sorted. */
async function samples(name: string): Promise<string[]> {
  const metric = metrics.registry.getSingleMetric(name);
  if (!metric) return [];
  const { values } = await metric.get();
  return values.map(({ labels, value }) => `${JSON.stringify(labels)} ${String(value)}`).sort();
}

const post = async (headers: Record<string, string> = {}, proof = true) =>
  test.app.inject({
    method: 'POST',
    url: '/api/forms/contact',
    headers,
    payload: {
      lang: 'en',
      values: contactValues(),
      ...(proof ? { altcha: await proofOfWork(test.app) } : {}),
    },
  });

describe('the metrics', () => {
  it('count submissions accepted and refused by reason, and answers by route and status', async () => {
    expect((await post()).statusCode).toBe(201);
    expect((await post()).statusCode).toBe(201);
    expect((await post({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post({}, false)).statusCode).toBe(422);
    expect(await samples('guichet_form_posts_total')).toEqual([
      '{"kind":"submission","outcome":"accepted","reason":""} 2',
      '{"kind":"submission","outcome":"refused","reason":"cross_origin"} 1',
      '{"kind":"submission","outcome":"refused","reason":"rejected"} 1',
    ]);
    await test.app.inject({ method: 'GET', url: '/en/nothing/here' });
    const requests = await samples('guichet_http_requests_total');
    expect(requests).toContain(
      '{"app":"public","route":"/api/forms/:id","method":"POST","status":"201"} 2',
    );
    expect(requests).toContain(
      '{"app":"public","route":"/api/challenge","method":"GET","status":"200"} 3',
    );
    // By route pattern, never by the path a reader (or an attacker) sent.
    expect(requests.join('\n')).not.toContain('/en/nothing');
  });

  it('read the outbox, given-up notifications and the scheduled work from the database', async () => {
    const { db } = test.app.formsApi.storage;
    const submissions = await db.selectFrom('submissions').select('id').limit(2).execute();
    const [waiting, dead] = submissions.map((row) => row.id);
    const created = new Date(Date.now() - 600_000).toISOString();
    for (const [id, attempts] of [
      [waiting, 3],
      [dead, MAX_ATTEMPTS],
    ] as const) {
      await db
        .insertInto('outbox')
        .values({
          submission_id: id ?? '',
          form_id: 'contact',
          created_at: created,
          attempts,
          next_attempt_at: created,
          sent_at: null,
          last_error: 'refused',
        })
        .execute();
    }
    await recordJobSuccess(db, 'backup', new Date('2026-11-20T03:00:00Z'));
    expect(await samples('guichet_outbox_pending')).toEqual(['{} 1']);
    const [age] = await samples('guichet_outbox_oldest_age_seconds');
    expect(Number(age?.split(' ')[1])).toBeGreaterThanOrEqual(600);
    expect(Number(age?.split(' ')[1])).toBeLessThan(700);
    expect(await samples('guichet_notifications_given_up')).toEqual(['{} 1']);
    const jobs = await samples('guichet_job_last_success_timestamp_seconds');
    expect(jobs.map((line) => line.split(' ')[0])).toEqual([
      '{"job":"backup"}',
      '{"job":"retention"}',
      '{"job":"sweep"}',
    ]);
    expect(jobs[0]).toBe(`{"job":"backup"} ${String(Date.parse('2026-11-20T03:00:00Z') / 1000)}`);
    expect(await samples('guichet_ready')).toEqual(['{} 1']);
    expect(await samples('guichet_release_info')).toEqual(['{"version":"1.2.3","commit":"abc"} 1']);
    const [free] = await samples('guichet_upload_disk_free_bytes');
    expect(Number(free?.split(' ')[1])).toBeGreaterThan(0);
  });

  it('are served on their own port only, and still scraped when the database is gone', async () => {
    const port = await freePort();
    const server = await serveMetrics(metrics, port, '127.0.0.1');
    try {
      const scrape = await fetch(`http://127.0.0.1:${String(port)}/metrics`);
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await scrape.text();
      expect(text).toContain('\nguichet_ready 1\n');
      expect(text).toContain('\nnodejs_eventloop_lag_seconds ');
      expect((await fetch(`http://127.0.0.1:${String(port)}/`)).status).toBe(404);
      // The public app has no such route: /metrics is one more path of the site there.
      const publicMetrics = await test.app.inject({ method: 'GET', url: '/metrics' });
      expect(publicMetrics.statusCode).not.toBe(200);
      expect(publicMetrics.body).not.toContain('guichet_');
      await test.app.formsApi.storage.db.destroy();
      const down = await (await fetch(`http://127.0.0.1:${String(port)}/metrics`)).text();
      expect(down).toContain('\nguichet_ready 0\n');
      // prom-client writes NaN as "Nan", which Prometheus reads as NaN.
      expect(down).toContain('\nguichet_outbox_pending Nan\n');
      expect(down).toContain('\nguichet_database_latency_seconds Nan\n');
      expect(down).not.toMatch(/^guichet_job_last_success_timestamp_seconds/m);
    } finally {
      server.close();
    }
  });
});

describe('npm run serve', () => {
  it('says where the site, the back office and the metrics are, without an experimental warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guichet-serve-'));
    mkdirSync(join(dir, 'page-data'));
    writeFileSync(join(dir, 'page-data/app-data.json'), '{}');
    const [port, staffPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
    const child = spawn(process.execPath, [join(ROOT, 'server/main.ts')], {
      env: {
        ...process.env,
        DIST_DIR: dir,
        PORT: String(port),
        STAFF_PORT: String(staffPort),
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'warn',
        DATABASE_URL: `sqlite:${join(dir, 'site.db')}`,
        UPLOAD_DIR: join(dir, 'uploads'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const lines: string[] = [];
    try {
      for await (const line of createInterface({ input: child.stdout })) {
        lines.push(line);
        if (line.startsWith('Metrics')) break;
      }
      expect(lines).toEqual([
        `The site and its form API: http://localhost:${String(port)} (listening on 0.0.0.0).`,
        `The desk's back office: http://localhost:${String(staffPort)}/staff (listening on 127.0.0.1:${String(staffPort)}).`,
        `Metrics for Prometheus: http://127.0.0.1:${String(metricsPort)}/metrics (internal only).`,
      ]);
      expect((await fetch(`http://127.0.0.1:${String(metricsPort)}/metrics`)).status).toBe(200);
      expect(stderr).toBe('');
    } finally {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
