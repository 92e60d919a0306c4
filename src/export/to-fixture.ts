// Live organization -> emulator fixture (schemas/fixture.schema.json), for `emctl export
// --fixture`: a snapshot that `emctl plan --emulator snapshot.yaml` plans against offline, so a
// config change can be reviewed in CI without the service or its key. Pure.
//
// What the API cannot tell is filled in and said so in the file's header: the organization's id
// and name, its limits (the defaults, raised to what is in use), services no team uses, team
// parents where the service lists no teams, and emulator-only flags. The api key is a fixed placeholder: the real key is never written.

import type { Integration, PmEntity, PmProvider, PmScope } from '../contract/types.js';
import type { OrgSettings, RepoSection, RepositorySettings } from '../contract/git-types.js';
import { ENTITY_TYPES, isServiceDefault } from '../contract/types.js';
import { REPO_SECTIONS } from '../contract/git-types.js';
import type {
  Fixture,
  FixtureEntities,
  FixtureEntity,
  FixtureIntegration,
  FixtureRepository,
  FixtureTeam,
  FixtureTeamGitScope,
  FixtureTeamPmScope,
} from '../emulator/fixture/types.js';
import { isMonitored } from '../core/monitoring-decisions.js';
import type { OrganizationRead } from '../core/organization.js';
import { listKey } from '../core/snapshot.js';
import { SERVICE_TEAM_NAMES, emailBook, isServiceTeam } from '../contract/list-types.js';
import { TEAM_DEFAULT_COLOR } from '../contract/team-rules.js';
import type { ActivityContributor } from '../emulator/metrics/types.js';

/** The key the snapshot's emulator accepts; `--emulator FILE` uses a fixture's first key. */
export const SNAPSHOT_API_KEY = 'offline-snapshot';
/** Same values as the emulator's DEFAULT_LIMITS (a fixture without limits gets those). */
const DEFAULT_BOARD_PROJECT_LIMIT = 1000;
const DEFAULT_REPOSITORY_QUOTA = 10000;

export const FIXTURE_HEADER = [
  'Emulator fixture exported by `emctl export --fixture`: a snapshot of the organization for offline',
  'plans (`emctl plan --emulator THIS_FILE`). The API does not expose the organization name, its',
  'limits or services no team uses (nor, where the service lists no teams, team parents, members and',
  'teams without a scope), nor activity other than who the contributors are: those are placeholders',
  'or left out. api_keys holds a placeholder for the emulator, never the real key.',
];

function fixtureEntity(e: PmEntity, unreachable: boolean): FixtureEntity {
  const out: FixtureEntity = { entity_provider_id: e.entity_provider_id, name: e.name };
  if (e.state !== undefined) out.state = e.state;
  if (e.is_selected_for_collection !== undefined) out.selected = e.is_selected_for_collection;
  if (e.selected_last_updated_at !== undefined) out.selected_last_updated_at = e.selected_last_updated_at;
  if (unreachable) out.reachable = false;
  if (e.provider_key !== undefined) out.provider_key = e.provider_key;
  if (e.parent_project !== undefined) out.parent_project = e.parent_project.entity_provider_id;
  if (e.teams !== undefined) out.teams = e.teams.map((t) => t.entity_provider_id);
  return out;
}

function fixtureIntegration(i: Integration, read: OrganizationRead): FixtureIntegration {
  const out: FixtureIntegration = { id: i.id, type: i.type, provider: i.provider, name: i.name, state: i.state, auth_type: i.auth_type };
  if (i.failing_reason !== undefined) out.failing_reason = i.failing_reason;
  if (i.type !== 'pm') return out;
  const entities: FixtureEntities = {};
  for (const type of ENTITY_TYPES[i.provider as PmProvider] ?? []) {
    const list = read.entities.get(listKey(i.id, type));
    if (!list || list.entities.length === 0) continue;
    entities[type] = list.entities.map((e) => fixtureEntity(e, list.unreachable.has(e.entity_provider_id)));
  }
  out.entities = entities;
  return out;
}

/** The scope as a write would take it: ids only, display names dropped. */
function bareScope(scope: PmScope): PmScope {
  const out: PmScope = {};
  if (scope.boards?.length) out.boards = scope.boards.map((b) => ({ entity_provider_id: b.entity_provider_id }));
  if (scope.epics?.length) out.epics = scope.epics.map((e) => ({ entity_provider_id: e.entity_provider_id }));
  if (scope.labels?.length) out.labels = scope.labels.map((l) => ({ name: l.name }));
  if (scope.fields?.length) out.fields = scope.fields.map((f) => ({ entity_provider_id: f.entity_provider_id, value: [...f.value] }));
  if (scope.project_team_areas?.length) {
    out.project_team_areas = scope.project_team_areas.map((p) => ({
      project: { entity_provider_id: p.project.entity_provider_id },
      team: { entity_provider_id: p.team.entity_provider_id },
      areas: p.areas.map((a) => ({ entity_provider_id: a.entity_provider_id })),
    }));
  }
  return out;
}

function fixtureRepository(r: OrganizationRead['repositories'][number]): FixtureRepository {
  const out: FixtureRepository = { id: r.id, provider_id: r.provider_id, name: r.name, integration_id: r.integration_id, state: r.state };
  out.visibility = r.visibility;
  if (r.failing_reason !== null && r.failing_reason !== undefined) out.failing_reason = r.failing_reason;
  if (r.http_url !== undefined) out.http_url = r.http_url;
  if (r.created_at !== undefined) out.created_at = r.created_at;
  if (r.updated_at !== undefined) out.updated_at = r.updated_at;
  if (r.provider_last_pushed_at !== undefined) out.provider_last_pushed_at = r.provider_last_pushed_at;
  if (r.has_webhook !== undefined) out.has_webhook = r.has_webhook;
  if (r.is_onprem !== undefined) out.is_onprem = r.is_onprem;
  if (r.ai_tool_rules !== undefined) out.ai_tool_rules = r.ai_tool_rules;
  return out;
}

function withoutBackfill<T>(value: T): T {
  const { backfill_days: _ignored, ...rest } = value as T & { backfill_days?: unknown };
  return rest as T;
}

/**
 * The teams: where the service lists them, every listed team with its parent (a top-level team's
 * parent, All Teams, is the emulator's own) and the ids of the service's own two teams; else the
 * teams exported, named by their scope reads.
 */
function fixtureTeams(read: OrganizationRead): Pick<Fixture, 'teams' | 'service_teams'> {
  if (!read.teamList.listed) {
    return { teams: read.teamIds.map((id) => ({ id, name: read.teamPmScopes.get(id)?.team_name ?? read.teamGitScopes.get(id)?.team_name ?? `team ${id}` })) };
  }
  const listed = read.teamList.items;
  const own = listed.filter((t) => !isServiceTeam(t));
  const ids = new Set(own.map((t) => t.id));
  const teams = own.map((t): FixtureTeam => ({
    id: t.id,
    name: t.name,
    ...(t.parent_id !== null && ids.has(t.parent_id) ? { parent_id: t.parent_id } : {}),
    ...(typeof t.initials === 'string' && t.initials !== '' ? { initials: t.initials } : {}),
    ...(typeof t.color === 'string' && t.color !== TEAM_DEFAULT_COLOR ? { color: t.color } : {}),
    members: [...new Set(t.contributors.map((c) => c.id))].sort((a, b) => a - b),
  }));
  const idOf = (name: string) => listed.find((t) => isServiceTeam(t) && t.name === name)?.id;
  const allTeams = idOf(SERVICE_TEAM_NAMES.allTeams);
  const allContributors = idOf(SERVICE_TEAM_NAMES.allContributors);
  const serviceTeams = { ...(allTeams === undefined ? {} : { all_teams: allTeams }), ...(allContributors === undefined ? {} : { all_contributors: allContributors }) };
  return { teams, ...(Object.keys(serviceTeams).length > 0 ? { service_teams: serviceTeams } : {}) };
}

/**
 * Every contributor the lists show (All Contributors holds them all), with the email and provider
 * id the snapshot's emulator must list again; who is on which team is the teams' `members`.
 */
function fixtureContributors(read: OrganizationRead): ActivityContributor[] {
  if (!read.teamList.listed) return [];
  const emails = emailBook(read.teamList.items, read.users);
  const byId = new Map<number, ActivityContributor>();
  for (const c of [...read.teamList.items.flatMap((t) => t.contributors), ...(read.users ?? [])]) {
    if (byId.has(c.id)) continue;
    const email = emails.get(c.id);
    byId.set(c.id, { id: c.id, name: c.name, team_ids: [], ...(email === undefined ? {} : { email }), ...(c.provider_id ? { provider_id: c.provider_id } : {}) });
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function toFixture(read: OrganizationRead): Fixture {
  const { teams, service_teams } = fixtureTeams(read);
  const contributors = fixtureContributors(read);

  const services = new Map<number, string>();
  const teamGitScopes: FixtureTeamGitScope[] = [];
  const teamPmScopes: FixtureTeamPmScope[] = [];
  for (const id of read.teamIds) {
    for (const item of read.teamPmScopes.get(id)?.items ?? []) {
      if (isServiceDefault(item)) continue;
      teamPmScopes.push({ team_id: id, integration_id: item.integration_id, methodology: item.methodology, scope: bareScope(item.scope) });
    }
    const git = read.teamGitScopes.get(id);
    if (!git) continue;
    for (const s of git.services) services.set(s.id, s.name);
    if (git.repositories.length > 0 || git.services.length > 0) {
      teamGitScopes.push({ team_id: id, repository_ids: git.repositories.map((r) => r.id), service_ids: git.services.map((s) => s.id) });
    }
  }

  const overrides: Fixture['repository_overrides'] = [];
  for (const [repositoryId, config] of [...read.repositoryConfigs].sort(([a], [b]) => a - b)) {
    const settings: RepositorySettings = {};
    for (const section of REPO_SECTIONS as RepoSection[]) {
      const entry = config.settings[section];
      if (entry?.source === 'repository') (settings as Record<string, unknown>)[section] = withoutBackfill(entry.value);
    }
    if (Object.keys(settings).length > 0) overrides.push({ repository_id: repositoryId, settings });
  }

  const gitConfig: OrgSettings = {};
  for (const [section, value] of Object.entries(read.orgConfig.settings)) {
    if (value !== undefined && value !== null) (gitConfig as Record<string, unknown>)[section] = withoutBackfill(value);
  }

  let selected = 0;
  for (const list of read.entities.values()) selected += list.entities.filter((e) => e.is_selected_for_collection === true).length;
  const monitored = read.repositories.filter(isMonitored).length;

  return {
    organization: { id: 1, name: 'Exported organization' },
    api_keys: [SNAPSHOT_API_KEY],
    limits: {
      board_project_limit: Math.max(DEFAULT_BOARD_PROJECT_LIMIT, selected),
      repository_quota: Math.max(DEFAULT_REPOSITORY_QUOTA, monitored),
    },
    integrations: read.integrations.map((i) => fixtureIntegration(i, read)),
    teams,
    ...(service_teams ? { service_teams } : {}),
    services: [...services].sort(([a], [b]) => a - b).map(([id, name]) => ({ id, name })),
    repositories: read.repositories.map(fixtureRepository),
    git_config: gitConfig,
    team_pm_scopes: teamPmScopes,
    team_git_scopes: teamGitScopes,
    repository_overrides: overrides,
    ...(contributors.length > 0 ? { activity: { contributors } } : {}),
  };
}
