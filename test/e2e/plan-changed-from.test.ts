// `emctl plan --changed-from GIT_REF` and `apply --changed-from` end to end: a real git repository
// in a temporary directory, the real CLI, the real emulator over HTTP. The config at the ref and
// the one in the working tree differ in one team; the plan shows only that team's changes (not the
// org default that drifted in both), says it is scoped in every format, and reads only what that
// team needs: a bound computed here from the config and the plan, route by route.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorRequestLogEntry } from '../../src/contract/types.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { Plan } from '../../src/core/plan-model.js';
import { parsePlanJson } from '../../src/render/json.js';
import { ACME_IN_SYNC } from '../helpers/acme-configs.js';
import { runEmctl } from '../helpers/cli.js';
import { TEST_KEY, acmeFixture, against, apiRequests, startTestEmulator, tempDir } from '../helpers/emulator.js';
import { commitAll } from '../helpers/git-repo.js';

/** A fresh git repository with `files` committed as its only commit. */
async function repoWith(files: Record<string, string>): Promise<string> {
  const dir = await tempDir('emctl-changed-');
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), text, 'utf8');
  }
  await commitAll(dir);
  return dir;
}

// At the ref: the example org, with an org default that differs from live (14 days) and stays so:
// drift that a scoped plan must not show. Now: team 42 also gets the "frontend" label.
const AT_REF = ACME_IN_SYNC.replace('active_branches_duration: { days: 14 }', 'active_branches_duration: { days: 7 }');
const NOW = AT_REF.replace('labels: ["backend"]', 'labels: ["backend", "frontend"]');

let emulator: RunningEmulator;
let repo: string;

beforeAll(async () => {
  emulator = await startTestEmulator(await acmeFixture());
  repo = await repoWith({ 'config/emctl.yaml': AT_REF });
  await writeFile(join(repo, 'config/emctl.yaml'), NOW, 'utf8');
});
afterAll(async () => {
  await emulator.close();
});

async function emctl(args: string[], cwd = repo) {
  const target = against(emulator);
  return runEmctl([...args, ...target.args, '--rate-limit', '0'], { env: target.env, cwd });
}

async function requestsDuring<T>(work: () => Promise<T>): Promise<{ result: T; requests: EmulatorRequestLogEntry[] }> {
  const before = (await apiRequests(emulator.url)).length;
  const result = await work();
  return { result, requests: (await apiRequests(emulator.url)).slice(before) };
}

function routeOf(r: EmulatorRequestLogEntry): string {
  if (r.path.startsWith('/api/v2/pm/entities/')) return `${r.method} ${r.path} ${r.query.include_invalid === 'true' ? '[all]' : '[reachable]'}`;
  return `${r.method} ${r.path.replace(/\/teams\/\d+\/scope$/, '/teams/{team_id}/scope')}`;
}

/**
 * What planning team 42's PM scope on `tracker` needs, and nothing else: the integrations list
 * (the alias), the team's PM scope, the labels listed once with unreachable entities (the
 * "frontend" label is one the team's live scope does not name, so only the list can resolve it;
 * its boards, epics and fields are the ones the live scope names), and the reachable entities
 * again for each type the plan's write names (so a write naming an unreachable entity is
 * predicted refused). No Git scope, no repository, no org configuration: the org default that
 * drifted did not change since the ref.
 */
function oneTeamBound(plan: Plan): Record<string, number> {
  const bound: Record<string, number> = { 'GET /api/v1/integrations': 1, 'GET /api/v1/pm/config/teams/{team_id}/scope': 1 };
  bound['GET /api/v2/pm/entities/labels [all]'] = 1;
  for (const op of plan.operations) {
    const body = op.body as { teams?: { items: { scope?: Record<string, unknown[]> }[] }[] };
    for (const item of (body.teams ?? []).flatMap((t) => t.items)) {
      for (const [key, list] of Object.entries(item.scope ?? {})) if (list.length > 0) bound[`GET /api/v2/pm/entities/${key} [reachable]`] = 1;
    }
  }
  return bound;
}

describe('emctl plan --changed-from', () => {
  it("plans only the team that changed since the ref, and reads only what that team needs", async () => {
    const { result, requests } = await requestsDuring(() => emctl(['plan', '-c', 'config/emctl.yaml', '--changed-from', 'HEAD', '--format', 'json']));
    expect(result.code, result.stderr).toBe(0);
    const plan = parsePlanJson(result.stdout);
    expect(plan.changes.map((c) => c.address)).toEqual(['team[42].pm.tracker.labels']);
    expect(plan.scope).toEqual({ narrowed_by: ['--changed-from HEAD'], objects: 1, changed_from: 'HEAD' });
    expect(JSON.parse(result.stdout).scope).toEqual({ narrowed_by: ['--changed-from HEAD'], objects: 1, changed_from: 'HEAD' });

    expect(requests.every((r) => r.method === 'GET' && r.status === 200)).toBe(true);
    const byRoute: Record<string, number> = {};
    for (const r of requests) byRoute[routeOf(r)] = (byRoute[routeOf(r)] ?? 0) + 1;
    expect(byRoute).toEqual(oneTeamBound(plan));
    expect(requests.map((r) => r.path)).toContain('/api/v1/pm/config/teams/42/scope');
  });

  it('a full plan of the same config also shows the org default that drifted (which the scoped plan leaves to drift)', async () => {
    const result = await emctl(['plan', '-c', 'config/emctl.yaml', '--format', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(parsePlanJson(result.stdout).changes.map((c) => c.address).sort()).toEqual(['git.defaults.active_branches_duration', 'team[42].pm.tracker.labels']);
  });

  it('says it is scoped in text and Markdown too', async () => {
    const text = await emctl(['plan', '-c', 'config/emctl.yaml', '--changed-from', 'HEAD']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Scoped plan (--changed-from HEAD): 1 object whose desired state changed since HEAD read and planned; drift checks the rest.');
    expect(text.stdout).toContain('Plan: 0 to add, 1 to change, 0 to remove; 1 API call.');
    const md = await emctl(['plan', '-c', 'config/emctl.yaml', '--changed-from', 'HEAD', '--format', 'markdown']);
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toContain('Scoped plan (--changed-from HEAD): 1 object whose desired state changed since HEAD read and planned; drift checks the rest.');
  });

  it('intersects with --target: a target outside the changed objects plans nothing and reads nothing per object', async () => {
    const { result, requests } = await requestsDuring(() =>
      emctl(['plan', '-c', 'config/emctl.yaml', '--changed-from', 'HEAD', '--target', 'git.defaults', '--format', 'json']),
    );
    expect(result.code, result.stderr).toBe(0);
    const plan = parsePlanJson(result.stdout);
    expect(plan.changes).toEqual([]);
    expect(plan.scope).toMatchObject({ narrowed_by: ['--changed-from HEAD', '--target git.defaults'], objects: 0 });
    expect(requests.map((r) => r.path)).toEqual(['/api/v1/integrations']);
  });

  it('nothing changed since the ref: no changes, and objects deleted since are reported as no longer managed', async () => {
    const dir = await repoWith({ 'emctl.yaml': AT_REF });
    await writeFile(join(dir, 'emctl.yaml'), AT_REF.replace('    git:\n      repositories: [1201, 1234]\n      services: [7]\n', ''), 'utf8');
    const result = await emctl(['plan', '--changed-from', 'HEAD'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('0 objects whose desired state changed since HEAD');
    expect(result.stdout).toContain('1 object deleted from the config since HEAD is no longer managed: nothing is written for it.');
    expect(result.stdout).toContain('No changes in scope: 0 objects read; the rest was not checked.');
    expect(result.stdout).not.toContain('matches the configuration');
  });

  it('an edited monitoring pattern puts every monitoring state in scope (and nothing else); a deleted team is no longer managed', async () => {
    const withPatterns = AT_REF.replace('git:\n  defaults:', 'git:\n  monitoring: { include: ["acme/*"] }\n  defaults:');
    const dir = await repoWith({ 'emctl.yaml': withPatterns });
    const edited = withPatterns.replace('include: ["acme/*"]', 'include: ["acme/*"], exclude: ["acme/web"]').replace('    git:\n      repositories: [1201, 1234]\n      services: [7]\n', '');
    await writeFile(join(dir, 'emctl.yaml'), edited, 'utf8');
    const result = await emctl(['plan', '--changed-from', 'HEAD', '--format', 'json'], dir);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as { scope: unknown };
    expect(json.scope).toEqual({ narrowed_by: ['--changed-from HEAD'], objects: 1, changed_from: 'HEAD', no_longer_managed: 1, all_monitoring: true });
    const plan = parsePlanJson(result.stdout);
    expect(plan.scope).toEqual(json.scope);
    expect(plan.changes.length).toBeGreaterThan(0);
    expect(new Set(plan.changes.map((c) => c.kind))).toEqual(new Set(['monitoring']));
  });

  it('a directory config is read from git file by file', async () => {
    const [head, teams] = AT_REF.split('teams:\n');
    const dir = await repoWith({ 'cfg/a.yaml': head ?? '', 'cfg/b.yaml': `teams:\n${teams ?? ''}` });
    await writeFile(join(dir, 'cfg/b.yaml'), `teams:\n${(teams ?? '').replace('labels: ["backend"]', 'labels: ["backend", "frontend"]')}`, 'utf8');
    const result = await emctl(['plan', '-c', join(dir, 'cfg'), '--changed-from', 'main', '--format', 'json'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(parsePlanJson(result.stdout).changes.map((c) => c.address)).toEqual(['team[42].pm.tracker.labels']);
  });
});

describe('emctl plan --changed-from: clear errors, exit 1, nothing sent', () => {
  it.each([
    ['an unknown ref', async () => repo, ['--changed-from', 'no-such-branch'], 'unknown git ref "no-such-branch"'],
    ['an option-like ref', async () => repo, ['--changed-from=--output=x'], 'is not a git ref'],
    ['not a git repository', async () => tempDir('emctl-nogit-'), [], 'is not inside a git repository'],
  ])('%s', async (_name, where, extra, message) => {
    const dir = await where();
    const config = join(dir, 'config/emctl.yaml');
    await mkdir(join(dir, 'config'), { recursive: true });
    await writeFile(config, NOW, 'utf8');
    const { result, requests } = await requestsDuring(() => emctl(['plan', '-c', config, ...(extra.length > 0 ? extra : ['--changed-from', 'HEAD'])], dir));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
    expect(requests).toEqual([]);
  });

  it('the config did not exist at the ref: suggests a plain plan', async () => {
    const dir = await repoWith({ 'README.md': 'hello\n' });
    await writeFile(join(dir, 'emctl.yaml'), NOW, 'utf8');
    await commitAll(dir, 'add config');
    const result = await emctl(['plan', '--changed-from', 'HEAD~1'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the config did not exist at HEAD~1 (no HEAD~1:emctl.yaml)');
    expect(result.stderr).toContain('run a plain "emctl plan"');
  });

  it('the config at the ref is invalid: an error naming the ref, each problem located at REF:path', async () => {
    const dir = await repoWith({ 'emctl.yaml': AT_REF.replace('methodology: Scrum', 'methodology: Waterfall') });
    await writeFile(join(dir, 'emctl.yaml'), NOW, 'utf8');
    const { result, requests } = await requestsDuring(() => emctl(['plan', '--changed-from', 'HEAD'], dir));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the config at HEAD is not valid (1 error)');
    expect(result.stderr).toMatch(/HEAD:emctl\.yaml:\d+:\d+/);
    expect(requests).toEqual([]);
  });

  it('apply PLANFILE refuses --changed-from (a saved plan is scoped as it was made)', async () => {
    const result = await emctl(['apply', 'plan.json', '--changed-from', 'HEAD']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('give --changed-from to "emctl plan --out"');
  });
});

describe('emctl apply --changed-from', () => {
  it('applies only the changed team; the drifted org default is left for drift; a second scoped plan is empty', async () => {
    const { result, requests } = await requestsDuring(() => emctl(['apply', '-c', 'config/emctl.yaml', '--changed-from', 'HEAD', '--auto-approve', '--journal', join(repo, 'j.jsonl')]));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Scoped plan (--changed-from HEAD)');
    const writes = requests.filter((r) => r.method !== 'GET');
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(['PATCH /api/v1/pm/config/teams/scope']);
    const again = await emctl(['plan', '-c', 'config/emctl.yaml', '--changed-from', 'HEAD', '--format', 'json']);
    expect(parsePlanJson(again.stdout).changes).toEqual([]);
    const full = await emctl(['plan', '-c', 'config/emctl.yaml', '--format', 'json']);
    expect(parsePlanJson(full.stdout).changes.map((c) => c.address)).toEqual(['git.defaults.active_branches_duration']);
    expect(result.stdout + result.stderr).not.toContain(TEST_KEY);
  });
});
