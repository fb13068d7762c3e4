// A stand-in GitHub for the editor guide's screenshots of the publish flow only (never for a
// test of the product): Sveltia CMS 0.221.1 shows "Publish Changes" and the Editorial Workflow
// only with a git-host backend, and the screenshots may need neither github.com nor a token. The
// browser's requests to api.github.com and githubstatus.com are answered from the repository's own
// content/ (server/testing/github-stand-in.ts); /admin/config.yml is the product's configuration
// for GitHub, generated as the build generates it, with the preview address; a "Publish Changes"
// dispatch is handed, as GitHub would deliver it, to the real publisher's webhook. A request the
// stand-in does not know is answered 501 and recorded: the script fails on it.
import { createHmac } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { createPublisherApp } from '../../../server/publishing/publisher-app.ts';
import {
  answerGraphQL,
  answerRest,
  readFolder,
  type StandInRepository,
} from '../../../server/testing/github-stand-in.ts';
import { cmsConfigYaml } from '../../../src/cms/cms-config-cli.ts';
import { CONTENT, ROOT } from '../cms-local.ts';

/** The repository as the guide's pictures show it; the script adds the open pull requests. */
export function standInRepository(): StandInRepository {
  return {
    owner: 'web-team',
    name: 'website',
    branch: 'main',
    files: readFolder(ROOT, 'content'),
    // Sveltia's message for a save with `skip_ci: true`: the change waits for "Publish Changes".
    head: {
      oid: 'c0ffee1234567890c0ffee1234567890c0ffee12',
      message: 'Update News “brussels-trial-jury-2022” [skip ci]',
      date: '2026-11-27T09:30:00Z',
    },
    user: { id: 1, login: 'desk-editor', name: 'Desk editor', email: 'editor@example.org' },
    pullRequests: [],
    dispatches: [],
  };
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, accept',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
};

const GITHUB_HOSTS =
  /^https:\/\/([\w-]+\.)*(github\.com|githubusercontent\.com|githubstatus\.com)\//;

/**
 * Answers the editor's GitHub requests on `page` from `repository` and serves it the product's
 * GitHub configuration with `previewOrigin`; returns the requests the stand-in did not know.
 */
export async function serveStandInGitHub(
  page: Page,
  repository: StandInRepository,
  previewOrigin: string,
): Promise<string[]> {
  const unknown: string[] = [];
  const config = cmsConfigYaml(
    CONTENT,
    `${repository.owner}/${repository.name}`,
    repository.branch,
    previewOrigin,
  );
  // Any other request to a GitHub host (registered first: the routes below take precedence).
  await page.route(GITHUB_HOSTS, async (route) => {
    unknown.push(`the stand-in GitHub does not know ${route.request().url()}`);
    await route.fulfill({ status: 501, headers: CORS });
  });
  // Sveltia asks for it with a query that changes (`?…`): matched by its path.
  await page.route(
    (url) => url.pathname === '/admin/config.yml',
    (route) => route.fulfill({ body: config, contentType: 'application/yaml' }),
  );
  await page.route('https://www.githubstatus.com/api/v2/status.json', (route) =>
    route.fulfill({ json: { status: { indicator: 'none' } }, headers: CORS }),
  );
  await page.route('https://api.github.com/**', async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    const url = new URL(request.url());
    const body: unknown = request.postData() ? request.postDataJSON() : undefined;
    try {
      if (url.pathname === '/graphql') {
        const { query, variables = {} } = body as {
          query: string;
          variables?: Record<string, unknown>;
        };
        await route.fulfill({ json: answerGraphQL(repository, query, variables), headers: CORS });
        return;
      }
      const answer = answerRest(repository, request.method(), url.pathname + url.search, body);
      await route.fulfill({
        status: answer.status,
        headers: CORS,
        ...(answer.json === undefined ? {} : { json: answer.json }),
        ...(answer.bytes ? { body: answer.bytes, contentType: 'application/octet-stream' } : {}),
      });
    } catch (error) {
      unknown.push(error instanceof Error ? error.message : String(error));
      await route.fulfill({ status: 501, headers: CORS, body: String(error) });
    }
  });
  return unknown;
}

const SECRET = 'the-stand-in-webhook-secret-0123456789';

/**
 * Delivers a dispatch the editor sent (`{"event_type": …}`) as GitHub delivers it to a webhook
 * (`X-GitHub-Event: repository_dispatch`, the event type as `action`, signed with the secret) to
 * the publisher's real `POST /hooks/git`, and returns its answer and what it asked the queue for.
 */
export async function deliverToPublisher(
  repository: StandInRepository,
  dispatch: unknown,
): Promise<{ status: number; answer: unknown; requested: string[] }> {
  const requested: string[] = [];
  const app = await createPublisherApp({
    secret: SECRET,
    branch: repository.branch,
    logLevel: 'silent',
    queue: {
      request: (reason) => (requested.push(reason), 'started'),
      requestPreview: (branch) => (requested.push(`preview ${branch}`), 'started'),
    },
  });
  const { event_type: action } = dispatch as { event_type?: unknown };
  const body = JSON.stringify({
    action,
    branch: repository.branch,
    client_payload: {},
    repository: { full_name: `${repository.owner}/${repository.name}` },
    sender: { login: repository.user.login },
  });
  const signature = createHmac('sha256', SECRET).update(body).digest('hex');
  try {
    const response = await app.inject({
      method: 'POST',
      url: '/hooks/git',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'repository_dispatch',
        'x-hub-signature-256': `sha256=${signature}`,
      },
      payload: body,
    });
    return { status: response.statusCode, answer: response.json(), requested };
  } finally {
    await app.close();
  }
}

/** Signs in with "Sign In Using Access Token" and waits for the collections. */
export async function signInWithToken(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Sign In Using Access Token' }).click();
  await page.getByRole('textbox').fill('a-token-the-stand-in-accepts');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('treeitem', { name: 'News' })).toContainText('News 24');
}
