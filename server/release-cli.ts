// `npm run release -- publish [--repository URL_OR_PATH] [--branch main] [--allow-removals]`:
// builds the branch's content into a new release, runs the gates and makes it live, printing
// the commit that is live (server/publishing/publish.ts). `npm run release -- list`: the releases
// kept, the live one marked, and the last refused publication. `npm run release -- rollback
// [COMMIT]`: makes the previous (or the named) release live at once, without building.
// `npm run release -- preview --branch NAME`: builds the branch into a preview shown on
// PREVIEW_ORIGIN (server/publishing/preview.ts), and prints what a publication would refuse.
import { resolve } from 'node:path';
import { readEnvironment } from '../src/config/environment.ts';
import { buildPreview } from './publishing/preview.ts';
import { lastFailure } from './publishing/publish.ts';
import { publishAndTell } from './publishing/publish-and-tell.ts';
import {
  currentId,
  listReleases,
  rollbackTarget,
  switchTo,
  type ReleaseInfo,
} from './publishing/releases.ts';
import { fail, readCommandLine } from './cli-args.ts';

const USAGE = [
  'usage: npm run release -- publish [--repository URL_OR_PATH] [--branch main] [--allow-removals]',
  '       npm run release -- list',
  '       npm run release -- rollback [COMMIT]',
  '       npm run release -- preview --branch NAME [--repository URL_OR_PATH]',
].join('\n');
const root = resolve(import.meta.dirname, '..');

const OPTIONS = {
  repository: { type: 'string' },
  branch: { type: 'string' },
  'allow-removals': { type: 'boolean', default: false },
} as const;

const { positionals, values } = readCommandLine(OPTIONS, USAGE);

let env;
try {
  env = readEnvironment();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error), 78);
}
const releasesDir = resolve(root, env.RELEASES_DIR);
const [command, ...rest] = positionals;

/** One line of the list: the live one starred. */
const line = (release: ReleaseInfo, live: boolean) =>
  `${live ? '*' : ' '} ${release.commit.slice(0, 12)}  ${release.date}  ${release.author}  ${String(release.pages)} pages  ${release.subject}`;

if (command === 'publish' && rest.length === 0) {
  const outcome = await publishAndTell(
    {
      releasesDir,
      repository: values.repository ?? env.PUBLISH_REPOSITORY ?? root,
      branch: values.branch ?? env.CMS_BRANCH,
      siteUrl: env.SITE_URL,
      now: () => new Date(),
      allowRemovals: values['allow-removals'],
      keep: env.RELEASES_KEEP,
    },
    env,
  ).catch((error: unknown) =>
    // Another publication holds the lock, or the releases folder cannot be written.
    fail(`Not published: ${error instanceof Error ? error.message : String(error)}`, 1),
  );
  if (outcome.ok) {
    console.log(
      `Live: ${outcome.release.commit} (${outcome.release.branch}, ${String(outcome.release.pages)} pages, release ${outcome.release.id}).`,
    );
  } else {
    const live = await currentId(releasesDir);
    fail(
      [
        `Not published (${outcome.commit?.slice(0, 12) ?? 'no commit'}); ${live ? `the live release stays ${live}` : 'nothing is live yet'}:`,
        ...outcome.problems.map((problem) => `  ${problem}`),
        outcome.told
          ? `The editors are told at ${outcome.told}.`
          : 'No address to tell (publishing.notify in content/site.yaml).',
      ].join('\n'),
      1,
    );
  }
} else if (command === 'preview' && rest.length === 0 && values.branch) {
  if (!env.PREVIEW_ORIGIN)
    fail('PREVIEW_ORIGIN is not set: the preview needs its address (docs/operations.md).', 78);
  const preview = await buildPreview({
    releasesDir,
    repository: values.repository ?? env.PUBLISH_REPOSITORY ?? root,
    branch: values.branch,
    previewOrigin: env.PREVIEW_ORIGIN,
    now: () => new Date(),
  }).catch((error: unknown) =>
    fail(`No preview: ${error instanceof Error ? error.message : String(error)}`, 1),
  );
  const problems = preview.problems.map((problem) => `  ${problem}`);
  if (!preview.built) fail([`No preview of ${preview.branch}:`, ...problems].join('\n'), 1);
  console.log(
    [
      `Preview of ${preview.branch} (${preview.commit ?? ''}) at ${env.PREVIEW_ORIGIN}/.`,
      ...(problems.length > 0 ? ['A publication of it would be refused:', ...problems] : []),
    ].join('\n'),
  );
} else if (command === 'list' && rest.length === 0) {
  const live = await currentId(releasesDir);
  const releases = await listReleases(releasesDir);
  if (releases.length === 0) console.log(`No release in ${releasesDir} yet.`);
  for (const release of releases) console.log(line(release, release.id === live));
  const failure = await lastFailure(releasesDir);
  if (failure)
    console.log(
      `\nRefused on ${failure.at} (${failure.commit?.slice(0, 12) ?? 'no commit'}):\n${failure.problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
} else if (command === 'rollback' && rest.length <= 1) {
  try {
    const target = rollbackTarget(
      await listReleases(releasesDir),
      await currentId(releasesDir),
      rest[0],
    );
    await switchTo(releasesDir, target.id);
    console.log(`Live: ${target.commit} (release ${target.id}, published ${target.publishedAt}).`);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), 1);
  }
} else {
  fail(USAGE);
}
