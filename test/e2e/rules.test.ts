// Settings rules and scope globs end to end (DESIGN 2.1): the real CLI against the emulator over
// real HTTP, the Acme example organization. A rule is applied and the next plan is empty; a
// literal key wins over it and the last matching rule wins; a repository that starts to be
// monitored is drift until apply writes it; scope globs; --target on a rule's address;
// --changed-from; a safety rail tripped by a rule; a saved plan gone stale when what a rule
// writes moved; and a config whose rules are invalid sends nothing.

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RepositoryConfigResponse, TeamGitScopeResponse } from '../../src/contract/git-types.js';
import { parsePlanJson } from '../../src/render/json.js';
import { countByRoute, runCounted } from '../helpers/counted-run.js';
import { apiRequests, writeConfig } from '../helpers/emulator.js';
import { useFreshAcme } from '../helpers/fresh-acme.js';
import { commitAll } from '../helpers/git-repo.js';

const RULES = `version: 1
integrations:
  code: { id: 20 }
  labs: { id: 21 }
git:
  repositories:
    acme/api:
      settings: { default_branch: { branch_name: trunk } }
    "acme/*":
      integration: code
      settings: { exclude_branches: { patterns: ["^dependabot/"] } }
    "acme/mobile-*":
      settings: { exclude_branches: { patterns: ["^dependabot/", "^release/"] } }
    "nothing/*":
      settings: {}
`;

/** The monitored (or failing) repositories of Acme Code under acme/: what `acme/*` can write. */
const ACME_ON_CODE = [1201, 1202, 1203, 1204, 1205, 1206, 1207, 1209, 1212, 1217, 1218, 1219, 1234];
const MOBILE = [1203, 1204];
/** What `acme/*` writes: not acme/api (a literal key), not the mobile ones (a later rule). */
const ACME_RULE = ACME_ON_CODE.filter((id) => id !== 1201 && !MOBILE.includes(id));

const acme = useFreshAcme('emctl-rules-');
const { emctl, api } = acme;

async function config(text: string): Promise<string> {
  return writeConfig(text, acme.dir);
}

const overrides = async (id: number) => {
  const { settings } = await api<RepositoryConfigResponse>('GET', `/api/v1/git/repositories/${id}/config`);
  return Object.fromEntries(Object.entries(settings).filter(([, s]) => s?.source === 'repository').map(([section, s]) => [section, s?.value]));
};

describe('settings rules', () => {
  it('are planned object by object, each naming its rule; applied, the next plan is empty', async () => {
    const path = await config(RULES);
    const text = await emctl(['plan', '-c', path]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('  ~ repo["acme/api"].settings.default_branch\n');
    expect(text.stdout).toContain('  + repo["acme/checkout"].settings.exclude_branches  (rule "acme/*")  [history-recompute, backfill]');
    expect(text.stdout).toContain('  + repo["acme/mobile-ios"].settings.exclude_branches  (rule "acme/mobile-*")');
    expect(text.stdout).toContain('  - repo["acme/web"].settings.releases_detection  (rule "acme/*")');
    expect(text.stdout).toMatch(/emctl\.yaml:\d+:\d+: rule "nothing\/\*" matches no repository monitored once this plan is applied/);

    const json = parsePlanJson((await emctl(['plan', '-c', path, '--format', 'json'])).stdout);
    const byRule = (rule: string | undefined) => json.changes.filter((c) => c.kind === 'repo-override' && c.rule === rule).map((c) => c.address);
    // The literal key wins over every rule: acme/api's change names no rule, and no rule writes it.
    expect(byRule(undefined)).toEqual(['repo["acme/api"].settings.default_branch']);
    // The last matching rule wins: the mobile repositories take the later rule's patterns.
    expect(byRule('acme/mobile-*')).toEqual(['repo["acme/mobile-android"].settings.exclude_branches', 'repo["acme/mobile-ios"].settings.exclude_branches']);
    expect(json.changes.find((c) => c.address === 'repo["acme/mobile-ios"].settings.exclude_branches')?.after).toEqual({ patterns: ['^dependabot/', '^release/'] });
    expect(json.rules?.map((r) => [r.rule, r.repositories])).toEqual([
      ['repo["acme/*"]', ACME_RULE.length],
      ['repo["acme/mobile-*"]', 2],
      ['repo["nothing/*"]', 0],
    ]);
    expect(json.warnings.map((w) => w.message)).toEqual(['rule "nothing/*" matches no repository monitored once this plan is applied']);

    const applied = await emctl(['apply', '-c', path, '--auto-approve']);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(await overrides(1201)).toEqual({ default_branch: { branch_name: 'trunk' } });
    expect(await overrides(1203)).toEqual({ exclude_branches: { patterns: ['^dependabot/', '^release/'] } });
    for (const id of ACME_RULE) expect(await overrides(id)).toEqual({ exclude_branches: { patterns: ['^dependabot/'] } });
    // A Labs repository no rule matches keeps what it had.
    expect(await overrides(2101)).toMatchObject({ coding_time_strategy: { method: 'issue_state_pr' } });

    const again = await emctl(['plan', '-c', path, '--format', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(parsePlanJson(again.stdout).changes).toEqual([]);
  });

  it('a repository that starts to be monitored is drift until apply writes it; one this config starts is written in the same plan', async () => {
    const path = await config(RULES);
    expect((await emctl(['apply', '-c', path, '--auto-approve'])).code).toBe(0);
    // Someone starts monitoring acme/docs in the service.
    await api('PATCH', '/api/v1/git/repositories', { repositories: [{ id: 1211, state: 'monitored' }] });
    const drift = await emctl(['drift', '-c', path]);
    expect(drift.code, drift.stderr).toBe(2);
    expect(drift.stdout).toContain('+ repo["acme/docs"].settings.exclude_branches  (rule "acme/*")');
    expect((await emctl(['apply', '-c', path, '--auto-approve'])).code).toBe(0);
    expect(await overrides(1211)).toEqual({ exclude_branches: { patterns: ['^dependabot/'] } });

    // The config starts monitoring acme/notifications: the rule writes it in the same plan.
    const starts = await config(RULES.replace('    acme/api:\n', '    acme/notifications:\n      monitored: true\n    acme/api:\n'));
    const plan = parsePlanJson((await emctl(['plan', '-c', starts, '--format', 'json'])).stdout);
    expect(plan.changes.map((c) => `${c.address} ${c.rule ?? ''}`)).toEqual([
      'repo["acme/notifications"].settings.exclude_branches acme/*',
      'repo["acme/notifications"].monitored ',
    ]);
    expect((await emctl(['apply', '-c', starts, '--auto-approve'])).code).toBe(0);
    expect(parsePlanJson((await emctl(['plan', '-c', starts, '--format', 'json'])).stdout).changes).toEqual([]);
  });

  it('an exported exact monitoring list and a rule: a planned stop of a repository the rule matches is warned about, naming both (text, JSON, Markdown)', async () => {
    const exported = join(acme.dir, 'exported.yaml');
    const done = await emctl(['export', '--out', exported]);
    expect(done.code, done.stderr).toBe(0);
    const text = await readFile(exported, 'utf8');
    expect(text).toMatch(/monitoring:\n\s+include:/);
    // The rule added under the exported repositories (or as the first entry when it has none).
    const rule = '    "acme/*":\n      settings: { exclude_branches: { patterns: ["^dependabot/"] } }\n';
    const withRule = /\n  repositories:\n/.test(text) ? text.replace(/\n  repositories:\n/, `\n  repositories:\n${rule}`) : text.replace(/\ngit:\n/, `\ngit:\n  repositories:\n${rule}`);
    const path = await config(withRule);
    // Two repositories start being monitored in the service; acme/notifications is later excluded on purpose.
    await api('PATCH', '/api/v1/git/repositories', { repositories: [{ id: 1211, state: 'monitored' }, { id: 1208, state: 'monitored' }] });
    const plan = await emctl(['plan', '-c', path]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('  - repo["acme/docs"].monitored');
    expect(plan.stdout).toMatch(/emctl\.yaml:\d+:\d+: repo\["acme\/docs"\] stops being monitored, though rule "acme\/\*" matches it: git\.monitoring\.include does not grow with rules/);
    expect(plan.stdout).toMatch(/repo\["acme\/notifications"\] stops being monitored, though rule "acme\/\*" matches it/);
    const json = parsePlanJson((await emctl(['plan', '-c', path, '--format', 'json'])).stdout);
    expect(json.warnings.map((w) => w.message).filter((m) => m.includes('stops being monitored'))).toEqual([
      'repo["acme/notifications"] stops being monitored, though rule "acme/*" matches it: git.monitoring.include does not grow with rules; add the repository (or a pattern) to git.monitoring.include to keep collecting it, or to git.monitoring.exclude to stop it on purpose',
      'repo["acme/docs"] stops being monitored, though rule "acme/*" matches it: git.monitoring.include does not grow with rules; add the repository (or a pattern) to git.monitoring.include to keep collecting it, or to git.monitoring.exclude to stop it on purpose',
    ]);
    const markdown = await emctl(['plan', '-c', path, '--format', 'markdown']);
    expect(markdown.stdout).toMatch(/^- `emctl\.yaml:\d+:\d+`: repo\\\["acme\/docs"\\\] stops being monitored, though rule "acme\/\\\*" matches it/m);

    // A stop written on purpose (an exclude entry) is not warned about.
    const excluded = await config(withRule.replace(/\n  monitoring:\n/, '\n  monitoring:\n    exclude: [acme/notifications]\n'));
    const quiet = parsePlanJson((await emctl(['plan', '-c', excluded, '--format', 'json'])).stdout);
    expect(quiet.warnings.map((w) => w.message).filter((m) => m.includes('stops being monitored'))).toEqual([expect.stringContaining('repo["acme/docs"]')]);
  });

  it('--target on a rule\'s address plans what the rule writes, reading those repositories\' configurations only', async () => {
    const path = await config(RULES);
    const run = await runCounted(acme.emulator, ['plan', '-c', path, '--target', 'repo["acme/mobile-*"]', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const plan = parsePlanJson(run.stdout);
    expect(plan.changes.map((c) => `${c.address} ${c.rule ?? ''}`)).toEqual([
      'repo["acme/mobile-android"].settings.exclude_branches acme/mobile-*',
      'repo["acme/mobile-ios"].settings.exclude_branches acme/mobile-*',
    ]);
    expect(plan.scope).toEqual({ narrowed_by: ['--target repo["acme/mobile-*"]'], objects: 1 });
    // The integrations list (the rules' aliases), the whole repository list (one page here: every
    // rule is kept, since which one writes a repository depends on all of them), and the two
    // configurations.
    expect(countByRoute(run.requests)).toEqual({
      'GET /api/v1/integrations': 1,
      'GET /api/v1/git/repositories': 1,
      'GET /api/v1/git/repositories/{repo_id}/config': 2,
    });
    expect(run.requests.filter((r) => r.path.endsWith('/config')).map((r) => r.path).sort()).toEqual(MOBILE.map((id) => `/api/v1/git/repositories/${id}/config`));

    // A repository a rule writes, by its own address.
    const one = parsePlanJson((await emctl(['plan', '-c', path, '--target', 'repo["acme/web"]', '--format', 'json'])).stdout);
    expect(one.changes.map((c) => c.address)).toEqual(['repo["acme/web"].settings.releases_detection', 'repo["acme/web"].settings.exclude_branches']);
    // One object of the config: the rule whose glob matches the repository named.
    expect(one.scope?.objects).toBe(1);
  });

  it('a safety rail counts the objects a rule expands to', async () => {
    const path = await config(RULES);
    expect((await emctl(['apply', '-c', path, '--auto-approve'])).code).toBe(0);
    // One rule now clears the overrides of every acme repository on Acme Code but acme/api.
    const clears = await config(RULES.replace('settings: { exclude_branches: { patterns: ["^dependabot/"] } }', 'settings: {}').replace(/    "acme\/mobile-\*":\n.*\n/, ''));
    const plan = await emctl(['plan', '-c', clears, '--format', 'json']);
    const removals = ACME_RULE.length + MOBILE.length;
    expect(parsePlanJson(plan.stdout).safety_refusals?.map((r) => r.message)).toEqual([
      `would remove ${Number(((removals / (removals + 1)) * 100).toFixed(2))}% (${removals}/${removals + 1}) of overrides of managed repositories; the limit is 25%`,
    ]);
    const before = (await apiRequests(acme.emulator.url)).length;
    const refused = await emctl(['apply', '-c', clears, '--auto-approve']);
    expect(refused.code, refused.stderr).toBe(3);
    expect((await apiRequests(acme.emulator.url)).slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
    const forced = await emctl(['apply', '-c', clears, '--auto-approve', '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await overrides(1203)).toEqual({});
  });

  it('a saved plan is stale once a rule writes other repositories than when it was made', async () => {
    const path = await config(RULES);
    expect((await emctl(['plan', '-c', path, '--out', 'plan.json'])).code).toBe(0);
    await api('PATCH', '/api/v1/git/repositories', { repositories: [{ id: 1211, state: 'monitored' }] });
    const before = (await apiRequests(acme.emulator.url)).length;
    const stale = await emctl(['apply', 'plan.json', '--auto-approve']);
    expect(stale.code, stale.stderr).toBe(3);
    expect(stale.stderr).toContain(
      `rule repo["acme/*"] wrote the settings of ${ACME_RULE.length} repositories when the plan was made and writes ${ACME_RULE.length + 1} repositories now`,
    );
    expect((await apiRequests(acme.emulator.url)).slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
    // Made again, it applies.
    expect((await emctl(['plan', '-c', path, '--out', 'plan.json'])).code).toBe(0);
    expect((await emctl(['apply', 'plan.json', '--auto-approve'])).code).toBe(0);
  });

  it('a rule that a later rule shadows entirely is a warning in validate and the plan, not a refusal', async () => {
    const path = await config(`version: 1
git:
  repositories:
    "acme/legacy-*":
      settings: { exclude_branches: { patterns: ["^old/"] } }
    "acme/*":
      settings: { exclude_branches: { patterns: ["^dependabot/"] } }
`);
    const validate = await emctl(['validate', '-c', path]);
    expect(validate.code, validate.stderr).toBe(0);
    expect(validate.stdout + validate.stderr).toMatch(/emctl\.yaml:4:5: warning: rule `acme\/legacy-\*` is never used: rule `acme\/\*` \(emctl\.yaml:6\), written after it/);
    const plan = await emctl(['plan', '-c', path, '--format', 'json']);
    expect(plan.code, plan.stderr).toBe(0);
    const json = parsePlanJson(plan.stdout);
    expect(json.warnings.map((w) => w.message)).toContain('rule "acme/legacy-*" writes no repository: a literal key or a later rule writes each one it matches');
    // The last matching rule wins: acme/legacy-billing takes acme/*.
    expect(json.changes.find((c) => c.address === 'repo["acme/legacy-billing"].settings.exclude_branches')?.rule).toBe('acme/*');
  });

  it('a config with invalid rules gets every error located, and nothing is sent', async () => {
    const path = await config(`version: 1
git:
  repositories:
    "acme/[ab]*":
      settings: {}
    "acme/*":
      monitored: true
teams:
  42:
    git:
      repositories: ["acme\\\\*"]
`);
    const result = await emctl(['plan', '-c', path]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('emctl.yaml:4:5: rule pattern "acme/[ab]*" uses `[...]` or `{...}`');
    expect(result.stderr).toContain('emctl.yaml:6:5: rule `acme/*` needs `settings:`');
    expect(result.stderr).toContain('emctl.yaml:7:7: `monitored` is not taken by a rule');
    expect(result.stderr).toContain('emctl.yaml:11:22: pattern "acme\\\\*" in team 42\'s Git repositories uses `\\`');
    expect(await apiRequests(acme.emulator.url)).toEqual([]);
  });
});

describe('scope globs', () => {
  it('a team\'s Git scope is every monitored repository its globs match, and the repositories it names', async () => {
    const path = await config(`version: 1
teams:
  43:
    git:
      repositories: ["labs/*", acme/checkout]
`);
    const plan = await emctl(['plan', '-c', path]);
    expect(plan.code, plan.stderr).toBe(0);
    // labs/research-papers is failing: a team scope takes monitored repositories only.
    // Each repository the glob brought in names it, as a settings rule's change does (text and JSON).
    expect(plan.stdout).toContain('~ team[43].git.repositories  + "labs/ml-pipeline", "labs/feature-store", "labs/embeddings"  (glob "labs/*": labs/ml-pipeline, labs/feature-store, labs/embeddings)');
    const json = parsePlanJson((await emctl(['plan', '-c', path, '--format', 'json'])).stdout);
    expect(json.changes.find((c) => c.address === 'team[43].git.repositories')?.globs).toEqual({ 2101: 'labs/*', 2102: 'labs/*', 2109: 'labs/*' });
    expect((await emctl(['apply', '-c', path, '--auto-approve'])).code).toBe(0);
    const scope = await api<TeamGitScopeResponse>('GET', '/api/v1/git/config/teams/43/scope');
    expect(scope.repositories.map((r) => r.id).sort()).toEqual([1205, 2101, 2102, 2109]);
    expect(parsePlanJson((await emctl(['plan', '-c', path, '--format', 'json'])).stdout).changes).toEqual([]);
  });
});

describe('--changed-from with rules', () => {
  it('plans the repositories whose rule-made override set changed, and reads only theirs', async () => {
    const path = await config(RULES);
    await commitAll(acme.dir, 'rules');
    expect((await emctl(['apply', '-c', path, '--auto-approve'])).code).toBe(0);
    // Now: the mobile rule takes one more pattern, and acme/search gets a literal key of its own.
    await writeFile(
      join(acme.dir, 'emctl.yaml'),
      RULES.replace('["^dependabot/", "^release/"]', '["^dependabot/", "^release/", "^hotfix/"]').replace('    acme/api:\n', '    acme/search:\n      settings: {}\n    acme/api:\n'),
      'utf8',
    );
    const counted = await runCounted(acme.emulator, ['plan', '-c', join(acme.dir, 'emctl.yaml'), '--changed-from', 'main', '--format', 'json']);
    expect(counted.code, counted.stderr).toBe(0);
    const plan = parsePlanJson(counted.stdout);
    expect(plan.changes.map((c) => `${c.action} ${c.address} ${c.rule ?? ''}`)).toEqual([
      'remove repo["acme/search"].settings.exclude_branches ',
      'update repo["acme/mobile-android"].settings.exclude_branches acme/mobile-*',
      'update repo["acme/mobile-ios"].settings.exclude_branches acme/mobile-*',
    ]);
    expect(plan.scope?.changed_from).toBe('main');
    expect(counted.requests.filter((r) => r.path.endsWith('/config')).map((r) => r.path).sort()).toEqual(
      [1203, 1204, 1207].map((id) => `/api/v1/git/repositories/${id}/config`),
    );
    expect(counted.requests).toHaveLength(1 + 1 + 3);
  });
});
