// `npm run bench:publish [-- --pages N] [--runs 3]`: time to live (issue 46), from the git
// host's webhook to the new page served by the Node server, through the real publisher service
// (server/publishing/publisher-service.ts): the content of today's site plus N generated pages
// (bench/generate-content.ts) in a local bare repository, one publication from nothing, then
// `--runs` one-page changes (a sentence added to /en/first-steps), each timed and split into its
// phases (fetch, build with its own phases, gates, switch). Goals: 30 s for today's site, 60 s
// at 16,000 pages, on the 2-core machine. Prints figures; asserts nothing about time.
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { appendFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { createApp } from '../server/app.ts';
import type { ToldOutcome } from '../server/publishing/publish-and-tell.ts';
import { createPublisherService } from '../server/publishing/publisher-service.ts';
import { readEnvironment } from '../src/config/environment.ts';
import { generateContent } from './generate-content.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { pages: { type: 'string', default: '0' }, runs: { type: 'string', default: '3' } },
});
const pages = Number(values.pages);
const runs = Number(values.runs);
const SECRET = 'a-benchmark-secret-of-32-characters';

// Inside the checkout: the build cache's bundles import its node_modules.
const dir = join(root, 'bench/out', `publish-${String(pages)}`);
rmSync(dir, { recursive: true, force: true });
const bare = join(dir, 'editors.git');
const work = join(dir, 'work');
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Bench',
      GIT_AUTHOR_EMAIL: 'bench@example.be',
      GIT_COMMITTER_NAME: 'Bench',
      GIT_COMMITTER_EMAIL: 'bench@example.be',
    },
  }).trim();
await generateContent(join(root, 'content'), join(work, 'content'), pages);
git(dir, 'init', '--quiet', '--bare', '--initial-branch=main', bare);
git(work, 'init', '--quiet', '--initial-branch=main');
const push = (message: string) => {
  git(work, 'add', '--all');
  git(work, 'commit', '--quiet', '-m', message);
  git(work, 'push', '--quiet', '--force', bare, 'HEAD:refs/heads/main');
};

const outcomes: ToldOutcome[] = [];
const env = readEnvironment({
  ...process.env,
  RELEASES_DIR: join(dir, 'releases'),
  PUBLISH_REPOSITORY: bare,
  PUBLISH_SECRET: SECRET,
  SITE_URL: 'http://localhost:8080',
  SMTP_URL: '',
  LOG_LEVEL: 'warn',
});
const service = await createPublisherService({
  env,
  secret: SECRET,
  root,
  onPublished: (outcome) => outcomes.push(outcome),
});
await service.app.listen({ port: 0, host: '127.0.0.1' });
const address = service.app.server.address();
const hookUrl = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}/hooks/git`;
const hook = async () => {
  const body = JSON.stringify({ ref: 'refs/heads/main', head_commit: { message: 'Save' } });
  const signature = createHmac('sha256', SECRET).update(body).digest('hex');
  const response = await fetch(hookUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-hub-signature-256': `sha256=${signature}`,
    },
    body,
  });
  if (response.status !== 202) throw new Error(`the webhook answered ${String(response.status)}`);
};

/** The last publication's phases, in seconds. */
const phases = (): string => {
  const outcome = outcomes.at(-1);
  if (!outcome?.ok) return `refused: ${outcome?.problems.join('; ') ?? 'no publication'}`;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const { fetchMs, buildMs, gatesMs, switchMs } = outcome.phases;
  return `fetch ${s(fetchMs)}, build ${s(buildMs)}, gates ${s(gatesMs)} (${String(outcome.parsed)} pages parsed), switch ${s(switchMs)}\n    build: ${outcome.summary}`;
};

const machine = () =>
  `load average ${execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ').slice(0, 3).join(' ')}`;
console.log(`Time to live, today's site + ${String(pages)} generated pages (${machine()}):`);
push('First version');
let start = performance.now();
await hook();
await service.queue.idle();
console.log(
  `  first publication (from nothing): ${((performance.now() - start) / 1000).toFixed(1)} s; ${phases()}`,
);
const site = await createApp({ distDir: join(env.RELEASES_DIR, 'current'), logLevel: 'warn' });
await site.listen({ port: 0, host: '127.0.0.1' });
const siteAddress = site.server.address();
const origin = `http://127.0.0.1:${String(typeof siteAddress === 'object' && siteAddress ? siteAddress.port : 0)}`;

const times: number[] = [];
for (let run = 1; run <= runs; run++) {
  const marker = `Benchmark sentence ${String(run)}.`;
  appendFileSync(join(work, 'content/pages/first-steps.en.md'), `\n${marker}\n`);
  push(`One-page change ${String(run)}`);
  start = performance.now();
  await hook();
  for (;;) {
    const body = await (await fetch(`${origin}/en/first-steps`)).text();
    if (body.includes(marker)) break;
    if (performance.now() - start > 600_000) throw new Error('not live after 10 minutes');
    await sleep(100);
  }
  const ms = performance.now() - start;
  times.push(ms);
  // After the switch: the new release copied into the next build's folder (publish.ts).
  await service.queue.idle();
  const afterMs = performance.now() - start - ms;
  console.log(
    `  one-page change ${String(run)}: webhook to served ${(ms / 1000).toFixed(1)} s (then ${(afterMs / 1000).toFixed(1)} s until the publisher is idle); ${phases()}`,
  );
}
times.sort((a, b) => a - b);
console.log(
  `  median one-page change: ${((times[Math.floor(times.length / 2)] ?? 0) / 1000).toFixed(1)} s (goal: ${pages >= 16_000 ? '60' : '30'} s; ${machine()} at the end)`,
);
service.queue.stop();
await Promise.all([service.app.close(), site.close()]);
