// Whether a push webhook comes from the editors' git host and asks for a publication: the
// signature of GitHub (`X-Hub-Signature-256: sha256=HEX`, an HMAC-SHA256 of the raw body), of
// Gitea and Forgejo (`X-Gitea-Signature` / `X-Forgejo-Signature`: the same HMAC, hex only) or
// GitLab's token (`X-Gitlab-Token`: the secret itself) is checked in constant time against
// PUBLISH_SECRET, then the body's `ref` must be the published branch. The body is the raw
// bytes: a signature is of those bytes, never of a re-serialised object.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { BRANCH_NAME } from './git-source.ts';

/** What a hook asks for, once its signature is checked. */
export type HookVerdict =
  | { status: 401; reason: string }
  | { status: 400; reason: string }
  | { status: 202; reason: string; build: boolean; ref?: string; preview?: string };

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Equal strings, compared through their SHA-256 so that neither length nor content leaks. */
const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

const hmacHex = (secret: string, body: Buffer): string =>
  createHmac('sha256', secret).update(body).digest('hex');

/** The host whose signature the request carries, and whether it holds; undefined: none. */
function signatureHolds(
  headers: IncomingHttpHeaders,
  body: Buffer,
  secret: string,
): { host: string; event: string | undefined; ok: boolean } | undefined {
  const github = header(headers, 'x-hub-signature-256');
  const gitea = header(headers, 'x-gitea-signature') ?? header(headers, 'x-forgejo-signature');
  const gitlab = header(headers, 'x-gitlab-token');
  if (gitea !== undefined)
    return {
      host: 'gitea',
      event: header(headers, 'x-gitea-event') ?? header(headers, 'x-forgejo-event'),
      ok: sameSecret(gitea.toLowerCase(), hmacHex(secret, body)),
    };
  if (github !== undefined)
    return {
      host: 'github',
      event: header(headers, 'x-github-event'),
      ok: sameSecret(github.toLowerCase(), `sha256=${hmacHex(secret, body)}`),
    };
  if (gitlab !== undefined)
    return {
      host: 'gitlab',
      event: header(headers, 'x-gitlab-event'),
      ok: sameSecret(gitlab, secret),
    };
  return undefined;
}

/** What the publisher reads of a push or dispatch body (JSON, or GitHub's form-encoded `payload=`). */
interface HookBody {
  ref?: unknown;
  action?: unknown;
  head_commit?: { message?: unknown } | null;
  commits?: { message?: unknown }[];
}

function readBody(body: Buffer): HookBody | undefined {
  let text = body.toString('utf8');
  if (text.startsWith('payload=')) text = new URLSearchParams(text).get('payload') ?? '';
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the push's newest commit says `[skip ci]`: Sveltia, with `skip_ci: true`, marks every
 * save so, and the editors publish the batch with "Publish changes" (a deletion is committed
 * without it, so a removal goes online at once).
 */
const skipsCi = (push: HookBody): boolean => {
  const message = push.head_commit?.message ?? push.commits?.at(-1)?.message;
  return typeof message === 'string' && /\[(skip ci|ci skip)\]/i.test(message);
};

/** The editorial workflow's branches (`cms/{collection}/{slug}`): a push to one is previewed. */
const WORKFLOW_BRANCH = /^refs\/heads\/(cms\/.+)$/;

/** Sveltia's "Publish changes" on GitHub: a repository_dispatch of this type. */
export const SVELTIA_DISPATCH = 'sveltia-cms-publish';

const PUSH_EVENTS = new Set(['push', 'Push Hook']);

/** The 401 of a request without a signature or with a wrong one. */
const refusal = (signature: { host: string } | undefined): HookVerdict => ({
  status: 401,
  reason: signature
    ? `wrong ${signature.host} signature`
    : 'no signature (X-Hub-Signature-256, X-Gitlab-Token or X-Gitea-Signature)',
});

/**
 * Checks a webhook request: 401 without a signature or with a wrong one; 400 for a push whose
 * body has no `ref`; 202 otherwise, with `build` true only for a push to `branch` whose newest
 * commit does not say `[skip ci]`, or for Sveltia's "Publish changes" (GitHub's dispatch), and
 * `preview` the branch to preview for a save waiting for "Publish changes" or a push to an
 * editorial workflow branch.
 */
export function verifyHook(
  headers: IncomingHttpHeaders,
  body: Buffer,
  secret: string,
  branch: string,
): HookVerdict {
  const signature = signatureHolds(headers, body, secret);
  if (!signature?.ok) return refusal(signature);
  const parsed = readBody(body);
  if (signature.event === 'repository_dispatch' && parsed?.action === SVELTIA_DISPATCH)
    return { status: 202, reason: `"Publish changes": publishing ${branch}`, build: true };
  if (signature.event !== undefined && !PUSH_EVENTS.has(signature.event))
    return {
      status: 202,
      reason: `not a push (${signature.event}): nothing to build`,
      build: false,
    };
  const ref = parsed?.ref;
  if (typeof ref !== 'string') return { status: 400, reason: 'a push without "ref"' };
  if (ref === `refs/heads/${branch}` && skipsCi(parsed ?? {}))
    return {
      status: 202,
      reason: '[skip ci]: waiting for "Publish changes"',
      build: false,
      ref,
      preview: branch,
    };
  const build = ref === `refs/heads/${branch}`;
  const workflow = WORKFLOW_BRANCH.exec(ref)?.[1];
  return {
    status: 202,
    reason: build ? `push to ${branch}: publishing` : `push to ${ref}: not published`,
    build,
    ref,
    ...(workflow ? { preview: workflow } : {}),
  };
}

/**
 * Checks a request for a preview (`POST /hooks/preview`, signed as a push is, its body
 * `{"branch": "NAME"}`): 401 as verifyHook, 400 without a branch name git accepts, else 202
 * with the branch.
 */
export function verifyPreviewRequest(
  headers: IncomingHttpHeaders,
  body: Buffer,
  secret: string,
): HookVerdict {
  const signature = signatureHolds(headers, body, secret);
  if (!signature?.ok) return refusal(signature);
  const wanted = (readBody(body) as { branch?: unknown } | undefined)?.branch;
  if (typeof wanted !== 'string' || !BRANCH_NAME.test(wanted))
    return { status: 400, reason: 'the body must be {"branch": "NAME"}, NAME a branch name' };
  return { status: 202, reason: `preview of ${wanted}`, build: false, preview: wanted };
}
