// Every shell step of every CI example, run against the emulator (the "service") and a local stub
// of the platform's REST API (test/ci/platform-stub.ts): the plan comment is created once, then
// updated (found by marker AND author, past the first page); a run without the key plans against
// the snapshot and says so; a read-only token puts the plan in the job summary; apply applies and
// leaves nothing to do; drift opens one issue, then updates it. GitHub examples run through this
// repository's action.yml (`uses: emctl/emctl@REF`, which must be pinned).

import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { acmeFixture } from '../export/helpers.js';
import { runEmctl } from '../helpers/cli.js';
import { GITHUB_APP, GITHUB_BOT, GITHUB_USER, GITLAB_BOT, startPlatformStub, type GithubIdentity, type PlatformStub } from './platform-stub.js';
import { EMCTL_ACTION, ROOT, runGithubJob, runGitlabJob, type Context, type JobResult } from './run-examples.js';

const MARKER = '<!-- emctl-plan -->';

let emulator: RunningEmulator;
let stub: PlatformStub;
let workspace: string;
let key: string;
/** `emctl` on PATH for the GitLab jobs: this checkout's dist/, in place of the pinned install. */
let shimDir: string;

/** A repository as a team would have it: the config in emctl/, a snapshot next to it. */
async function makeWorkspace(url: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'emctl-ws-'));
  mkdirSync(join(dir, 'emctl'));
  cpSync(join(ROOT, 'examples/acme/emctl.yaml'), join(dir, 'emctl', 'emctl.yaml'));
  const snap = await runEmctl(['--base-url', url, 'export', '--fixture', '-c', 'emctl/', '--out', 'emctl-snapshot.yaml'], { cwd: dir, env: { EMCTL_API_KEY: key } });
  expect(snap.code, snap.stderr).toBe(0);
  return dir;
}

function baseEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? tmpdir(), NO_COLOR: '1' };
}

function githubContext(opts: { key?: string; token?: string; pr?: boolean } = {}): Context {
  return {
    cwd: workspace,
    env: {
      ...baseEnv(),
      GITHUB_API_URL: stub.url,
      GITHUB_REPOSITORY: 'acme/settings',
      GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
    },
    values: {
      'secrets.EMCTL_API_KEY': opts.key ?? key,
      'vars.EMCTL_BASE_URL': emulator.url,
      'github.token': opts.token ?? 'repo-token',
      'runner.os': 'Linux',
      ...(opts.pr === false ? {} : { 'github.event.pull_request.number': '7' }),
    },
  };
}

function gitlabContext(opts: { key?: string } = {}): Context {
  return {
    cwd: workspace,
    env: {
      ...baseEnv(),
      PATH: `${shimDir}:${baseEnv().PATH}`,
      EMCTL_API_KEY: opts.key ?? key,
      EMCTL_BASE_URL: emulator.url,
      EMCTL_GITLAB_TOKEN: 'project-token',
      EMCTL_HOME: ROOT,
      CI_API_V4_URL: `${stub.url}/api/v4`,
      CI_PROJECT_ID: '42',
      CI_MERGE_REQUEST_IID: '7',
      CI_COMMIT_SHORT_SHA: '0123456',
    },
    values: {},
  };
}

/** The pinned install is replaced by emctl from this checkout (the tarball test installs it for real). */
const gitlabInstall = (line: string) => line.startsWith('npm install --global');

function failure(job: JobResult | { stdout: string; stderr: string }): string {
  return 'steps' in job ? job.steps.map((s) => `--- ${s.name} (${s.code})\n${s.stdout}\n${s.stderr}`).join('\n') : `${job.stdout}\n${job.stderr}`;
}

function ours(login: string) {
  return stub.notes.filter((n) => n.login === login && n.body.includes(MARKER));
}

beforeAll(async () => {
  const fixture = acmeFixture();
  key = fixture.api_keys[0]!;
  emulator = await startEmulator({ fixture, port: 0, host: '127.0.0.1' });
  stub = await startPlatformStub();
  workspace = await makeWorkspace(emulator.url);
  shimDir = mkdtempSync(join(tmpdir(), 'emctl-shim-'));
  writeFileSync(join(shimDir, 'emctl'), `#!/bin/sh\nexec node ${JSON.stringify(join(ROOT, 'dist/cli/bin.js'))} "$@"\n`, { mode: 0o755 });
});

afterAll(async () => {
  await emulator?.close();
  await stub?.close();
});

/** A change made outside emctl, straight through the service's API. */
async function service(method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
}

function seedOthersNotes(): void {
  stub.notes.length = 0;
  // Two pages of other people's comments; two of them quote the marker (a reviewer pasting the
  // plan): neither is ours, and the second is on page 2.
  for (let i = 0; i < 130; i += 1) {
    stub.notes.push({ id: i + 1, body: i === 3 || i === 120 ? `quoting:\n${MARKER}\nold plan` : `comment ${i}`, login: 'reviewer', userId: 5 });
  }
}

describe('GitHub examples through action.yml', () => {
  it('every use of the Action is pinned to a tag or a full commit SHA', () => {
    for (const file of ['plan.yml', 'apply.yml', 'drift.yml', 'metrics.yml', 'goals.yml']) {
      const text = readFileSync(join(ROOT, 'examples/ci/github-actions', file), 'utf8');
      const uses = [...text.matchAll(/^\s*(?:- )?uses:\s*(emctl\/emctl@\S+)/gm)].map((m) => m[1]!);
      expect(uses.length, file).toBeGreaterThan(0);
      for (const u of uses) expect(EMCTL_ACTION.exec(u)![1]).toMatch(/^(v\d+\.\d+\.\d+|[0-9a-f]{40})$/);
      expect(text).not.toMatch(/npm install --global "?emctl@/);
    }
  });

  it('plan.yml: validates, plans, creates the one comment, then updates it on the next push', async () => {
    seedOthersNotes();
    const first = await runGithubJob('examples/ci/github-actions/plan.yml', 'plan', githubContext());
    expect(first.ok, failure(first)).toBe(true);
    expect(first.outputs.plan?.exitcode).toBe('2');
    expect(ours(GITHUB_BOT.login)).toHaveLength(1);
    const comment = ours(GITHUB_BOT.login)[0]!;
    expect(comment.body.startsWith(MARKER)).toBe(true);
    expect(comment.body).toContain('Plan: ');
    expect(comment.body).toContain('against the live service');
    // Read 100 per page, up to the last page.
    const lists = stub.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/issues/7/comments'));
    expect(lists.map((r) => r.query.get('per_page'))).toEqual(['100', '100']);

    const second = await runGithubJob('examples/ci/github-actions/plan.yml', 'plan', githubContext());
    expect(second.ok, failure(second)).toBe(true);
    expect(ours(GITHUB_BOT.login)).toHaveLength(1);
    const writes = stub.requests.filter((r) => r.method !== 'GET' && r.path !== '/graphql').map((r) => `${r.method} ${r.path}`);
    expect(writes).toEqual(['POST /repos/acme/settings/issues/7/comments', `PATCH /repos/acme/settings/issues/comments/${comment.id}`]);
    // The reviewers' comments quoting the marker are untouched.
    expect(stub.notes.filter((n) => n.login === 'reviewer' && n.body.includes('old plan'))).toHaveLength(2);
  });

  // The Action's github-token may be the workflow's token (above), a GitHub App installation token
  // (refused GET /user: the author comes from the GraphQL viewer, `<app-slug>[bot]`), or a person's
  // token (GET /user). Each finds its own comment; marker comments by any other author, a bot
  // included, are never touched.
  for (const [kind, token, identity] of [
    ['a GitHub App installation token', 'app-token', GITHUB_APP],
    ['a personal access token', 'pat-token', GITHUB_USER],
  ] as const satisfies readonly (readonly [string, string, GithubIdentity])[]) {
    it(`plan.yml with ${kind}: the one comment is created, then updated; others' marker comments untouched`, async () => {
      seedOthersNotes();
      const others = [GITHUB_BOT, GITHUB_APP, GITHUB_USER].filter((o) => o !== identity);
      for (const [i, other] of others.entries()) stub.notes.splice(40 + i * 50, 0, { id: 500 + i, body: `${MARKER}\nan older plan by ${other.login}`, login: other.login, userId: other.id });
      const before = new Map(stub.notes.map((n) => [n.id, n.body]));
      stub.githubTokens.set(token, identity);
      stub.requests.length = 0;
      const first = await runGithubJob('examples/ci/github-actions/plan.yml', 'plan', githubContext({ token }));
      expect(first.ok, failure(first)).toBe(true);
      expect(ours(identity.login)).toHaveLength(1);
      const comment = ours(identity.login)[0]!;
      expect(comment.body).toContain('Plan: ');
      const second = await runGithubJob('examples/ci/github-actions/plan.yml', 'plan', githubContext({ token }));
      expect(second.ok, failure(second)).toBe(true);
      expect(second.steps.find((s) => s.name === 'emctl plan')!.stdout).toContain(`emctl comment: updated ${comment.id}`);
      expect(ours(identity.login)).toHaveLength(1);
      const writes = stub.requests.filter((r) => r.method !== 'GET' && r.path !== '/graphql').map((r) => `${r.method} ${r.path}`);
      expect(writes).toEqual(['POST /repos/acme/settings/issues/7/comments', `PATCH /repos/acme/settings/issues/comments/${comment.id}`]);
      // How the author was learned: GET /user for a person; refused, then the GraphQL viewer, for an App.
      const asked = stub.requests.filter((r) => r.path === '/user' || r.path === '/graphql').map((r) => `${r.method} ${r.path}`);
      expect(asked).toEqual(identity.kind === 'user' ? ['GET /user', 'GET /user'] : ['GET /user', 'POST /graphql', 'GET /user', 'POST /graphql']);
      for (const [id, body] of before) expect(stub.notes.find((n) => n.id === id)!.body).toBe(body);
    });
  }

  it('plan.yml with an App token when GraphQL cannot be reached: the comment-author input names the bot', async () => {
    seedOthersNotes();
    stub.notes.push({ id: 600, body: `${MARKER}\nby the Actions bot`, login: GITHUB_BOT.login, userId: GITHUB_BOT.id });
    stub.githubTokens.set('app-token', GITHUB_APP);
    stub.graphql = false;
    try {
      const workflow = readFileSync(join(ROOT, 'examples/ci/github-actions/plan.yml'), 'utf8').replace(
        '          snapshot: emctl-snapshot.yaml\n',
        `          snapshot: emctl-snapshot.yaml\n          comment-author: ${GITHUB_APP.login}\n`,
      );
      const file = join(workspace, 'plan-with-author.yml');
      writeFileSync(file, workflow);
      for (const action of ['created', 'updated']) {
        const job = await runGithubJob(file, 'plan', githubContext({ token: 'app-token' }));
        expect(job.ok, failure(job)).toBe(true);
        expect(job.steps.find((s) => s.name === 'emctl plan')!.stdout).toContain(`emctl comment: ${action}`);
      }
      expect(ours(GITHUB_APP.login)).toHaveLength(1);
      expect(stub.notes.find((n) => n.id === 600)!.body).toBe(`${MARKER}\nby the Actions bot`);
    } finally {
      stub.graphql = true;
    }
  });

  it('plan.yml on a fork: no key, read-only token -> planned against the snapshot, said so, in the job summary', async () => {
    seedOthersNotes();
    stub.requests.length = 0;
    stub.readOnlyTokens.add('fork-token');
    const job = await runGithubJob('examples/ci/github-actions/plan.yml', 'plan', githubContext({ key: '', token: 'fork-token' }));
    expect(job.ok, failure(job)).toBe(true);
    const step = job.steps.find((s) => s.name === 'emctl plan')!;
    expect(step.stdout).toContain('the note is in the job summary instead');
    expect(ours(GITHUB_BOT.login)).toHaveLength(0);
    expect(job.summary.startsWith(MARKER)).toBe(true);
    expect(job.summary).toContain('against the committed snapshot `emctl-snapshot.yaml`, not the live service: this run has no API key');
  });

  it('plan.yml on a fork with no snapshot committed: not planned, said so, and the job passes', async () => {
    // The same repository without emctl-snapshot.yaml (the example names it; a team may never commit one).
    const bare = mkdtempSync(join(tmpdir(), 'emctl-ws-bare-'));
    cpSync(join(workspace, 'emctl'), join(bare, 'emctl'), { recursive: true });
    stub.readOnlyTokens.add('fork-token');
    const job = await runGithubJob('examples/ci/github-actions/plan.yml', 'plan', { ...githubContext({ key: '', token: 'fork-token' }), cwd: bare });
    expect(job.ok, failure(job)).toBe(true);
    expect(job.outputs.plan?.exitcode).toBe('0');
    expect(job.summary.startsWith(MARKER)).toBe(true);
    expect(job.summary).toContain(':warning: **Not planned: this run has no API key.**');
    expect(job.summary).toContain('The snapshot `emctl-snapshot.yaml` is not in the repository: commit it');
    expect(failure(job)).not.toMatch(/cannot read emulator fixture|Error:/);
  });

  it('apply.yml applies, keeps the journal as an artifact whatever the outcome, and the check finds nothing left to do', async () => {
    const job = await runGithubJob('examples/ci/github-actions/apply.yml', 'apply', githubContext({ pr: false }));
    expect(job.ok, failure(job)).toBe(true);
    expect(job.outputs.check?.exitcode).toBe('0');
    expect(readdirSync(join(workspace, '.emctl')).some((f) => /^journal-.*\.jsonl$/.test(f))).toBe(true);
    const steps = (parse(readFileSync(join(ROOT, 'examples/ci/github-actions/apply.yml'), 'utf8')) as { jobs: { apply: { steps: { uses?: string; if?: string; with?: Record<string, string> }[] } } }).jobs.apply.steps;
    const upload = steps.find((st) => st.uses?.startsWith('actions/upload-artifact@'));
    expect(upload).toMatchObject({ if: 'always()', with: { path: '.emctl/' } });
  });

  it('drift.yml: in sync -> no issue; drift -> one issue opened (job fails), then updated', async () => {
    const inSync = await runGithubJob('examples/ci/github-actions/drift.yml', 'drift', githubContext({ pr: false }));
    expect(inSync.ok, failure(inSync)).toBe(true);
    expect(stub.issues).toHaveLength(0);
    // Someone changes a setting by hand.
    await service('PATCH', '/api/v1/git/config', { active_branches_duration: { days: 14 } });
    const drifted = await runGithubJob('examples/ci/github-actions/drift.yml', 'drift', githubContext({ pr: false }));
    expect(drifted.ok).toBe(false);
    expect(drifted.outputs.drift?.exitcode).toBe('2');
    expect(stub.issues.map((i) => [i.state, i.labels])).toEqual([['open', ['emctl-drift']]]);
    const again = await runGithubJob('examples/ci/github-actions/drift.yml', 'drift', githubContext({ pr: false }));
    expect(again.ok).toBe(false);
    expect(stub.issues).toHaveLength(1);
    expect(stub.issues[0]!.body).toContain('<!-- emctl-drift -->');
  });
});

describe('metrics examples', () => {
  it('metrics.yml: the Action installs emctl on PATH, then the measurement steps write their files', async () => {
    const job = await runGithubJob('examples/ci/github-actions/metrics.yml', 'metrics', githubContext({ pr: false }));
    expect(job.ok, failure(job)).toBe(true);
    expect(readFileSync(join(workspace, 'metrics/weekly-delivery.csv'), 'utf8')).toMatch(/^after,before,team_id/);
    expect(job.summary).toContain('|');
  });

  it('gitlab-ci.yml metrics job', async () => {
    const job = await runGitlabJob('metrics', gitlabContext(), gitlabInstall);
    expect(job.code, failure(job)).toBe(0);
  });
});

describe('goals examples', () => {
  const GOALS_MARKER = '<!-- emctl-goals -->';
  const digests = () => stub.issues.filter((i) => i.labels.includes('emctl-goals'));

  it('goals.yml: judges the goals and posts the digest to one issue, then updates it in place', async () => {
    stub.requests.length = 0;
    const first = await runGithubJob('examples/ci/github-actions/goals.yml', 'goals', githubContext({ pr: false }));
    expect(first.ok, failure(first)).toBe(true);
    expect(['0', '2']).toContain(first.outputs.goals?.exitcode);
    expect(digests().map((i) => [i.state, i.title])).toEqual([['open', 'Engineering goals: the weekly digest']]);
    const issue = digests()[0]!;
    expect(issue.body.startsWith(`${GOALS_MARKER}\n## emctl goals\n**3 goals: `)).toBe(true);
    expect(issue.body).toContain('| Goal | Metric | Threshold | Judged | Missed | Met | No data |');
    expect(issue.body).toContain('review-speed');
    expect(first.summary).toContain(GOALS_MARKER);
    const second = await runGithubJob('examples/ci/github-actions/goals.yml', 'goals', githubContext({ pr: false }));
    expect(second.ok, failure(second)).toBe(true);
    expect(digests()).toHaveLength(1);
    const writes = stub.requests.filter((r) => r.method !== 'GET' && r.path !== '/graphql').map((r) => `${r.method} ${r.path}`);
    expect(writes).toEqual(['POST /repos/acme/settings/issues', `PATCH /repos/acme/settings/issues/${issue.number}`]);
  });

  it('gitlab-ci.yml goals job: the digest to one issue, updated in place', async () => {
    stub.issues.length = 0;
    for (const action of ['created', 'updated']) {
      const job = await runGitlabJob('goals', gitlabContext(), gitlabInstall);
      expect(job.code, failure(job)).toBe(0);
      expect(job.stdout).toContain(`emctl issue: ${action}`);
    }
    expect(digests().map((i) => [i.state, i.title])).toEqual([['open', 'Engineering goals: the weekly digest']]);
    expect(digests()[0]!.body.startsWith(GOALS_MARKER)).toBe(true);
  });
});

describe('GitLab example', () => {
  it('installs emctl from a pinned git URL, never a registry name', () => {
    const file = parse(readFileSync(join(ROOT, 'examples/ci/gitlab-ci.yml'), 'utf8')) as { variables: Record<string, string> };
    expect(file.variables.EMCTL_SOURCE).toMatch(/^git\+https:\/\/github\.com\/emctl\/emctl\.git#(v\d+\.\d+\.\d+|[0-9a-f]{40})$/);
  });

  it('plan: the one note is created, then updated; apply; drift in sync', async () => {
    seedOthersNotes();
    stub.requests.length = 0;
    await service('POST', '/_emulator/reset');
    const first = await runGitlabJob('plan', gitlabContext(), gitlabInstall);
    expect(first.code, failure(first)).toBe(0);
    expect(ours(GITLAB_BOT.login), failure(first)).toHaveLength(1);
    expect(first.stdout).toContain('emctl comment: created');
    const second = await runGitlabJob('plan', gitlabContext(), gitlabInstall);
    expect(second.code, failure(second)).toBe(0);
    expect(second.stdout).toContain('emctl comment: updated');
    expect(ours(GITLAB_BOT.login)).toHaveLength(1);
    const pages = stub.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/notes')).map((r) => r.query.get('page'));
    expect(pages).toEqual([null, '2', null, '2']);

    const apply = await runGitlabJob('apply', gitlabContext(), gitlabInstall);
    expect(apply.code, failure(apply)).toBe(0);
    const file = parse(readFileSync(join(ROOT, 'examples/ci/gitlab-ci.yml'), 'utf8')) as { apply: { artifacts: { when: string; paths: string[] } } };
    expect(file.apply.artifacts).toMatchObject({ when: 'always', paths: ['.emctl/'] });
    const drift = await runGitlabJob('drift', gitlabContext(), gitlabInstall);
    expect(drift.code, failure(drift)).toBe(0);
  });

  it('plan without the key (a fork): planned against the snapshot, and the note says so', async () => {
    seedOthersNotes();
    const job = await runGitlabJob('plan', gitlabContext({ key: '' }), gitlabInstall);
    expect(job.code, failure(job)).toBe(0);
    expect(ours(GITLAB_BOT.login)[0]!.body).toContain('the committed snapshot emctl-snapshot.yaml, not the live service');
  });
});

