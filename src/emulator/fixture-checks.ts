// Checks a schema-valid fixture for what a schema cannot express: unique ids, references between
// objects (a scope naming an unknown entity, team or integration), which entity types a provider
// has, and settings rules (pattern required, regexes that compile). Also normalizes settings in
// place so that reads return the same canonical form as after an API write.

import { ENTITY_TYPES, type EntityType, type PmProvider } from '../contract/types.js';
import { ORG_SECTIONS, REPO_SECTIONS, type OrgSettings } from '../contract/git-types.js';
import { checkActivity } from './fixture-checks-activity.js';
import type { Fixture, FixtureEntity, FixtureProblem } from './fixture-types.js';
import { checkScope } from './scope-rules.js';
import { validateSettings } from './settings.js';

function duplicate<T>(items: readonly T[], key: (t: T) => unknown): number {
  const seen = new Set<unknown>();
  for (let i = 0; i < items.length; i++) {
    const k = key(items[i]!);
    if (seen.has(k)) return i;
    seen.add(k);
  }
  return -1;
}

/** Returns the first problem found, or undefined when the fixture is consistent. */
export function checkFixtureReferences(f: Fixture): FixtureProblem | undefined {
  const integrations = new Map(f.integrations.map((i) => [i.id, i]));
  const teams = new Set((f.teams ?? []).map((t) => t.id));
  const services = new Set((f.services ?? []).map((s) => s.id));
  const repos = new Map((f.repositories ?? []).map((r) => [r.id, r]));

  const dups: [string, readonly { id: number }[]][] = [
    ['integrations', f.integrations],
    ['teams', f.teams ?? []],
    ['services', f.services ?? []],
    ['repositories', f.repositories ?? []],
  ];
  for (const [name, list] of dups) {
    const at = duplicate(list, (x) => x.id);
    if (at >= 0) return { path: [name, at, 'id'], message: `id ${list[at]!.id} is used twice` };
  }

  for (const [i, integration] of f.integrations.entries()) {
    if (!integration.entities) continue;
    if (integration.type !== 'pm') return { path: ['integrations', i, 'entities'], message: 'only PM integrations have entities' };
    const provider = integration.provider as PmProvider;
    if (!ENTITY_TYPES[provider]) return { path: ['integrations', i, 'provider'], message: `a pm integration needs a PM provider (tracker_a, tracker_b)` };
    for (const [type, list] of Object.entries(integration.entities)) {
      if (!ENTITY_TYPES[provider].includes(type as EntityType)) {
        return { path: ['integrations', i, 'entities', type], message: `${provider} has no ${type} (its types: ${ENTITY_TYPES[provider].join(', ')})` };
      }
      const at = duplicate(list ?? [], (e) => e.entity_provider_id);
      if (at >= 0) return { path: ['integrations', i, 'entities', type, at, 'entity_provider_id'], message: `"${list![at]!.entity_provider_id}" is used twice` };
    }
    const projects = new Set((integration.entities.projects ?? []).map((p) => p.entity_provider_id));
    const bTeams = new Set((integration.entities.teams ?? []).map((t) => t.entity_provider_id));
    if (provider === 'tracker_b') {
      for (const [j, t] of (integration.entities.teams ?? []).entries()) {
        if (t.parent_project === undefined || !projects.has(t.parent_project)) {
          return { path: ['integrations', i, 'entities', 'teams', j, 'parent_project'], message: `must name a project of this integration` };
        }
      }
      for (const [j, a] of (integration.entities.areas ?? []).entries()) {
        const unknown = (a.teams ?? []).find((t) => !bTeams.has(t));
        if (unknown !== undefined) return { path: ['integrations', i, 'entities', 'areas', j, 'teams'], message: `team "${unknown}" is not a team of this integration` };
      }
    }
  }

  for (const [i, t] of (f.teams ?? []).entries()) {
    if (t.parent_id !== undefined && !teams.has(t.parent_id)) return { path: ['teams', i, 'parent_id'], message: `team ${t.parent_id} is not defined` };
  }

  for (const [i, r] of (f.repositories ?? []).entries()) {
    const integration = integrations.get(r.integration_id);
    if (!integration || integration.type !== 'git') {
      return { path: ['repositories', i, 'integration_id'], message: `integration ${r.integration_id} is not a Git integration of this fixture` };
    }
  }

  const pmAt = duplicate(f.team_pm_scopes ?? [], (s) => `${s.team_id}/${s.integration_id}`);
  if (pmAt >= 0) return { path: ['team_pm_scopes', pmAt], message: 'this team and integration already have a scope above' };
  // Each entity list indexed once, on first use (the first of a repeated id, as a find would give):
  // a scan per reference was team scopes x entities.
  const entityIndexes = new Map<string, Map<string, FixtureEntity>>();
  const entityById = (integrationId: number, type: string, list: readonly FixtureEntity[] | undefined): Map<string, FixtureEntity> | undefined => {
    if (list === undefined) return undefined;
    const key = `${integrationId}/${type}`;
    let index = entityIndexes.get(key);
    if (index === undefined) {
      index = new Map();
      for (const x of list) if (!index.has(x.entity_provider_id)) index.set(x.entity_provider_id, x);
      entityIndexes.set(key, index);
    }
    return index;
  };
  for (const [i, s] of (f.team_pm_scopes ?? []).entries()) {
    if (!teams.has(s.team_id)) return { path: ['team_pm_scopes', i, 'team_id'], message: `team ${s.team_id} is not defined` };
    const integration = integrations.get(s.integration_id);
    if (!integration || integration.type !== 'pm') {
      return { path: ['team_pm_scopes', i, 'integration_id'], message: `integration ${s.integration_id} is not a PM integration of this fixture` };
    }
    const entities = integration.entities ?? {};
    const checked = checkScope(integration.provider as PmProvider, s.scope, (type, id) => {
      const e = entityById(integration.id, type, entities[type])?.get(id);
      return e && { reachable: e.reachable ?? true, parentProject: e.parent_project, teams: e.teams };
    });
    if (!checked.ok) return { path: ['team_pm_scopes', i, 'scope'], message: `${checked.code}: ${checked.message}` };
  }

  const gitAt = duplicate(f.team_git_scopes ?? [], (s) => s.team_id);
  if (gitAt >= 0) return { path: ['team_git_scopes', gitAt, 'team_id'], message: 'this team already has a Git scope above' };
  for (const [i, s] of (f.team_git_scopes ?? []).entries()) {
    if (!teams.has(s.team_id)) return { path: ['team_git_scopes', i, 'team_id'], message: `team ${s.team_id} is not defined` };
    const badRepo = (s.repository_ids ?? []).findIndex((id) => !repos.has(id));
    if (badRepo >= 0) return { path: ['team_git_scopes', i, 'repository_ids', badRepo], message: `repository ${s.repository_ids![badRepo]} is not defined` };
    const badService = (s.service_ids ?? []).findIndex((id) => !services.has(id));
    if (badService >= 0) return { path: ['team_git_scopes', i, 'service_ids', badService], message: `service ${s.service_ids![badService]} is not defined` };
  }

  if (f.git_config) {
    const v = validateSettings(f.git_config, { allowed: ORG_SECTIONS, allowDeployment: true, loc: ['git_config'] });
    if (v.issues.length > 0) return { path: v.issues[0]!.loc, message: v.issues[0]!.msg };
    f.git_config = v.settings;
  }
  const overrideAt = duplicate(f.repository_overrides ?? [], (o) => o.repository_id);
  if (overrideAt >= 0) return { path: ['repository_overrides', overrideAt, 'repository_id'], message: 'this repository already has overrides above' };
  for (const [i, o] of (f.repository_overrides ?? []).entries()) {
    if (!repos.has(o.repository_id)) return { path: ['repository_overrides', i, 'repository_id'], message: `repository ${o.repository_id} is not defined` };
    const v = validateSettings(o.settings, { allowed: REPO_SECTIONS, allowDeployment: true, loc: ['repository_overrides', i, 'settings'] });
    if (v.issues.length > 0) return { path: v.issues[0]!.loc, message: v.issues[0]!.msg };
    o.settings = v.settings as OrgSettings;
  }
  return checkActivity(f);
}
