// The answers of a stand-in GitHub, for the editor guide's screenshots of the publish flow
// (tests/e2e/editor-guide/stand-in-github.ts routes the browser's requests here): Sveltia CMS
// shows "Publish Changes" and the Editorial Workflow only with a git host behind it, and the
// screenshots may not depend on github.com or a token. It answers, from files held in memory,
// exactly the REST and GraphQL requests Sveltia 0.221.1's GitHub backend sends to sign in, list
// and read the repository, list the workflow's pull requests and trigger a deployment; any other
// request throws, so that a Sveltia upgrade that asks for something new fails loudly instead of
// drawing an empty editor.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Sveltia's Editorial Workflow stages, as its pull request labels name them. */
export type WorkflowStatus = 'draft' | 'pending_review' | 'pending_publish';

/** An open pull request of the workflow: a branch `cms/{collection}/{slug}` and its files. */
export interface StandInPullRequest {
  number: number;
  branch: string;
  title: string;
  status: WorkflowStatus;
  /** The files the branch changes, by path, with their text there. */
  files: Record<string, string>;
}

/** The repository the stand-in serves, and what it was asked to do. */
export interface StandInRepository {
  owner: string;
  name: string;
  branch: string;
  /** Every file of the branch, by path from the repository's root. */
  files: Map<string, Buffer>;
  /** The branch's newest commit: Sveltia offers "Publish Changes" when it says `[skip ci]`. */
  head: { oid: string; message: string; date: string };
  user: { id: number; login: string; name: string; email: string };
  pullRequests: StandInPullRequest[];
  /** The bodies of the `repository_dispatch` requests received ("Publish Changes"). */
  dispatches: unknown[];
}

/** A REST answer: a status and a JSON body, raw bytes, or nothing. */
export interface RestAnswer {
  status: number;
  json?: unknown;
  bytes?: Buffer;
}

/** Git's object id of a file: SHA-1 of `blob {length}\0` and its bytes. */
export function gitBlobSha(bytes: Buffer): string {
  return createHash('sha1')
    .update(`blob ${String(bytes.length)}\0`)
    .update(bytes)
    .digest('hex');
}

/** The files of `folder` (recursively) under `root`, by path from `root`. */
export function readFolder(root: string, folder: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(join(root, folder), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    files.set(relative(root, file), readFileSync(file));
  }
  return files;
}

/** GitHub's recursive tree of the branch: its files as blobs, sorted by path. */
export function treeOf(files: Map<string, Buffer>): {
  tree: { path: string; mode: string; type: 'blob'; sha: string; size: number }[];
  truncated: false;
} {
  const tree = [...files.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([path, bytes]) => ({
      path,
      mode: '100644',
      type: 'blob' as const,
      sha: gitBlobSha(bytes),
      size: bytes.length,
    }));
  return { tree, truncated: false };
}

class UnknownRequest extends Error {
  constructor(what: string) {
    super(`the stand-in GitHub does not know ${what}: teach it (docs/editing.md)`);
  }
}

/** Answers a REST request of the GitHub API (`path` without the origin, with its query). */
export function answerRest(
  repository: StandInRepository,
  method: string,
  path: string,
  body: unknown,
): RestAnswer {
  const { owner, name, user } = repository;
  const repo = `/repos/${owner}/${name}`;
  const [route = '', query = ''] = path.split('?');
  if (method === 'GET' && route === '/user')
    return { status: 200, json: { ...user, html_url: `https://github.com/${user.login}` } };
  if (method === 'GET' && route === `${repo}/collaborators/${user.login}`) return { status: 204 };
  if (method === 'GET' && route.startsWith(`${repo}/git/trees/`) && query === 'recursive=1')
    return { status: 200, json: { sha: repository.head.oid, ...treeOf(repository.files) } };
  if (method === 'GET' && route.startsWith(`${repo}/git/blobs/`)) {
    const sha = route.slice(`${repo}/git/blobs/`.length);
    const bytes = [...repository.files.values()].find((file) => gitBlobSha(file) === sha);
    if (bytes) return { status: 200, bytes };
  }
  if (method === 'POST' && route === `${repo}/dispatches`) {
    repository.dispatches.push(body);
    return { status: 204 };
  }
  throw new UnknownRequest(`${method} ${path}`);
}

/** The JSON string literals of a text, decoded, in order. */
const literals = (text: string): string[] =>
  [...text.matchAll(/"(?:[^"\\]|\\.)*"/g)].map(([literal]) => JSON.parse(literal) as string);

/** A file's text on the branch or on a pull request's branch (`expression` is `branch:path`). */
function textAt(repository: StandInRepository, expression: string): string | undefined {
  const colon = expression.indexOf(':');
  const [branch, path] = [expression.slice(0, colon), expression.slice(colon + 1)];
  const pullRequest = repository.pullRequests.find((request) => request.branch === branch);
  return pullRequest ? pullRequest.files[path] : repository.files.get(path)?.toString('utf8');
}

/** One aliased field of Sveltia's batched queries (`content_3: object(oid: "…") { … }`). */
function aliasedField(repository: StandInRepository, fragment: string): unknown {
  const [literal] = literals(fragment);
  if (fragment.startsWith('object(oid:') && fragment.includes('... on Blob')) {
    const bytes = [...repository.files.values()].find((file) => gitBlobSha(file) === literal);
    if (bytes) return { text: bytes.toString('utf8'), isTruncated: false };
  }
  // A commit's deployments, statuses and checks: the publisher reports none to GitHub.
  if (fragment.startsWith('object(oid:') && fragment.includes('... on Commit'))
    return { status: null, deployments: { nodes: [] }, checkSuites: { nodes: [] } };
  if (fragment.startsWith('object(expression:') && literal !== undefined) {
    const text = textAt(repository, literal);
    if (text !== undefined) {
      const bytes = Buffer.from(text);
      return {
        oid: gitBlobSha(bytes),
        byteSize: bytes.length,
        isBinary: false,
        isTruncated: false,
        text,
      };
    }
  }
  if (
    fragment.startsWith('ref(qualifiedName: $branch)') &&
    fragment.includes('history(first: 1, path:')
  ) {
    const { name, email, id, login } = repository.user;
    const node = {
      author: { name, email, user: { id, login } },
      committedDate: repository.head.date,
    };
    return { target: { history: { nodes: [node] } } };
  }
  throw new UnknownRequest(`the GraphQL field ${fragment.slice(0, 200)}`);
}

/** The workflow's open pull requests as Sveltia's query asks for them. */
function pullRequestNodes(repository: StandInRepository): unknown[] {
  const { owner, name, user, head } = repository;
  return repository.pullRequests.map((request) => ({
    id: `PR_${String(request.number)}`,
    number: request.number,
    title: request.title,
    url: `https://github.com/${owner}/${name}/pull/${String(request.number)}`,
    isDraft: false,
    isCrossRepository: false,
    createdAt: head.date,
    updatedAt: head.date,
    headRefName: request.branch,
    headRefOid: gitBlobSha(Buffer.from(request.branch)),
    author: {
      login: user.login,
      avatarUrl: '',
      name: user.name,
      email: user.email,
      databaseId: user.id,
    },
    labels: { nodes: [{ name: `sveltia-cms/${request.status}` }] },
    files: {
      nodes: Object.keys(request.files).map((path) => ({
        path,
        changeType: repository.files.has(path) ? 'MODIFIED' : 'ADDED',
      })),
    },
  }));
}

/** Answers a GraphQL query of Sveltia's GitHub backend: `{ data }`, or throws for another one. */
export function answerGraphQL(
  repository: StandInRepository,
  query: string,
  variables: Record<string, unknown>,
): { data: unknown } {
  const { head, branch } = repository;
  const aliases = [...query.matchAll(/\b(\w+_\d+): /g)];
  if (aliases.length > 0) {
    const fields = aliases.map((match, index): [string, unknown] => {
      const start = match.index + match[0].length;
      const fragment = query.slice(start, aliases[index + 1]?.index ?? query.length).trim();
      return [match[1] ?? '', aliasedField(repository, fragment)];
    });
    return { data: { repository: Object.fromEntries(fields) } };
  }
  if (query.includes('defaultBranchRef'))
    return { data: { repository: { defaultBranchRef: { name: branch } } } };
  if (/history\(first: 1\) \{\s*nodes \{\s*oid\s*message/.test(query)) {
    const request = repository.pullRequests.find(({ branch: name }) => name === variables.branch);
    const commit = request
      ? { oid: gitBlobSha(Buffer.from(request.branch)), message: `Create ${request.title}` }
      : { oid: head.oid, message: head.message };
    return { data: { repository: { ref: { target: { history: { nodes: [commit] } } } } } };
  }
  if (/target \{\s*\.\.\. on Commit \{\s*oid\s*\}/.test(query))
    return { data: { repository: { ref: { target: { oid: head.oid } } } } };
  if (/pullRequests\(\s*states: OPEN\s*labels:/.test(query))
    return { data: { repository: { pullRequests: { nodes: pullRequestNodes(repository) } } } };
  if (query.includes('pullRequests(headRefName: $branch')) {
    const open = repository.pullRequests.filter(({ branch: name }) => name === variables.branch);
    return { data: { repository: { pullRequests: { totalCount: open.length } } } };
  }
  throw new UnknownRequest(`the GraphQL query ${query.replace(/\s+/g, ' ').slice(0, 200)}`);
}
