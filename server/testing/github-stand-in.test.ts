// The stand-in GitHub's answers (github-stand-in.ts), without a browser: git's object ids, the
// tree and blobs of the branch, the queries as Sveltia 0.221.1 writes them, the dispatch it
// records, and a loud refusal of anything else.
import { describe, expect, it } from 'vitest';
import {
  answerGraphQL,
  answerRest,
  gitBlobSha,
  treeOf,
  type StandInRepository,
} from './github-stand-in.ts';

const page = Buffer.from('---\ntitle: Contacts\nupdated: 2026-11-20\n---\nCall 02 542 72 00.\n');
const changed = page.toString('utf8').replace('2026-11-20', '2026-11-27');

const standIn = (): StandInRepository => ({
  owner: 'web-team',
  name: 'website',
  branch: 'main',
  files: new Map([
    ['content/pages/contacts.en.md', page],
    ['content/media/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff])],
  ]),
  head: { oid: 'c'.repeat(40), message: 'Update Pages “contacts” [skip ci]', date: '2026-11-27' },
  user: { id: 7, login: 'desk-editor', name: 'Desk editor', email: 'editor@example.org' },
  pullRequests: [
    {
      number: 12,
      branch: 'cms/pages/contacts',
      title: 'contacts',
      status: 'pending_review',
      files: { 'content/pages/contacts.en.md': changed },
    },
  ],
  dispatches: [],
});

describe('gitBlobSha', () => {
  it('is the object id git gives a file (git hash-object)', () => {
    expect(gitBlobSha(Buffer.from(''))).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
    expect(gitBlobSha(Buffer.from('hello\n'))).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
  });
});

describe('the REST answers', () => {
  it('lists the branch as a tree of blobs, sorted, and serves each blob raw by its id', () => {
    const repository = standIn();
    const { tree } = treeOf(repository.files);
    expect(tree.map(({ path, type, size }) => [path, type, size])).toEqual([
      ['content/media/logo.png', 'blob', 5],
      ['content/pages/contacts.en.md', 'blob', page.length],
    ]);
    const answer = answerRest(
      repository,
      'GET',
      `/repos/web-team/website/git/trees/${'c'.repeat(40)}?recursive=1`,
      undefined,
    );
    expect(answer).toEqual({
      status: 200,
      json: { sha: 'c'.repeat(40), tree, truncated: false },
    });
    const logo = tree[0]?.sha ?? '';
    expect(
      answerRest(repository, 'GET', `/repos/web-team/website/git/blobs/${logo}`, undefined),
    ).toEqual({ status: 200, bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff]) });
  });

  it('signs the editor in as a collaborator, and records the dispatch of "Publish Changes"', () => {
    const repository = standIn();
    expect(answerRest(repository, 'GET', '/user', undefined)).toEqual({
      status: 200,
      json: { ...repository.user, html_url: 'https://github.com/desk-editor' },
    });
    const collaborator = '/repos/web-team/website/collaborators/desk-editor';
    expect(answerRest(repository, 'GET', collaborator, undefined)).toEqual({ status: 204 });
    const dispatch = { event_type: 'sveltia-cms-publish' };
    expect(answerRest(repository, 'POST', '/repos/web-team/website/dispatches', dispatch)).toEqual({
      status: 204,
    });
    expect(repository.dispatches).toEqual([dispatch]);
  });

  it('throws for a request it does not know: another user, another repository, a merge', () => {
    const repository = standIn();
    for (const [method, path] of [
      ['GET', '/repos/web-team/website/collaborators/someone-else'],
      ['GET', '/repos/other/website/git/trees/main?recursive=1'],
      ['GET', `/repos/web-team/website/git/blobs/${'0'.repeat(40)}`],
      ['PUT', '/repos/web-team/website/pulls/12/merge'],
    ] as const)
      expect(() => answerRest(repository, method, path, undefined), path).toThrow(
        `the stand-in GitHub does not know ${method} ${path}`,
      );
    expect(repository.dispatches).toEqual([]);
  });
});

describe('the GraphQL answers', () => {
  it('answers a batch of aliased fields as Sveltia writes them: texts, histories, PR files', () => {
    const repository = standIn();
    const sha = gitBlobSha(page);
    const query = `
    query($owner: String!, $repo: String!, $branch: String!) {
      repository(owner: $owner, name: $repo) {
        content_0: object(oid: ${JSON.stringify(sha)}) { ... on Blob { text isTruncated } }
commit_1: ref(qualifiedName: $branch) {
    target { ... on Commit { history(first: 1, path: "content/pages/contacts.en.md") {
      nodes { author { name email user { id: databaseId login } } committedDate } } } }
  }
file_2: object(expression: "cms/pages/contacts:content/pages/contacts.en.md") {
        ... on Blob { oid byteSize isBinary isTruncated text } }
      }
    }`;
    expect(answerGraphQL(repository, query, {})).toEqual({
      data: {
        repository: {
          content_0: { text: page.toString('utf8'), isTruncated: false },
          commit_1: {
            target: {
              history: {
                nodes: [
                  {
                    author: {
                      name: 'Desk editor',
                      email: 'editor@example.org',
                      user: { id: 7, login: 'desk-editor' },
                    },
                    committedDate: '2026-11-27',
                  },
                ],
              },
            },
          },
          file_2: {
            oid: gitBlobSha(Buffer.from(changed)),
            byteSize: Buffer.byteLength(changed),
            isBinary: false,
            isTruncated: false,
            text: changed,
          },
        },
      },
    });
  });

  it('lists the open pull requests with their status label and changed files', () => {
    const query = `query($owner: String!, $repo: String!) { repository(owner: $owner, name: $repo) {
      pullRequests(
        states: OPEN
        labels: ["sveltia-cms/draft"]
        first: 100
      ) { nodes { number } } } }`;
    const { data } = answerGraphQL(standIn(), query, {}) as {
      data: { repository: { pullRequests: { nodes: Record<string, unknown>[] } } };
    };
    const [node] = data.repository.pullRequests.nodes;
    expect(node).toMatchObject({
      number: 12,
      headRefName: 'cms/pages/contacts',
      isCrossRepository: false,
      labels: { nodes: [{ name: 'sveltia-cms/pending_review' }] },
      files: { nodes: [{ path: 'content/pages/contacts.en.md', changeType: 'MODIFIED' }] },
    });
  });

  it('gives the last commit of the branch, [skip ci] included, and throws for a mutation', () => {
    const lastCommit = `query($owner: String!, $repo: String!, $branch: String!) {
      repository(owner: $owner, name: $repo) { ref(qualifiedName: $branch) { target {
        ... on Commit { history(first: 1) {
              nodes {
                oid
                message
              } } } } } } }`;
    expect(answerGraphQL(standIn(), lastCommit, { branch: 'main' })).toEqual({
      data: {
        repository: {
          ref: {
            target: {
              history: {
                nodes: [{ oid: 'c'.repeat(40), message: 'Update Pages “contacts” [skip ci]' }],
              },
            },
          },
        },
      },
    });
    expect(() =>
      answerGraphQL(
        standIn(),
        'mutation($input: CreateRefInput!) { createRef(input: $input) }',
        {},
      ),
    ).toThrow('the stand-in GitHub does not know the GraphQL query mutation');
  });
});
