// The read lower bound, end to end: for a generated organization of 1,000 repositories and 100
// teams and a config touching every kind of object, `emctl plan` makes exactly the calls the
// rules allow (docs/performance.md), no more, counted by the emulator itself. The expected count
// is computed here, independently of src/state, from the config document and the fixture.

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { generateFixture } from '../../src/emulator/index.js';
import { parsePlanJson } from '../../src/render/json.js';
import { runEmctl } from '../helpers/cli.js';
import { countByRoute, runCounted } from '../helpers/counted-run.js';
import { docOfChanges, emptyDoc, lowerBound, namedByWrites } from '../helpers/read-bound.js';
import { useConfiguredEmulator } from '../helpers/configured-emulator.js';
import { against, apiRequests, tempDir } from '../helpers/emulator.js';
import { commitAll } from '../helpers/git-repo.js';
import { generatedConfig, type GeneratedConfigDoc } from '../helpers/generated-org.mjs';

const org = useConfiguredEmulator(
  () => generateFixture({ repos: 1000, teams: 100, boards: 2500, seed: 42 }),
  (fixture) => generatedConfig(fixture, { pmTeams: 60, gitTeams: 50, settingsRepos: 100 }),
);

describe('emctl plan on 1,000 repositories and 100 teams', () => {
  it('makes exactly the lower bound of requests, all GETs', async () => {
    const target = against(org.emulator);
    const result = await runEmctl(['plan', '-c', org.configPath, ...target.args, '--rate-limit', '0', '--format', 'json'], { env: target.env });
    expect(result.code, result.stderr).toBe(0);

    // The config touched every kind of object, and the plan has work of each kind.
    const plan = parsePlanJson(result.stdout);
    expect(new Set(plan.changes.map((c) => c.kind))).toEqual(
      new Set(['selection', 'pm-scope', 'git-scope', 'org-default', 'repo-override', 'monitoring']),
    );

    // Every change names the one read its live value came from, and that read was made.
    const attributed = plan.reads.flatMap((r) => r.addresses);
    expect([...attributed].sort()).toEqual(plan.changes.map((c) => c.address).sort());

    const requests = await apiRequests(org.emulator.url);
    const canonical = (path: string, query: URLSearchParams) => (query.size > 0 ? `${path}?${query.toString()}` : path);
    const made = new Set(requests.map((r) => canonical(r.path, new URLSearchParams(r.query as Record<string, string>))));
    for (const read of plan.reads) {
      const [path = '', query = ''] = read.path.split('?');
      expect(made, read.path).toContain(canonical(path, new URLSearchParams(query)));
    }
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(requests.filter((r) => r.status !== 200)).toEqual([]);
    const byRoute = countByRoute(requests);
    // The smallest filters: used_by only on the selected-only re-read; a list without unreachable
    // entities only for the re-read of an (integration, type) whose entities the plan's writes name
    // (the bound counts each kind of read apart).
    const named = namedByWrites(plan);
    for (const r of requests.filter((x) => x.path.startsWith('/api/v2/pm/entities/'))) {
      const type = r.path.split('/').pop() ?? '';
      expect(r.query.with_used_by, r.path).toBe(r.query.is_selected_for_collection === 'true' ? 'true' : 'false');
      if (r.query.include_invalid !== 'true') {
        const ids = String(r.query.integration_ids ?? '').split(',');
        expect(ids.every((id) => named.has(`${id}/${type}`)), `${r.path}?integration_ids=${r.query.integration_ids}`).toBe(true);
      }
    }
    const bound = lowerBound(org.doc, org.fixture, plan);
    expect(byRoute).toEqual(bound);
    expect(requests.length).toBe(Object.values(bound).reduce((a, b) => a + b, 0));
  });

  it('--target on one team reads that team, the lists it needs and its repositories by name', async () => {
    // A team with PM scopes and a Git scope of several repositories named by name.
    const [teamId, team] = Object.entries(org.doc.teams).find(
      ([, t]) => Object.keys(t.pm ?? {}).length > 0 && (t.git?.repositories.length ?? 0) > 1 && t.git?.repositories.every((r) => typeof r === 'string'),
    ) ?? [];
    expect(teamId, 'the generated config has such a team').toBeDefined();
    const result = await runCounted(org.emulator, ['plan', '-c', org.configPath, '--target', `team[${teamId}]`, '--format', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const plan = parsePlanJson(result.stdout);
    expect(plan.scope).toEqual({ narrowed_by: [`--target team[${teamId}]`], objects: Object.keys(team?.pm ?? {}).length + 1 });
    expect(plan.changes.every((c) => c.address.startsWith(`team[${teamId}].`))).toBe(true);
    const narrowed = emptyDoc(org.doc);
    narrowed.teams[teamId as string] = team as GeneratedConfigDoc['teams'][string];
    expect(result.requests.filter((r) => r.method !== 'GET' || r.status !== 200)).toEqual([]);
    expect(countByRoute(result.requests)).toEqual(lowerBound(narrowed, org.fixture, plan));
    expect(result.requests.length).toBeLessThan(30);
  });

  it('--target on a team in sync reads its two scope answers and the integrations list: 3 calls', async () => {
    // In sync by the fixture's own shape: each PM scope the config writes for the team names the
    // same entities as the team's live scope, and its Git scope the same monitored repositories
    // (some written by name) and services. The answers name every entity and repository, so no
    // entity list and no repository lookup is needed.
    const repoById = new Map((org.fixture.repositories ?? []).map((r) => [r.id, r] as const));
    const ids = (list: readonly { entity_provider_id: string }[] | undefined) => [...(list ?? []).map((e) => e.entity_provider_id)].sort();
    const same = (a: readonly (string | number)[], b: readonly (string | number)[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
    const inSync = ([teamId, team]: [string, GeneratedConfigDoc['teams'][string]]): boolean => {
      const pm = Object.entries(team.pm ?? {});
      if (pm.length === 0 || !team.git?.repositories.some((r) => typeof r === 'string')) return false;
      const pmInSync = pm.every(([alias, scope]) => {
        const live = org.fixture.team_pm_scopes?.find((s) => s.team_id === Number(teamId) && s.integration_id === org.doc.integrations[alias]?.id);
        if (live === undefined || (scope.methodology !== undefined && scope.methodology !== live.methodology)) return false;
        const l = live.scope;
        return (
          same(scope.boards ?? [], ids(l.boards)) &&
          same(scope.epics ?? [], ids(l.epics)) &&
          same(scope.labels ?? [], (l.labels ?? []).map((x) => x.name)) &&
          same((scope.fields ?? []).map((f) => JSON.stringify([f.id, f.value])), (l.fields ?? []).map((f) => JSON.stringify([f.entity_provider_id, f.value]))) &&
          same(
            (scope.project_team_areas ?? []).map((p) => JSON.stringify([p.project, p.team, [...p.areas].sort()])),
            (l.project_team_areas ?? []).map((p) => JSON.stringify([p.project.entity_provider_id, p.team.entity_provider_id, ids(p.areas)])),
          )
        );
      });
      const liveGit = org.fixture.team_git_scopes?.find((s) => s.team_id === Number(teamId));
      const liveRepos = (liveGit?.repository_ids ?? []).filter((id) => repoById.get(id)?.state === 'monitored');
      const written = team.git.repositories.map((r) => (typeof r === 'number' ? r : (org.fixture.repositories ?? []).find((x) => x.name === r)?.id ?? -1));
      return pmInSync && same(written, liveRepos) && same(team.git.services, liveGit?.service_ids ?? []);
    };
    const [teamId] = Object.entries(org.doc.teams).find(inSync) ?? [];
    expect(teamId, 'the generated config has a team in sync with a Git scope written by name').toBeDefined();
    const result = await runCounted(org.emulator, ['plan', '-c', org.configPath, '--target', `team[${teamId}]`, '--format', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(parsePlanJson(result.stdout).changes).toEqual([]);
    expect(result.requests.filter((r) => r.method !== 'GET' || r.status !== 200)).toEqual([]);
    // The integrations list (aliases), the team's PM scope (all its integrations in one call), its Git scope.
    expect(countByRoute(result.requests)).toEqual({
      'GET /api/v1/integrations': 1,
      'GET /api/v1/pm/config/teams/{team_id}/scope': 1,
      'GET /api/v1/git/config/teams/{team_id}/scope': 1,
    });
    expect(result.requests.length).toBe(3);
  });

  it('--target on one repository reads it by name, the count of monitored repositories (the patterns are judged for it alone) and its configuration', async () => {
    const name = Object.keys(org.doc.git.repositories).find((k) => !/^\d+$/.test(k) && org.doc.git.repositories[k]?.settings !== undefined) as string;
    const whole = await runCounted(org.emulator, ['plan', '-c', org.configPath, '--target', `repo[${JSON.stringify(name)}]`, '--format', 'json']);
    expect(whole.code, whole.stderr).toBe(0);
    const narrowed = emptyDoc(org.doc);
    narrowed.git.repositories[name] = { settings: org.doc.git.repositories[name]?.settings ?? {} };
    // One exact-name lookup (counted by the bound) and one call for the count of monitored ones.
    const bound = lowerBound(narrowed, org.fixture, parsePlanJson(whole.stdout));
    bound['GET /api/v1/git/repositories'] = (bound['GET /api/v1/git/repositories'] ?? 0) + 1;
    expect(countByRoute(whole.requests)).toEqual(bound);
    expect(whole.requests.length).toBe(4);
    const count = whole.requests.find((r) => r.path === '/api/v1/git/repositories' && r.query.page_size === '1');
    expect(count?.query.state).toBe('monitored,failing');

    // Its settings alone: one exact-name lookup and one configuration read.
    const settings = await runCounted(org.emulator, ['plan', '-c', org.configPath, '--target', `repo[${JSON.stringify(name)}].settings`, '--format', 'json']);
    expect(settings.code, settings.stderr).toBe(0);
    delete narrowed.git.monitoring;
    expect(countByRoute(settings.requests)).toEqual(lowerBound(narrowed, org.fixture, parsePlanJson(settings.stdout)));
    expect(settings.requests.length).toBe(3);
  });

  it('--changed-from with one team changed reads what the changed scope of that team needs', async () => {
    // The config committed in a git repository, then one team's PM scope on one integration
    // loses an element in the working tree.
    const [teamId, alias, key] = (() => {
      for (const [id, t] of Object.entries(org.doc.teams)) {
        for (const [a, scope] of Object.entries(t.pm ?? {})) {
          for (const k of ['boards', 'labels', 'epics'] as const) if ((scope[k]?.length ?? 0) > 1) return [id, a, k] as const;
        }
      }
      throw new Error('the generated config has no team scope key with two elements');
    })();
    const dir = await tempDir('emctl-changed-');
    await writeFile(join(dir, 'emctl.yaml'), YAML.stringify(org.doc), 'utf8');
    await commitAll(dir);
    const changed = structuredClone(org.doc);
    const scope = changed.teams[teamId]?.pm?.[alias] as NonNullable<NonNullable<GeneratedConfigDoc['teams'][string]['pm']>[string]>;
    scope[key] = (scope[key] as string[]).slice(0, -1);
    await writeFile(join(dir, 'emctl.yaml'), YAML.stringify(changed), 'utf8');

    const before = (await apiRequests(org.emulator.url)).length;
    const target = against(org.emulator);
    const result = await runEmctl(['plan', '-c', 'emctl.yaml', '--changed-from', 'HEAD', ...target.args, '--rate-limit', '0', '--format', 'json'], { env: target.env, cwd: dir });
    const requests = (await apiRequests(org.emulator.url)).slice(before);
    expect(result.code, result.stderr).toBe(0);
    const plan = parsePlanJson(result.stdout);
    expect(plan.changes.map((c) => c.address)).toContain(`team[${teamId}].pm.${alias}.${key}`);
    expect(plan.changes.every((c) => c.address.startsWith(`team[${teamId}].pm.${alias}.`))).toBe(true);
    // The bound: the document with that one scope (as it is now) and nothing else.
    const narrowed = emptyDoc(changed);
    narrowed.teams[teamId] = { pm: { [alias]: scope } };
    expect(requests.filter((r) => r.method !== 'GET' || r.status !== 200)).toEqual([]);
    expect(countByRoute(requests)).toEqual(lowerBound(narrowed, org.fixture, plan));
    // The key lost an entry, so every entity it keeps is one the team's answer names: no list with
    // unreachable entities, only the reachable ones of that type on that integration (the write
    // names them), besides the integrations list and the team's PM scope.
    const integration = org.fixture.integrations.find((i) => i.id === org.doc.integrations[alias]?.id);
    const reachable = (integration?.entities?.[key] ?? []).filter((e) => e.reachable !== false).length;
    expect(requests.length).toBe(2 + Math.ceil(reachable / 1000));
  });

  // Last: it writes to the organization.
  it('apply PLANFILE re-reads only the objects the saved plan writes, and what predicting them needs', async () => {
    const planFile = join(await tempDir(), 'plan.json');
    const made = await runCounted(org.emulator, ['plan', '-c', org.configPath, '--out', planFile, '--format', 'json']);
    expect(made.code, made.stderr).toBe(0);
    const saved = parsePlanJson(made.stdout);
    // Fewer objects than the config manages: unchanged team scopes and override sets are not read again.
    const applied = await runCounted(org.emulator, ['apply', planFile, '--auto-approve']);
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    const firstWrite = applied.requests.findIndex((r) => r.method !== 'GET');
    expect(firstWrite).toBeGreaterThan(0);
    const reread = applied.requests.slice(0, firstWrite);
    const bound = lowerBound(docOfChanges(org.doc, saved), org.fixture, saved);
    expect(countByRoute(reread)).toEqual(bound);
    expect(reread.length).toBeLessThan(made.requests.length);

    // Apply's check of its result (DESIGN 3): the answers of the Git scope, repository settings and
    // org settings writes carry the new state and are compared as they are; only the objects whose
    // answers do not (PM scopes, selections, monitoring states) are read again, with what resolving
    // them needs, and nothing answered is read twice.
    const lastWrite = applied.requests.findLastIndex((r) => r.method !== 'GET');
    const check = applied.requests.slice(lastWrite + 1);
    const written = docOfChanges(org.doc, saved);
    const notAnswered = { ...emptyDoc(written), collection: written.collection, teams: {} as GeneratedConfigDoc['teams'] };
    for (const [id, team] of Object.entries(written.teams)) if (team.pm) notAnswered.teams[id] = { pm: team.pm };
    if (written.git.monitoring) notAnswered.git.monitoring = written.git.monitoring;
    // No reachability re-read: the check predicts nothing, so the plan it passes names no write.
    // And no used_by read: after the apply the selection sets drop nothing (the fixture as the
    // apply left it: the selected entities are the config's).
    const afterApply = structuredClone(org.fixture);
    for (const [alias, sets] of Object.entries(org.doc.collection)) {
      const integration = afterApply.integrations.find((i) => i.id === org.doc.integrations[alias]?.id);
      for (const [type, wanted] of Object.entries(sets) as [string, string[]][]) {
        for (const e of (integration?.entities?.[type as 'boards' | 'projects'] ?? [])) e.selected = wanted.includes(e.entity_provider_id);
      }
    }
    expect(countByRoute(check)).toEqual(lowerBound(notAnswered, afterApply, { ...saved, operations: [] }));
    expect(check.filter((r) => /\/git\/config|\/repositories\/\d+\/config/.test(r.path))).toEqual([]);
  });
});
