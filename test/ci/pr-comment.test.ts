// scripts/pr-comment.mjs on its own, against the platform stub: who a token writes as, and the
// GraphQL endpoint it asks when GET /user is refused. The whole flow through the examples and the
// Action is in examples-run.test.ts.

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GITHUB_APP, GITHUB_BOT, GITHUB_USER, startPlatformStub, type PlatformStub } from './platform-stub.js';
import { ROOT } from './run-examples.js';

interface PrComment {
  graphqlUrl(env: Record<string, string>): string;
  upsertComment(opts: Record<string, string>, env: Record<string, string>, body: string): Promise<{ action: string; id: number }>;
}

// A variable path: the script is plain JavaScript with no type declarations.
const script = pathToFileURL(join(ROOT, 'scripts/pr-comment.mjs')).href;
const { graphqlUrl, upsertComment } = (await import(script)) as PrComment;

let stub: PlatformStub;
beforeAll(async () => {
  stub = await startPlatformStub();
});
afterAll(async () => {
  await stub?.close();
});

describe('graphqlUrl', () => {
  it.each([
    [{ GITHUB_GRAPHQL_URL: 'https://api.github.com/graphql', GITHUB_API_URL: 'https://api.github.com' }, 'https://api.github.com/graphql'],
    [{}, 'https://api.github.com/graphql'],
    [{ GITHUB_API_URL: 'https://api.github.com/' }, 'https://api.github.com/graphql'],
    [{ GITHUB_API_URL: 'https://github.example.com/api/v3' }, 'https://github.example.com/api/graphql'],
    [{ GITHUB_API_URL: 'https://github.example.com/api/v3/' }, 'https://github.example.com/api/graphql'],
  ])('%j -> %s', (env, url) => {
    expect(graphqlUrl(env)).toBe(url);
  });
});

describe('the comment is matched by marker and by the token\'s own author', () => {
  const MARKER = '<!-- emctl-plan -->';
  const env = (token: string) => ({ GITHUB_API_URL: stub.url, GITHUB_REPOSITORY: 'acme/settings', PR_NUMBER: '7', GITHUB_TOKEN: token });
  const opts = { platform: 'github', marker: MARKER };

  it.each([
    ['the Actions token', 'actions-token', GITHUB_BOT],
    ['a GitHub App token', 'app-token', GITHUB_APP],
    ['a personal access token', 'pat-token', GITHUB_USER],
  ] as const)('%s: created, then updated; the others\' marker comments untouched', async (_, token, identity) => {
    stub.notes.length = 0;
    stub.githubTokens.clear();
    stub.githubTokens.set('app-token', GITHUB_APP);
    stub.githubTokens.set('pat-token', GITHUB_USER);
    const others = [GITHUB_BOT, GITHUB_APP, GITHUB_USER].filter((o) => o !== identity);
    others.forEach((o, i) => stub.notes.push({ id: i + 1, body: `${MARKER}\nby ${o.login}`, login: o.login, userId: o.id }));
    const created = await upsertComment(opts, env(token), `${MARKER}\nplan 1`);
    expect(created.action).toBe('created');
    const updated = await upsertComment(opts, env(token), `${MARKER}\nplan 2`);
    expect(updated).toEqual({ action: 'updated', id: created.id });
    expect(stub.notes.filter((n) => n.login === identity.login).map((n) => n.body)).toEqual([`${MARKER}\nplan 2`]);
    others.forEach((o, i) => expect(stub.notes[i]!.body).toBe(`${MARKER}\nby ${o.login}`));
  });

  it('GraphQL unreachable: the Actions bot is assumed, with a warning that names --author', async () => {
    stub.notes.length = 0;
    stub.graphql = false;
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await upsertComment(opts, env('actions-token'), `${MARKER}\nplan`)).action).toBe('created');
      expect((await upsertComment(opts, env('actions-token'), `${MARKER}\nplan`)).action).toBe('updated');
    } finally {
      stub.graphql = true;
    }
    const warnings = spy.mock.calls.map((c) => String(c[0]));
    spy.mockRestore();
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('assuming github-actions[bot]');
    expect(warnings[0]).toContain('--author <app-slug>[bot]');
    expect(warnings[0]).not.toContain('actions-token');
  });
});

describe('a token GitHub does not accept', () => {
  it('fails with the 401, without guessing an author', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(
        upsertComment({ platform: 'github', marker: '<!-- emctl-plan -->' }, { GITHUB_API_URL: stub.url, GITHUB_REPOSITORY: 'acme/settings', PR_NUMBER: '7', GITHUB_TOKEN: '' }, 'x'),
      ).rejects.toThrow('GITHUB_TOKEN is not set');
      stub.requests.length = 0;
      stub.badTokens.add('expired-token');
      await expect(
        upsertComment({ platform: 'github', marker: '<!-- emctl-plan -->' }, { GITHUB_API_URL: stub.url, GITHUB_REPOSITORY: 'acme/settings', PR_NUMBER: '7', GITHUB_TOKEN: 'expired-token' }, 'x'),
      ).rejects.toThrow('GET /user answered 401');
      expect(spy).not.toHaveBeenCalled();
      expect(stub.requests.map((r) => r.path)).toEqual(['/user']);
    } finally {
      spy.mockRestore();
    }
  });
});
