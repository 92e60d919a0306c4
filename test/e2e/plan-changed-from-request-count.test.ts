// The read lower bound of `plan --changed-from` with one team changed, on a generated organization
// of 1,000 repositories and 100 teams whose config manages every kind of object: the emulator's
// request log holds exactly the reads that team's changed object needs, route by route. The bound
// is computed here from the config document and the fixture, independently of src/state and of
// the --changed-from code.

import { writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { ENTITY_TYPES, type PmProvider } from '../../src/contract/types.js';
import { generateFixture, type Fixture } from '../../src/emulator/index.js';
import type { Plan } from '../../src/core/plan-model.js';
import { parsePlanJson } from '../../src/render/json.js';
import { runEmctl } from '../helpers/cli.js';
import { useConfiguredEmulator } from '../helpers/configured-emulator.js';
import { countByRoute } from '../helpers/counted-run.js';
import { against, apiRequests } from '../helpers/emulator.js';
import { generatedConfig } from '../helpers/generated-org.mjs';
import { pages } from '../helpers/read-bound.js';
import { commitAll } from '../helpers/git-repo.js';

const ENTITY_PAGE = 1000;

/** Entity types a config scope names (project_team_areas needs projects, teams and areas to check an entry). */
function scopeTypes(scope: Record<string, unknown>): string[] {
  const types: string[] = [];
  for (const key of ['boards', 'epics', 'labels', 'fields']) if (Array.isArray(scope[key]) && (scope[key] as unknown[]).length > 0) types.push(key);
  if (Array.isArray(scope.project_team_areas) && scope.project_team_areas.length > 0) types.push('projects', 'teams', 'areas');
  return types;
}

/**
 * The reads one changed (team, integration) PM object needs: the integrations list (its alias),
 * the team's PM scope (one read), each entity type its scope names listed once with unreachable
 * entities on that integration unless the team's own live scope (the fixture's) names every entity
 * of that type the config writes, and the reachable entities again for each type the plan's writes
 * name. Nothing for the other 59 teams, the selection sets, the Git scopes, the org defaults or
 * the 100 repository configurations, none of which changed.
 */
function oneObjectBound(fixture: Fixture, teamId: number, integrationId: number, scope: Record<string, unknown>, plan: Plan): Record<string, number> {
  const integration = fixture.integrations.find((i) => i.id === integrationId);
  const provider = integration?.provider as PmProvider;
  const bound: Record<string, number> = { 'GET /api/v1/integrations': 1, 'GET /api/v1/pm/config/teams/{team_id}/scope': 1 };
  const listed = (type: string) => (integration?.entities?.[type as keyof NonNullable<NonNullable<typeof integration>['entities']>] ?? []) as { reachable?: boolean }[];
  const live = (fixture.team_pm_scopes ?? []).find((s) => s.team_id === teamId && s.integration_id === integrationId)?.scope ?? {};
  const liveIds = (type: string): Set<string> =>
    new Set(type === 'labels' ? (live.labels ?? []).map((l) => l.name) : ((live[type as 'boards'] ?? []) as { entity_provider_id: string }[]).map((e) => e.entity_provider_id));
  for (const type of scopeTypes(scope)) {
    if (!ENTITY_TYPES[provider].includes(type as never)) continue;
    // (tracker_a keys only in this test: the changed scope is on a tracker_a integration.)
    const written = ((scope[type] ?? []) as (string | { id: string })[]).map((e) => (typeof e === 'string' ? e : e.id));
    if (written.every((id) => liveIds(type).has(id))) continue;
    bound[`GET /api/v2/pm/entities/${type} [all]`] = pages(listed(type).length, ENTITY_PAGE);
  }
  for (const op of plan.operations) {
    const body = op.body as { teams?: { items: { scope?: Record<string, unknown[]> }[] }[] };
    for (const item of (body.teams ?? []).flatMap((t) => t.items)) {
      for (const [key, list] of Object.entries(item.scope ?? {})) {
        if (list.length === 0) continue;
        for (const type of key === 'project_team_areas' ? ['projects', 'teams', 'areas'] : [key]) {
          bound[`GET /api/v2/pm/entities/${type} [reachable]`] = pages(listed(type).filter((e) => e.reachable !== false).length, ENTITY_PAGE);
        }
      }
    }
  }
  return bound;
}

const org = useConfiguredEmulator(
  () => generateFixture({ repos: 1000, teams: 100, boards: 2500, seed: 42 }),
  (fixture) => generatedConfig(fixture, { pmTeams: 60, gitTeams: 50, settingsRepos: 100 }),
);
let changedTeam: string;
let changedAlias: string;

beforeAll(async () => {
  const { fixture, doc, configPath } = org;
  await commitAll(dirname(configPath));
  // One team's scope on one tracker_a integration gains an epic it did not name: one object changed.
  const candidates = Object.entries(doc.teams).flatMap(([team, t]) =>
    Object.entries((t as { pm?: Record<string, Record<string, unknown>> }).pm ?? {}).map(([alias, scope]) => ({ team, alias, scope })),
  );
  const pick = candidates.find(({ alias, scope }) => {
    const integration = fixture.integrations.find((i) => `i${i.id}` === alias);
    const epics = (integration?.entities?.epics ?? []).map((e) => e.entity_provider_id);
    return integration?.provider === 'tracker_a' && epics.some((e) => !((scope.epics as string[] | undefined) ?? []).includes(e));
  });
  if (!pick) throw new Error('the generated organization has no team scope on tracker_a to change');
  changedTeam = pick.team;
  changedAlias = pick.alias;
  const integration = fixture.integrations.find((i) => `i${i.id}` === pick.alias);
  const scope = pick.scope as { epics?: string[] };
  const extra = (integration?.entities?.epics ?? []).map((e) => e.entity_provider_id).find((e) => !(scope.epics ?? []).includes(e)) as string;
  scope.epics = [...(scope.epics ?? []), extra];
  await writeFile(configPath, YAML.stringify(doc), 'utf8');
});

describe('emctl plan --changed-from with one team changed, 1,000 repositories and 100 teams', () => {
  it('makes exactly the reads of that one object, all GETs', async () => {
    const target = against(org.emulator);
    const result = await runEmctl(['plan', '-c', 'emctl.yaml', '--changed-from', 'HEAD', ...target.args, '--rate-limit', '0', '--format', 'json'], {
      env: target.env,
      cwd: dirname(org.configPath),
    });
    expect(result.code, result.stderr).toBe(0);
    const plan = parsePlanJson(result.stdout);
    expect(plan.changes.map((c) => c.address)).toEqual([`team[${changedTeam}].pm.${changedAlias}.epics`]);
    expect(plan.scope).toMatchObject({ changed_from: 'HEAD', objects: 1 });

    const requests = await apiRequests(org.emulator.url);
    expect(requests.filter((r) => r.method !== 'GET' || r.status !== 200)).toEqual([]);
    expect(requests.filter((r) => r.path.includes('/pm/config/teams/')).map((r) => r.path)).toEqual([`/api/v1/pm/config/teams/${changedTeam}/scope`]);
    const integrationId = Number(changedAlias.slice(1));
    const scope = (org.doc.teams[changedTeam] as { pm: Record<string, Record<string, unknown>> }).pm[changedAlias] ?? {};
    expect(countByRoute(requests)).toEqual(oneObjectBound(org.fixture, Number(changedTeam), integrationId, scope, plan));
  });
});
