// The publisher's webhook under attack (issue 46): only a request signed with PUBLISH_SECRET, for
// a push to the published branch, asks for a publication; a missing or wrong signature, the
// signature of another body, a signed push of another branch replayed, a body too large and a
// service started without a secret build nothing.
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPublisherApp } from './publisher-app.ts';

const SECRET = 'a-webhook-secret-of-32-characters';
const root = resolve(import.meta.dirname, '../..');
const push = (branch: string) =>
  JSON.stringify({ ref: `refs/heads/${branch}`, after: 'f'.repeat(40), commits: [] });
const hmac = (body: string, secret = SECRET) =>
  createHmac('sha256', secret).update(body).digest('hex');

let app: FastifyInstance;
const requests: string[] = [];
beforeAll(async () => {
  app = await createPublisherApp({
    secret: SECRET,
    branch: 'main',
    logLevel: 'silent',
    queue: {
      request: (reason) => {
        requests.push(reason);
        return 'started';
      },
      requestPreview: (branch) => {
        requests.push(`preview ${branch}`);
        return 'started';
      },
    },
  });
});
afterAll(() => app.close());
beforeEach(() => {
  requests.length = 0;
});

const hook = (headers: Record<string, string>, payload: string | Buffer = push('main')) =>
  app.inject({
    method: 'POST',
    url: '/hooks/git',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

describe('POST /hooks/git', () => {
  it('publishes a GitHub push to the branch, signed with X-Hub-Signature-256', async () => {
    const response = await hook({
      'x-github-event': 'push',
      'x-hub-signature-256': `sha256=${hmac(push('main'))}`,
    });
    expect([response.statusCode, response.json()]).toEqual([202, { publishing: 'started' }]);
    expect(requests).toEqual(['push to main']);
  });

  it('publishes a Gitea or Forgejo push (hex X-Gitea-Signature) and a GitLab push (its token)', async () => {
    const gitea = await hook({ 'x-gitea-event': 'push', 'x-gitea-signature': hmac(push('main')) });
    const forgejo = await hook({
      'x-forgejo-event': 'push',
      'x-forgejo-signature': hmac(push('main')),
    });
    const gitlab = await hook({ 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': SECRET });
    expect([gitea.statusCode, forgejo.statusCode, gitlab.statusCode]).toEqual([202, 202, 202]);
    expect(requests).toEqual(['push to main', 'push to main', 'push to main']);
  });

  it('refuses a request without a signature, with 401, and builds nothing', async () => {
    const response = await hook({ 'x-github-event': 'push' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'no signature (X-Hub-Signature-256, X-Gitlab-Token or X-Gitea-Signature)',
    });
    expect(requests).toEqual([]);
  });

  it('refuses a signature made with another secret, or of another body', async () => {
    const responses = [
      await hook({
        'x-hub-signature-256': `sha256=${hmac(push('main'), 'another-secret-0123456')}`,
      }),
      await hook({ 'x-hub-signature-256': `sha256=${hmac(push('preview'))}` }),
      await hook({ 'x-gitea-signature': hmac(`${push('main')} `) }),
      await hook({ 'x-gitea-signature': '' }),
      await hook({ 'x-gitlab-token': `${SECRET}x` }),
      await hook({ 'x-gitlab-token': SECRET.slice(0, -1) }),
      // GitHub's prefix is part of what is compared: the bare hex is not GitHub's signature.
      await hook({ 'x-hub-signature-256': hmac(push('main')) }),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([
      401, 401, 401, 401, 401, 401, 401,
    ]);
    expect(responses[0]?.json()).toEqual({ error: 'wrong github signature' });
    expect(responses[4]?.json()).toEqual({ error: 'wrong gitlab signature' });
    expect(requests).toEqual([]);
  });

  it('does not publish a correctly signed push of another branch replayed to it', async () => {
    const body = push('cms/en/news/draft');
    const response = await hook(
      { 'x-github-event': 'push', 'x-hub-signature-256': `sha256=${hmac(body)}` },
      body,
    );
    expect([response.statusCode, response.json()]).toEqual([
      202,
      { ignored: 'push to refs/heads/cms/en/news/draft: not published' },
    ]);
    // Nor a tag named like the branch.
    const tag = JSON.stringify({ ref: 'refs/tags/main' });
    await hook({ 'x-github-event': 'push', 'x-hub-signature-256': `sha256=${hmac(tag)}` }, tag);
    expect(requests).toEqual([]);
  });

  it('waits for "Publish changes" after a save marked [skip ci], and publishes a deletion at once', async () => {
    const saved = JSON.stringify({
      ref: 'refs/heads/main',
      head_commit: { message: '[skip ci] Update News "new-desk"' },
    });
    const deleted = JSON.stringify({
      ref: 'refs/heads/main',
      commits: [{ message: 'Delete News "new-desk"' }],
    });
    const responses = [
      await hook(
        { 'x-github-event': 'push', 'x-hub-signature-256': `sha256=${hmac(saved)}` },
        saved,
      ),
      await hook({ 'x-gitea-event': 'push', 'x-gitea-signature': hmac(deleted) }, deleted),
    ];
    expect(responses.map((response) => response.json<unknown>())).toEqual([
      { ignored: '[skip ci]: waiting for "Publish changes"' },
      { publishing: 'started' },
    ]);
    expect(requests).toEqual(['push to main']);
  });

  it('publishes on Sveltia\'s "Publish changes" (a signed GitHub repository_dispatch)', async () => {
    const dispatch = JSON.stringify({ action: 'sveltia-cms-publish', branch: 'main' });
    const other = JSON.stringify({ action: 'something-else' });
    const responses = [
      await hook(
        {
          'x-github-event': 'repository_dispatch',
          'x-hub-signature-256': `sha256=${hmac(dispatch)}`,
        },
        dispatch,
      ),
      await hook(
        { 'x-github-event': 'repository_dispatch', 'x-hub-signature-256': `sha256=${hmac(other)}` },
        other,
      ),
      await hook(
        { 'x-github-event': 'repository_dispatch', 'x-hub-signature-256': `sha256=${hmac(other)}` },
        dispatch,
      ),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([202, 202, 401]);
    expect(requests).toEqual(['push to main']);
  });

  it('builds nothing for a signed event that is not a push, or a push without a ref', async () => {
    const ping = JSON.stringify({ zen: 'Keep it logically awesome.' });
    const pinged = await hook(
      { 'x-github-event': 'ping', 'x-hub-signature-256': `sha256=${hmac(ping)}` },
      ping,
    );
    const noRef = await hook(
      { 'x-github-event': 'push', 'x-hub-signature-256': `sha256=${hmac('[]')}` },
      '[]',
    );
    expect([pinged.statusCode, noRef.statusCode]).toEqual([202, 400]);
    expect(pinged.json()).toEqual({ ignored: 'not a push (ping): nothing to build' });
    expect(requests).toEqual([]);
  });

  it("accepts GitHub's form-encoded payload, signed over the encoded body", async () => {
    const body = `payload=${encodeURIComponent(push('main'))}`;
    const response = await app.inject({
      method: 'POST',
      url: '/hooks/git',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-github-event': 'push',
        'x-hub-signature-256': `sha256=${hmac(body)}`,
      },
      payload: body,
    });
    expect(response.statusCode).toBe(202);
    expect(requests).toEqual(['push to main']);
  });

  it('refuses a body over 1 MiB with 413 before looking at it', async () => {
    const huge = Buffer.alloc(2 * 1024 * 1024, 0x20);
    const response = await hook({ 'x-hub-signature-256': `sha256=${hmac(huge.toString())}` }, huge);
    expect(response.statusCode).toBe(413);
    expect(requests).toEqual([]);
  });

  it('serves nothing else', async () => {
    const responses = await Promise.all([
      app.inject({ method: 'GET', url: '/hooks/git' }),
      app.inject({ method: 'GET', url: '/' }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([404, 404]);
  });
});

describe('previews through the publisher (PREVIEW_ORIGIN set)', () => {
  let previewing: FastifyInstance;
  const previews: string[] = [];
  beforeAll(async () => {
    previewing = await createPublisherApp({
      secret: SECRET,
      branch: 'main',
      logLevel: 'silent',
      previews: true,
      queue: {
        request: (reason) => {
          previews.push(reason);
          return 'started';
        },
        requestPreview: (branch) => {
          previews.push(`preview ${branch}`);
          return 'queued';
        },
      },
    });
  });
  afterAll(() => previewing.close());
  beforeEach(() => {
    previews.length = 0;
  });
  const signed = (url: string, body: string, headers: Record<string, string> = {}) =>
    previewing.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${hmac(body)}`,
        ...headers,
      },
      payload: body,
    });

  it('previews a push to an editorial workflow branch, and a save waiting for "Publish changes"', async () => {
    const saved = JSON.stringify({
      ref: 'refs/heads/main',
      head_commit: { message: '[skip ci] Update Pages "first-steps"' },
    });
    const responses = [
      await signed('/hooks/git', push('cms/news/new-desk'), { 'x-github-event': 'push' }),
      await signed('/hooks/git', saved, { 'x-github-event': 'push' }),
      await signed('/hooks/git', push('feature/x'), { 'x-github-event': 'push' }),
    ];
    expect(responses.map((response) => response.json<unknown>())).toEqual([
      { previewing: 'queued', branch: 'cms/news/new-desk' },
      { previewing: 'queued', branch: 'main' },
      { ignored: 'push to refs/heads/feature/x: not published' },
    ]);
    expect(previews).toEqual(['preview cms/news/new-desk', 'preview main']);
  });

  it('previews the branch POST /hooks/preview names, signed; refuses anything else', async () => {
    const wanted = JSON.stringify({ branch: 'cms/pages/first-steps' });
    const ok = await signed('/hooks/preview', wanted);
    expect([ok.statusCode, ok.json()]).toEqual([
      202,
      { previewing: 'queued', branch: 'cms/pages/first-steps' },
    ]);
    const refused = [
      await previewing.inject({
        method: 'POST',
        url: '/hooks/preview',
        headers: { 'content-type': 'application/json' },
        payload: wanted,
      }),
      await signed('/hooks/preview', wanted, {
        'x-hub-signature-256': `sha256=${hmac(wanted, 'another-secret-0123456')}`,
      }),
      await signed('/hooks/preview', JSON.stringify({ branch: '--upload-pack=touch /tmp/x' })),
      await signed('/hooks/preview', JSON.stringify({ branch: '../../etc' })),
      await signed('/hooks/preview', JSON.stringify({ branch: 42 })),
      await signed('/hooks/preview', 'not json'),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([401, 401, 400, 400, 400, 400]);
    expect(refused[2]?.json()).toEqual({
      error: 'the body must be {"branch": "NAME"}, NAME a branch name',
    });
    expect(previews).toEqual(['preview cms/pages/first-steps']);
  });

  it('answers 409 when previews are off, and previews nothing', async () => {
    const wanted = JSON.stringify({ branch: 'cms/pages/first-steps' });
    const response = await app.inject({
      method: 'POST',
      url: '/hooks/preview',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${hmac(wanted)}`,
      },
      payload: wanted,
    });
    expect([response.statusCode, response.json()]).toEqual([
      409,
      { error: 'no previews: PREVIEW_ORIGIN is not set' },
    ]);
    expect(requests).toEqual([]);
  });
});

describe('npm run publisher', () => {
  it('refuses to start without PUBLISH_SECRET, with exit 78 and the reason', () => {
    const result = spawnSync(process.execPath, [join(root, 'server/publisher.ts')], {
      cwd: root,
      env: { ...process.env, PUBLISH_SECRET: '', PUBLISH_PORT: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr.trim()).toBe(
      'PUBLISH_SECRET is not set: the publisher cannot tell the git host from anyone else. Set it to the webhook secret of the git host (openssl rand -hex 32) in /etc/guichet/guichet.env.',
    );
  });

  it('refuses a secret shorter than 16 characters, with exit 78', () => {
    const result = spawnSync(process.execPath, [join(root, 'server/publisher.ts')], {
      cwd: root,
      env: { ...process.env, PUBLISH_SECRET: 'short', PUBLISH_PORT: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr.trim()).toBe(
      'PUBLISH_SECRET must be at least 16 characters (openssl rand -hex 32), not "short"',
    );
  });
});
