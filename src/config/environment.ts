// Every environment variable the site reads: one zod schema, parsed at start-up into a typed
// configuration. Each field's description and default make the README's table
// (`npm run docs:config`; src/config/config-table.test.ts fails when the README differs).
import { z } from 'zod';

/**
 * What the README's table says a variable falls back to when it is unset, for a variable whose
 * zod default does not say it (none, or one computed elsewhere); otherwise the default is shown.
 */
type Documented = { shownDefault?: string };

// An empty variable counts as unset, as a shell's `VAR= npm start` means.
const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);
const setting = <T extends z.ZodType>(schema: T, meaning: string, documented: Documented = {}) =>
  z.preprocess(unsetWhenEmpty, schema).describe(meaning).meta(documented);

const wholeNumber = (fallback: number) =>
  z
    .string()
    .regex(/^[1-9]\d*$/, 'must be a whole number of at least 1')
    .transform(Number)
    .default(fallback);

export const environmentSchema = z.object({
  PORT: setting(
    z.string().regex(/^\d+$/, 'must be a port number').transform(Number).default(8080),
    'port of `npm start` / `npm run serve`',
  ),
  DIST_DIR: setting(z.string().optional(), 'the built site that `npm run serve` serves', {
    shownDefault: '`RELEASES_DIR/current` when it exists (the live release), else `dist`',
  }),
  CONTENT_DIR: setting(
    z.string().default('content'),
    'the content folder whose form definitions the form API reads',
  ),
  HOST: setting(z.string().default('0.0.0.0'), 'address to listen on'),
  SITE_URL: setting(
    z.string().optional(),
    "the site's address (`https://…`): canonical and hreflang links, `sitemap.xml`, `robots.txt`, feeds, calendar URLs and UIDs; `npm start` uses `http://localhost:${PORT}` without it",
    { shownDefault: '`domains` of `content/site.yaml`; none: `npm run build` stops' },
  ),
  STAFF_HOST: setting(
    z.string().default('127.0.0.1'),
    "address the desk's back office listens on (keep it internal; docs/back-office.md)",
  ),
  STAFF_PORT: setting(
    z.string().regex(/^\d+$/, 'must be a port number').transform(Number).default(8081),
    "port of the desk's back office (`/staff`), never served on the public port; `0`: no back office in this instance",
  ),
  STAFF_ORIGIN: setting(
    z
      .string()
      .regex(
        /^(https:\/\/[^/]+|http:\/\/localhost(:\d+)?)$/,
        'must be https://host[:port], or http://localhost[:port] on a developer machine',
      )
      .optional(),
    'the address staff type to reach the back office: passkeys are bound to its host name; invitation links and notification e-mails use it',
    { shownDefault: '`http://localhost:${STAFF_PORT}`' },
  ),
  METRICS_HOST: setting(
    z.string().default('127.0.0.1'),
    'address the Prometheus metrics listen on (`/metrics`): keep it internal, never the public address',
  ),
  METRICS_PORT: setting(
    z.string().regex(/^\d+$/, 'must be a port number').transform(Number).optional(),
    'port of the Prometheus metrics (`http://METRICS_HOST:METRICS_PORT/metrics`), never the public port; the systemd unit sets `9464`',
    { shownDefault: 'unset (no metrics)' },
  ),
  OIDC_ISSUER: setting(
    z.url().optional(),
    "the organisation's OpenID Connect provider (`https://…`): the back office then also offers sign-in with the organisation's account, for invited members; with `OIDC_CLIENT_ID` and `OIDC_CLIENT_SECRET`",
    { shownDefault: 'unset (passkeys only)' },
  ),
  OIDC_CLIENT_ID: setting(z.string().optional(), "the back office's client id at the provider", {
    shownDefault: 'unset',
  }),
  OIDC_CLIENT_SECRET: setting(z.string().optional(), 'its client secret', {
    shownDefault: 'unset',
  }),
  SUBMISSIONS_KEY: setting(
    z.string().optional(),
    'master key of encryption at rest (32 random bytes, base64: `openssl rand -base64 32`): what visitors send is stored encrypted; required when `NODE_ENV=production`',
    { shownDefault: '`var/submissions.key`, made once (not in production)' },
  ),
  SUBMISSIONS_KEY_FILE: setting(
    z.string().optional(),
    'a file holding the master key, instead of `SUBMISSIONS_KEY` (one key per line: the first wraps, the others are older keys, as `SUBMISSIONS_OLD_KEYS`)',
    { shownDefault: 'unset' },
  ),
  SUBMISSIONS_OLD_KEYS: setting(
    z.string().optional(),
    'older master keys, separated by commas, kept while `npm run staff -- rotate-key` runs: they still open what they wrapped and wrap nothing new (docs/back-office.md, "Rotating the key")',
    { shownDefault: 'unset' },
  ),
  NODE_ENV: setting(
    z.string().optional(),
    '`production` (the systemd unit): the server refuses to start without `SUBMISSIONS_KEY`',
    { shownDefault: 'unset' },
  ),
  TRUSTED_PROXIES: setting(
    z
      .string()
      .transform((text) => text.split(',').map((part) => part.trim()))
      .pipe(
        z.array(
          z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
            error: 'must list IP addresses or CIDR ranges, separated by commas',
          }),
        ),
      )
      .optional(),
    'the proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` the servers believe (addresses or CIDR ranges, comma-separated; the nginx of `deploy/` on this machine: `127.0.0.1`); from any other address those headers are ignored',
    { shownDefault: 'none' },
  ),
  LOG_LEVEL: setting(z.string().default('info'), 'server log level (`warn` is quiet)'),
  CHROMIUM_PATH: setting(
    z.string().default('/usr/bin/chromium'),
    'the browser the end-to-end tests drive',
  ),
  DATABASE_URL: setting(
    z.string().default('sqlite:var/site.db'),
    'where submissions are stored: `sqlite:PATH` (WAL, synchronous commits) or `postgres://user:pass@host/db`; migrations run on start',
  ),
  UPLOAD_DIR: setting(
    z.string().default('var/uploads'),
    'where uploaded files are kept, each under a random token, encrypted (on PostgreSQL only those still arriving: kept files go into the database, ADR 0016)',
  ),
  BACKUP_RECIPIENT: setting(
    z
      .string()
      .regex(/^age1[0-9a-z]+$/, 'must be an age public key (age1…): `npm run backup -- new-key`')
      .optional(),
    'the backup key (an age public key, `age1…`) that `npm run backup` encrypts with; its private half is kept off the server (docs/operations.md)',
    { shownDefault: 'unset (`npm run backup` stops)' },
  ),
  SMTP_URL: setting(
    z.string().optional(),
    "`smtp://user:pass@host:587`: a notification per submission to the form's `notify.to`, from an outbox, retried",
    { shownDefault: 'unset (no e-mail)' },
  ),
  SMTP_FROM: setting(z.string().optional(), 'sender of the notifications', {
    shownDefault: '`no-reply@localhost`',
  }),
  FORM_SECRET: setting(
    z.string().optional(),
    'HMAC secret of the proof-of-work challenges (set it when several servers share the load)',
    { shownDefault: 'random per start' },
  ),
  FORM_RATE_LIMIT: setting(
    wholeNumber(20),
    'accepted submission attempts per address (IPv6: per /64) per 10 minutes (uploads: four times as many)',
  ),
  UPLOAD_LIMIT_PER_ADDRESS: setting(
    wholeNumber(200),
    'megabytes one address (IPv6: one /64) may upload per 24 hours; beyond: 413 with a translated message',
  ),
  UPLOAD_LIMIT_PENDING: setting(
    wholeNumber(2048),
    'megabytes all unclaimed uploads may take together; beyond: 507. Unclaimed uploads are deleted after 24 hours by the server itself',
  ),
  LOG_CLIENT_ADDRESS: setting(
    z.enum(['off', 'truncated'], { error: 'must be "off" or "truncated"' }).default('off'),
    '`truncated` logs a shortened reader address (IPv4 /24, IPv6 /48); by default the log holds none (update the privacy statement if you change it)',
  ),
  MATOMO_URL: setting(
    z.string().optional(),
    "the Matomo endpoint (`https://stats.example/`), read by the build and by the server's Content-Security-Policy; statistics run only with the reader's consent; must be `https://` (`http://` only for localhost), or the server refuses to start",
    { shownDefault: '`analytics.matomoUrl` of `content/site.yaml` (empty: off)' },
  ),
  MATOMO_SITE_ID: setting(z.string().optional(), "the site's id in Matomo; statistics need both", {
    shownDefault: '`analytics.siteId` of `content/site.yaml`',
  }),
  CMS_REPOSITORY: setting(
    z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+$/, 'must be OWNER/NAME, the repository on GitHub')
      .optional(),
    'the GitHub repository (`OWNER/NAME`) whose branches and pull requests the editor at `/admin` makes, read by the build (docs/editing.md)',
    { shownDefault: '`OWNER/REPOSITORY` (only local editing works)' },
  ),
  CMS_BRANCH: setting(
    z.string().default('main'),
    "the branch the editor's pull requests go to, read by the build, and the branch `npm run release -- publish` publishes",
  ),
  RELEASES_DIR: setting(
    z.string().default('var/releases'),
    'where `npm run release` keeps the releases, the build cache and the fetched repository; `RELEASES_DIR/current` is the live one, which the servers serve when it exists (inside this checkout: the cached bundles import its `node_modules`)',
  ),
  RELEASES_KEEP: setting(wholeNumber(10), 'releases kept for a rollback (the live one among them)'),
  PUBLISH_REPOSITORY: setting(
    z.string().optional(),
    "the editors' repository the publisher fetches (a URL git can fetch, or a path); `--repository` of `npm run release -- publish` overrides it",
    { shownDefault: 'this checkout' },
  ),
  PUBLISH_HOST: setting(
    z.string().default('127.0.0.1'),
    'address `npm run publisher` (the webhook receiver) listens on; keep it internal, behind the git host or a proxy',
  ),
  PUBLISH_PORT: setting(
    z.string().regex(/^\d+$/, 'must be a port number').transform(Number).default(8083),
    'port of `npm run publisher`: `POST /hooks/git` takes the push webhooks of GitHub, GitLab, Gitea or Forgejo',
  ),
  PUBLISH_SECRET: setting(
    z.string().min(16, 'must be at least 16 characters (openssl rand -hex 32)').optional(),
    "the webhook's secret, as set in the git host (GitHub's and Gitea's HMAC key, GitLab's token); `npm run publisher` refuses to start without it",
    { shownDefault: 'none' },
  ),
  PREVIEW_ORIGIN: setting(
    z
      .string()
      .regex(/^https?:\/\/[^/]+$/, 'must be http(s)://host[:port], without a path')
      .optional(),
    "the internal address of the previews (`npm run release -- preview`): the preview's links, the editor's preview links, and, with it set, `npm run serve` also serves the preview shown on PREVIEW_HOST:PREVIEW_PORT, never indexed",
    { shownDefault: 'unset (no previews)' },
  ),
  PREVIEW_HOST: setting(
    z.string().default('127.0.0.1'),
    'address the preview listens on (keep it internal: editors only)',
  ),
  PREVIEW_PORT: setting(
    z.string().regex(/^\d+$/, 'must be a port number').transform(Number).default(8084),
    'port of the preview (`RELEASES_DIR/previews/current`) in `npm run serve`',
  ),
});

export type Environment = z.infer<typeof environmentSchema>;

/**
 * Parses the environment; throws an error that names each wrong variable and its value, such
 * as `FORM_RATE_LIMIT must be a whole number of at least 1, not "many"`.
 */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  const result = environmentSchema.safeParse(env);
  if (result.success) return result.data;
  throw new Error(
    result.error.issues
      .map((issue) => {
        const name = String(issue.path[0]);
        return `${name} ${issue.message}, not "${env[name] ?? ''}"`;
      })
      .join('\n'),
  );
}

/**
 * The back office's address as staff reach it: STAFF_ORIGIN, else the developer's default on
 * STAFF_PORT; the server and `npm run staff -- invite` share it, so a link goes where it runs.
 */
export const staffOrigin = (env: Pick<Environment, 'STAFF_ORIGIN' | 'STAFF_PORT'>): string =>
  env.STAFF_ORIGIN ?? `http://localhost:${String(env.STAFF_PORT)}`;
