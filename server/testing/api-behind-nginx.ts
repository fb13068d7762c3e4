// Several API instances behind Debian's nginx with deploy/nginx's site.conf and
// api-upstream.conf, and readers submitting the contact form through it: for the tests of
// several instances (issue #20) and the forms bench with two instances.
import type { ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Challenge } from 'altcha-lib';
import { contactValues, ROOT, solve } from './forms-app.ts';
import { freePort } from './free-port.ts';
import { nginxFolder, runNginx, siteConf } from './nginx.ts';

/**
 * nginx in `dir`, its upstream naming the instances' ports; resolves with its origin.
 * `failTimeout` replaces the example's `fail_timeout` (how long nginx leaves out an instance that
 * failed once): the tests of restarts wait that long for each restarted instance to be back.
 */
export async function startNginx(
  dir: string,
  apiPorts: readonly number[],
  failTimeout?: string,
): Promise<{ origin: string; nginx: ChildProcess }> {
  const conf = await nginxFolder(dir);
  // The example upstream's server lines, one per instance, with its settings.
  const example = await readFile(join(ROOT, 'deploy/nginx/api-upstream.conf'), 'utf8');
  const serverLine = /^ *server 127\.0\.0\.1:8080 (.*);$/m.exec(example);
  if (!serverLine) throw new Error('deploy/nginx/api-upstream.conf has no server line for 8080');
  const settings = (serverLine[1] ?? '').replace(/fail_timeout=\S+/, (setting) =>
    failTimeout ? `fail_timeout=${failTimeout}` : setting,
  );
  const upstream = `upstream guichet_api {\n${apiPorts
    .map((port) => `    server 127.0.0.1:${String(port)} ${settings};`)
    .join('\n')}\n}\n`;
  const port = await freePort();
  // Plain HTTP: what these tests and the bench measure is the instances behind it.
  const site = siteConf({
    port,
    dist: conf,
    api: 'http://guichet_api',
    accessLog: join(conf, 'access.log'),
  });
  await writeFile(join(conf, 'api-upstream.conf'), upstream);
  await writeFile(join(conf, 'site.conf'), site);
  const nginx = await runNginx(
    conf,
    ['include /etc/nginx/mime.types;', 'include api-upstream.conf;', 'include site.conf;'],
    1024,
  );
  const origin = `http://127.0.0.1:${String(port)}`;
  for (let i = 0; i < 100; i++) {
    const answer = await fetch(`${origin}/api/health`).catch(() => null);
    if (answer?.ok) return { origin, nginx };
    await sleep(50);
  }
  nginx.kill('SIGKILL');
  throw new Error('nginx did not start');
}

/** How many contact-form submissions an instance's request log says it answered 201. */
export const answeredSubmissions = (lines: readonly string[]): number =>
  lines.filter(
    (line) => line.includes('"url":"/api/forms/contact"') && line.includes('"status":201'),
  ).length;

/** Readers submitting the contact form through `origin` in a loop, until stopped. */
export class ReadersSubmitting {
  /** The references of the submissions answered 201. */
  readonly acknowledged: string[] = [];
  /** Each failed attempt: the status, or the network error's message. */
  readonly failures: string[] = [];
  #stopping = false;
  readonly #origin: string;
  readonly #loops: Promise<void>[];

  constructor(origin: string, readers: number) {
    this.#origin = origin;
    this.#loops = Array.from({ length: readers }, () => this.#loop());
  }

  async #loop(): Promise<void> {
    while (!this.#stopping) await this.#submitOnce();
  }

  async #submitOnce(): Promise<void> {
    try {
      const challenge = (await (await fetch(`${this.#origin}/api/challenge`)).json()) as Challenge;
      const response = await fetch(`${this.#origin}/api/forms/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          lang: 'en',
          values: contactValues(),
          altcha: await solve(challenge),
        }),
      });
      if (response.status === 201) {
        this.acknowledged.push(((await response.json()) as { reference: string }).reference);
      } else this.failures.push(`${String(response.status)} ${await response.text()}`);
    } catch (error) {
      this.failures.push(error instanceof Error ? error.message : String(error));
    }
  }

  /**
   * Resolves once `condition` holds (checked every 20 ms), or rejects after `ms`. A wait, not a
   * speed claim: 100 answers take about 9 s alone, and took over 20 s on a 2-core machine that
   * ran browsers beside it (each contact submission pays its follow-up code's scrypt run).
   */
  async until(condition: () => boolean, ms = 60_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`still waiting after ${String(ms)} ms`);
      await sleep(20);
    }
  }

  /** Lets each reader finish the submission it is making, then stops. */
  async stop(): Promise<void> {
    this.#stopping = true;
    await Promise.all(this.#loops);
  }
}
