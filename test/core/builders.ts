// Compact builders for planner table tests: a desired config and a live snapshot written as small
// object literals, so a case reads like the YAML and the fixture it stands for.

import type { Integration, Methodology, PmEntity, PmProvider, TeamPmScopeItem } from '../../src/contract/types.js';
import type { OrgSettings, Repository, RepositoryConfigResponse, RepositorySettings, RepositoryState, RepoSection } from '../../src/contract/git-types.js';
import { ORG_SECTIONS, REPO_SECTIONS } from '../../src/contract/git-types.js';
import type {
  ConfigPath,
  DesiredConfig,
  DesiredPmScope,
  DesiredRepository,
  DesiredRule,
  DesiredTeam,
  EntityName,
  IntegrationRef,
  RepoRef,
  SafetyConfig,
} from '../../src/core/model.js';
import type { EntityListRead, LiveSnapshot } from '../../src/core/snapshot.js';

// ---- live side -----------------------------------------------------------------------------

export function integration(id: number, provider: Integration['provider'], name: string, state: Integration['state'] = 'ok'): Integration {
  return { id, type: provider.startsWith('tracker') ? 'pm' : 'git', provider, name, state, auth_type: 'oauth' };
}

/** The integrations most cases use: tracker (10, tracker_a), work (11, tracker_b), code (20) and labs (21). */
export const INTEGRATIONS: Integration[] = [
  integration(10, 'tracker_a', 'Acme Tracker'),
  integration(11, 'tracker_b', 'Acme Work'),
  integration(20, 'host_a', 'Acme Code'),
  integration(21, 'host_b', 'Acme Labs'),
];

export interface EntitySpec {
  id: string;
  name?: string;
  selected?: boolean;
  /** Team ids whose scope uses it. */
  usedBy?: number[];
  /** false: listed only with include_invalid; the reader reports it in unreachableIds. */
  reachable?: boolean;
  parent?: string;
  teams?: string[];
}

export function entity(spec: EntitySpec | string): PmEntity {
  const s = typeof spec === 'string' ? { id: spec } : spec;
  const e: PmEntity = { entity_provider_id: s.id, name: s.name ?? `name-${s.id}`, state: 'active' };
  if (s.selected !== undefined) e.is_selected_for_collection = s.selected;
  if (s.usedBy) e.used_by = { teams: s.usedBy.map((t) => ({ id: t, name: `team-${t}` })), projects: [] };
  if (s.parent) e.parent_project = { entity_provider_id: s.parent };
  if (s.teams) e.teams = s.teams.map((t) => ({ entity_provider_id: t }));
  return e;
}

export function repo(id: number, name: string, integrationId = 20, state: RepositoryState = 'monitored'): Repository {
  return {
    id,
    provider_id: `R_${id}`,
    name,
    http_url: `https://example.test/${name}`,
    provider: integrationId === 21 ? 'host_b' : 'host_a',
    integration_id: integrationId,
    visibility: 'private',
    state,
    failing_reason: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    provider_last_pushed_at: null,
    has_webhook: true,
    is_onprem: false,
    ai_tool_rules: {},
  };
}

type LiveScopeSpec = { methodology?: Methodology } & Record<string, unknown>;

export interface LiveSpec {
  integrations?: Integration[];
  /** integration id -> entity type -> entities (complete reads with used_by). */
  entities?: Record<number, Record<string, (EntitySpec | string)[]>>;
  /** team id -> integration id -> { methodology, boards: ['101'], labels: ['x'], ... } (wire shape built for you); 'not_found' for a 404. */
  pm?: Record<number, Record<number, LiveScopeSpec> | 'not_found'>;
  teamNames?: Record<number, string>;
  git?: Record<number, { repositories?: number[]; services?: number[] } | 'not_found'>;
  repos?: Repository[];
  repositoriesComplete?: boolean;
  /** repository id -> its overrides (every managed repository needs an entry, {} for none). */
  overrides?: Record<number, RepositorySettings>;
  org?: OrgSettings;
}

const PROVIDERS: Record<number, PmProvider> = { 10: 'tracker_a', 11: 'tracker_b', 12: 'tracker_a' };

function wireScope(spec: Record<string, unknown>): TeamPmScopeItem['scope'] {
  const scope: TeamPmScopeItem['scope'] = {};
  const ids = (v: unknown) => (v as string[]).map((id) => ({ entity_provider_id: id, name: `name-${id}` }));
  if (spec.boards) scope.boards = ids(spec.boards);
  if (spec.epics) scope.epics = ids(spec.epics);
  if (spec.labels) scope.labels = (spec.labels as string[]).map((name) => ({ name }));
  if (spec.fields) scope.fields = (spec.fields as { id: string; value: string[] }[]).map((f) => ({ entity_provider_id: f.id, value: f.value }));
  if (spec.project_team_areas) {
    scope.project_team_areas = (spec.project_team_areas as { project: string; team: string; areas: string[] }[]).map((p) => ({
      project: { entity_provider_id: p.project },
      team: { entity_provider_id: p.team },
      areas: p.areas.map((a) => ({ entity_provider_id: a })),
    }));
  }
  return scope;
}

/** Service defaults for the org config, overridden by `org`. */
export const SERVICE_DEFAULTS: Required<OrgSettings> = {
  releases_detection: { method: 'merge_to_branch', pattern: '^main$' },
  draft_pull_requests: { labels: [], title_pattern: null },
  default_branch: { branch_name: null },
  exclude_branches: { patterns: [] },
  exclude_base_branches: { patterns: [] },
  exclude_file_extensions: { patterns: [] },
  include_file_extensions: { patterns: ['.*$'] },
  active_branches_duration: { days: 14 },
  coding_time_strategy: { method: 'first_commit' },
  issue_start_time: { method: 'first_transition' },
  bot_pr_attribution: { method: 'merge_actor' },
};

export function liveState(spec: LiveSpec = {}): LiveSnapshot {
  const integrations = spec.integrations ?? INTEGRATIONS;
  const entityLists: EntityListRead[] = [];
  for (const [integrationId, types] of Object.entries(spec.entities ?? {})) {
    for (const [type, list] of Object.entries(types)) {
      const unreachableIds = list.flatMap((e) => (typeof e !== 'string' && e.reachable === false ? [e.id] : []));
      const read: EntityListRead = { integrationId: Number(integrationId), type: type as EntityListRead['type'], entities: list.map(entity), withUsedBy: true, selectedOnly: false };
      if (unreachableIds.length > 0) read.unreachableIds = unreachableIds;
      entityLists.push(read);
    }
  }
  const teamPmScopes: LiveSnapshot['teamPmScopes'] = new Map();
  for (const [team, scopes] of Object.entries(spec.pm ?? {})) {
    const teamId = Number(team);
    if (scopes === 'not_found') {
      teamPmScopes.set(teamId, 'not_found');
      continue;
    }
    const items: TeamPmScopeItem[] = Object.entries(scopes).map(([integrationId, s]) => {
      const { methodology, ...keys } = s;
      const i = integrations.find((x) => x.id === Number(integrationId));
      return {
        integration_id: Number(integrationId),
        provider: PROVIDERS[Number(integrationId)] ?? 'tracker_a',
        integration_name: i?.name ?? '',
        scope: wireScope(keys),
        methodology: methodology ?? 'Kanban',
      };
    });
    teamPmScopes.set(teamId, { team_id: teamId, team_name: spec.teamNames?.[teamId] ?? `team-${teamId}`, items });
  }
  const repos = spec.repos ?? [];
  const teamGitScopes: LiveSnapshot['teamGitScopes'] = new Map();
  for (const [team, s] of Object.entries(spec.git ?? {})) {
    const teamId = Number(team);
    if (s === 'not_found') {
      teamGitScopes.set(teamId, 'not_found');
      continue;
    }
    teamGitScopes.set(teamId, {
      team_id: teamId,
      team_name: spec.teamNames?.[teamId] ?? `team-${teamId}`,
      repositories: (s.repositories ?? []).map((id) => ({ id, name: repos.find((r) => r.id === id)?.name ?? `repo-${id}`, url: '' })),
      services: (s.services ?? []).map((id) => ({ id, name: `service-${id}` })),
    });
  }
  const org = { ...SERVICE_DEFAULTS, ...(spec.org ?? {}) } as Required<OrgSettings>;
  const repositoryConfigs = new Map<number, RepositoryConfigResponse>();
  for (const [id, overrides] of Object.entries(spec.overrides ?? {})) {
    const settings: RepositoryConfigResponse['settings'] = {};
    for (const section of REPO_SECTIONS) {
      const value = (overrides as Record<string, unknown>)[section];
      const entry = value === undefined
        ? { value: org[section], source: 'global' as const }
        : { value, source: 'repository' as const, global_default: org[section] };
      (settings as Record<RepoSection, unknown>)[section] = entry;
    }
    repositoryConfigs.set(Number(id), { repository_id: Number(id), repository_name: repos.find((r) => r.id === Number(id))?.name ?? '', settings });
  }
  const snapshot: LiveSnapshot = {
    integrations,
    entityLists,
    repositories: repos,
    repositoriesComplete: spec.repositoriesComplete ?? true,
    teamPmScopes,
    teamGitScopes,
    repositoryConfigs,
    orgConfig: { settings: org },
  };
  return snapshot;
}

// ---- desired side --------------------------------------------------------------------------

type EntitySpecIn = string | { name: string };
const entityName = (e: EntitySpecIn): EntityName => (typeof e === 'string' ? { id: e } : e);

export interface PmScopeSpec {
  methodology?: Methodology;
  boards?: EntitySpecIn[];
  epics?: EntitySpecIn[];
  labels?: string[];
  fields?: { id: EntitySpecIn; value: string[] }[];
  project_team_areas?: { project: EntitySpecIn; team: EntitySpecIn; areas: EntitySpecIn[] }[];
}

export interface DesiredSpec {
  /** alias -> { id } or { name }; defaults to tracker=10, work=11, code=20, labs=21. */
  integrations?: Record<string, { id?: number; name?: string }>;
  collection?: Record<string, { boards?: EntitySpecIn[]; projects?: EntitySpecIn[] }>;
  teams?: Record<number, { name?: string; pm?: Record<string, PmScopeSpec>; git?: { repositories?: (string | number | { name: string; integration: IntegrationRef })[]; services?: number[] } }>;
  defaults?: OrgSettings;
  monitoring?: { include?: (string | number)[]; exclude?: (string | number)[] };
  /** name or numeric id (as a string key "#1234") -> entry. */
  repositories?: Record<string, { integration?: IntegrationRef; monitored?: boolean; settings?: RepositorySettings }>;
  /** Settings rules in file order: [pattern, { integration?, settings }]. */
  rules?: [string, { integration?: IntegrationRef; settings: RepositorySettings }][];
  safety?: Partial<SafetyConfig>;
}

/**
 * A source map that knows exactly the paths the builder wrote, and reports each as
 * `emctl.yaml#<dotted path>:1:1`, so a test shows which config node a message points at.
 */
class TestSourceMap {
  readonly paths = new Set<string>();
  add(path: ConfigPath): ConfigPath {
    this.paths.add(path.join('.'));
    return path;
  }
  locate(path: ConfigPath) {
    const key = path.join('.');
    return this.paths.has(key) ? { file: `emctl.yaml#${key}`, line: 1, column: 1 } : undefined;
  }
}

const aliasRef = (alias: string): IntegrationRef => (/^\d+$/.test(alias) ? Number(alias) : alias);

export function desired(spec: DesiredSpec = {}): DesiredConfig {
  const map = new TestSourceMap();
  const aliases = spec.integrations ?? { tracker: { id: 10 }, work: { id: 11 }, code: { id: 20 }, labs: { id: 21 } };
  const config: DesiredConfig = {
    version: 1,
    files: ['emctl.yaml'],
    integrations: Object.entries(aliases).map(([alias, target]) => {
      map.add(['integrations', alias]);
      return { alias, ...target };
    }),
    collection: [],
    teams: [],
    git: { defaults: spec.defaults ?? {}, repositories: [] },
    safety: { thresholds: spec.safety?.thresholds ?? {}, protected: spec.safety?.protected ?? [] },
    drift: { ignore: [] },
    sourceMap: map,
  };
  for (const [alias, sets] of Object.entries(spec.collection ?? {})) {
    for (const type of ['boards', 'projects'] as const) {
      const list = sets[type];
      if (!list) continue;
      const path = map.add(['collection', alias, type]);
      list.forEach((_, i) => map.add([...path, i]));
      config.collection.push({ integration: aliasRef(alias), entityType: type, entities: list.map(entityName), path });
    }
  }
  for (const [id, t] of Object.entries(spec.teams ?? {})) {
    const path = map.add(['teams', id]);
    const team: DesiredTeam = { key: { id: Number(id) }, id: Number(id), pm: [], path };
    if (t.name !== undefined) {
      team.name = t.name;
      map.add([...path, 'name']);
    }
    for (const [alias, s] of Object.entries(t.pm ?? {})) {
      const p = map.add([...path, 'pm', alias]);
      const scope: DesiredPmScope = { integration: aliasRef(alias), path: p };
      if (s.methodology) scope.methodology = s.methodology;
      if (s.boards) scope.boards = s.boards.map(entityName);
      if (s.epics) scope.epics = s.epics.map(entityName);
      if (s.labels) scope.labels = s.labels;
      if (s.fields) scope.fields = s.fields.map((f) => ({ field: entityName(f.id), value: f.value }));
      if (s.project_team_areas) {
        scope.project_team_areas = s.project_team_areas.map((x) => ({ project: entityName(x.project), team: entityName(x.team), areas: x.areas.map(entityName) }));
      }
      for (const key of ['methodology', 'boards', 'epics', 'labels', 'fields', 'project_team_areas'] as const) {
        const v = s[key];
        if (v === undefined) continue;
        map.add([...p, key]);
        if (Array.isArray(v)) v.forEach((_, i) => map.add([...p, key, i]));
      }
      team.pm.push(scope);
    }
    if (t.git) {
      const p = map.add([...path, 'git']);
      const repos = t.git.repositories ?? [];
      if (t.git.repositories) map.add([...p, 'repositories']);
      if (t.git.services) map.add([...p, 'services']);
      repos.forEach((_, i) => map.add([...p, 'repositories', i]));
      team.git = {
        repositories: repos.map((r): RepoRef => (typeof r === 'number' ? { id: r } : typeof r === 'string' ? { name: r } : r)),
        services: t.git.services ?? [],
        path: p,
      };
    }
    config.teams.push(team);
  }
  for (const section of ORG_SECTIONS) if ((spec.defaults as Record<string, unknown> | undefined)?.[section]) map.add(['git', 'defaults', section]);
  if (spec.monitoring) {
    const path = map.add(['git', 'monitoring']);
    const include = spec.monitoring.include ?? [];
    const exclude = spec.monitoring.exclude ?? [];
    include.forEach((_, i) => map.add([...path, 'include', i]));
    exclude.forEach((_, i) => map.add([...path, 'exclude', i]));
    config.git.monitoring = { include, exclude, path };
  }
  for (const [key, r] of Object.entries(spec.repositories ?? {})) {
    const path = map.add(['git', 'repositories', key]);
    const ref: RepoRef = key.startsWith('#') ? { id: Number(key.slice(1)) } : r.integration !== undefined ? { name: key, integration: r.integration } : { name: key };
    const entry: DesiredRepository = { ref, path };
    if (r.monitored !== undefined) {
      entry.monitored = r.monitored;
      map.add([...path, 'monitored']);
    }
    if (r.settings !== undefined) {
      entry.settings = r.settings;
      for (const section of Object.keys(r.settings)) map.add([...path, 'settings', section]);
    }
    config.git.repositories.push(entry);
  }
  if (spec.rules !== undefined) {
    config.git.rules = spec.rules.map(([pattern, r]): DesiredRule => {
      const path = map.add(['git', 'repositories', pattern]);
      if (r.integration !== undefined) map.add([...path, 'integration']);
      return { pattern, settings: r.settings, path, ...(r.integration === undefined ? {} : { integration: r.integration }) };
    });
  }
  return config;
}
