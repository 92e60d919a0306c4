// The emulator's in-memory state, indexed for the reads the API needs (entities by integration,
// type and id; repositories by id and by name), built from a fixture and turned back into one
// (the --state file is a fixture plus the logs, so persistence and fixtures share one format).

import type { AuditLogEntry, EntityType, GitProvider, Integration, Methodology, PmProvider } from '../contract/types.js';
import type { RecomputeEntry } from '../contract/git-types.js';
import type { OrgSettings, Repository, RepositorySettings } from '../contract/git-types.js';
import { DEFAULT_LIMITS, type Fixture, type FixtureEntities, type FixtureEntity } from './fixture-types.js';
import { checkScope, type EntityLookup, type StoredScope } from './scope-rules.js';
import { SERVICE_DEFAULTS } from './settings.js';

/** Timestamp used for fixture objects that carry none, so a fixture always loads to the same state. */
export const FIXTURE_EPOCH = '2025-01-01T00:00:00.000Z';

export interface EntityRec {
  integrationId: number;
  type: EntityType;
  id: string;
  name: string;
  state: string;
  reachable: boolean;
  /** Boards/projects: exposed as is_selected_for_collection. Epics: selected by scope writes, not exposed. */
  selected: boolean;
  selectedAt: string;
  providerKey?: string;
  parentProject?: string;
  teams?: string[];
  usedByUnavailable: boolean;
}

export interface RepoRec extends Repository {
  backfillInProgress: boolean;
  stateChangePending: boolean;
  writeFails: boolean;
}

export interface PmScopeRec {
  scope: StoredScope;
  methodology: Methodology;
}

export interface TeamRec {
  id: number;
  name: string;
  parent_id?: number;
  scopeWriteFails: boolean;
}

export interface EmulatorState {
  org: { id: number; name: string };
  apiKeys: Set<string>;
  limits: { boardProjectLimit: number; repositoryQuota: number };
  integrations: Map<number, Integration>;
  /** integration id -> entity type -> entity_provider_id -> entity (insertion order = fixture order). */
  entities: Map<number, Map<EntityType, Map<string, EntityRec>>>;
  teams: Map<number, TeamRec>;
  services: Map<number, { id: number; name: string }>;
  repos: Map<number, RepoRec>;
  reposByName: Map<string, RepoRec[]>;
  /** Every repository in id order (the list endpoint's page order). */
  reposSorted: RepoRec[];
  orgSettings: Required<OrgSettings>;
  overrides: Map<number, RepositorySettings>;
  /** team id -> integration id -> scope. */
  pmScopes: Map<number, Map<number, PmScopeRec>>;
  gitScopes: Map<number, { repositoryIds: number[]; serviceIds: number[] }>;
  audit: AuditLogEntry[];
  recomputes: RecomputeEntry[];
  /** Bumped on every PM scope change; used_by caches compare against it. */
  scopeVersion: number;
  /** Bumped on every repository state change; filtered list caches compare against it. */
  repoVersion: number;
}

const HOSTS: Record<GitProvider, string> = {
  host_a: 'code.host-a.example',
  host_b: 'labs.host-b.example',
  host_c: 'host-c.example',
  host_c_server: 'git.internal.example',
  host_d: 'host-d.example',
};

export function entityLookup(state: EmulatorState, integrationId: number): EntityLookup {
  return (type, id) => {
    const e = state.entities.get(integrationId)?.get(type)?.get(id);
    return e && { reachable: e.reachable, parentProject: e.parentProject, teams: e.teams };
  };
}

export function buildState(fixture: Fixture): EmulatorState {
  const state: EmulatorState = {
    org: { ...fixture.organization },
    apiKeys: new Set(fixture.api_keys),
    limits: {
      boardProjectLimit: fixture.limits?.board_project_limit ?? DEFAULT_LIMITS.board_project_limit,
      repositoryQuota: fixture.limits?.repository_quota ?? DEFAULT_LIMITS.repository_quota,
    },
    integrations: new Map(),
    entities: new Map(),
    teams: new Map(),
    services: new Map(),
    repos: new Map(),
    reposByName: new Map(),
    reposSorted: [],
    orgSettings: { ...SERVICE_DEFAULTS, ...structuredClone(fixture.git_config ?? {}) } as Required<OrgSettings>,
    overrides: new Map(),
    pmScopes: new Map(),
    gitScopes: new Map(),
    audit: [],
    recomputes: [],
    scopeVersion: 0,
    repoVersion: 0,
  };
  for (const i of fixture.integrations) {
    const { entities, ...wire } = i;
    state.integrations.set(i.id, wire);
    const byType = new Map<EntityType, Map<string, EntityRec>>();
    for (const [type, list] of Object.entries(entities ?? {}) as [EntityType, FixtureEntity[]][]) {
      byType.set(type, new Map(list.map((e) => [e.entity_provider_id, entityRec(i.id, type, e)])));
    }
    state.entities.set(i.id, byType);
  }
  for (const t of fixture.teams ?? []) {
    state.teams.set(t.id, { id: t.id, name: t.name, parent_id: t.parent_id, scopeWriteFails: t.scope_write_fails ?? false });
  }
  for (const s of fixture.services ?? []) state.services.set(s.id, { ...s });
  for (const r of fixture.repositories ?? []) {
    const integration = state.integrations.get(r.integration_id);
    const provider = (integration?.provider ?? 'host_a') as GitProvider;
    const rec: RepoRec = {
      id: r.id,
      provider_id: r.provider_id,
      name: r.name,
      http_url: r.http_url ?? `https://${HOSTS[provider]}/${r.name}`,
      provider,
      integration_id: r.integration_id,
      visibility: r.visibility ?? null,
      state: r.state,
      failing_reason: r.state === 'failing' ? (r.failing_reason ?? 'collection failing') : null,
      created_at: r.created_at ?? FIXTURE_EPOCH,
      updated_at: r.updated_at ?? FIXTURE_EPOCH,
      provider_last_pushed_at: r.provider_last_pushed_at ?? FIXTURE_EPOCH,
      has_webhook: r.has_webhook ?? (r.state === 'monitored' || r.state === 'failing'),
      is_onprem: r.is_onprem ?? provider === 'host_c_server',
      ai_tool_rules: r.ai_tool_rules ?? {},
      backfillInProgress: r.backfill_in_progress ?? false,
      stateChangePending: r.state_change_pending ?? false,
      writeFails: r.write_fails ?? false,
    };
    state.repos.set(r.id, rec);
    const same = state.reposByName.get(r.name);
    if (same) same.push(rec);
    else state.reposByName.set(r.name, [rec]);
  }
  state.reposSorted = [...state.repos.values()].sort((a, b) => a.id - b.id);
  for (const o of fixture.repository_overrides ?? []) state.overrides.set(o.repository_id, structuredClone(o.settings));
  for (const s of fixture.team_pm_scopes ?? []) {
    const integration = state.integrations.get(s.integration_id);
    const checked = checkScope((integration?.provider ?? 'tracker_a') as PmProvider, s.scope, entityLookup(state, s.integration_id));
    // The fixture checks already refused bad scopes; a failure here is a bug in them.
    if (!checked.ok) throw new Error(`team_pm_scopes: ${checked.message}`);
    const byIntegration = state.pmScopes.get(s.team_id) ?? new Map<number, PmScopeRec>();
    byIntegration.set(s.integration_id, { scope: dropEmptyKeys(checked.scope), methodology: s.methodology ?? 'Kanban' });
    state.pmScopes.set(s.team_id, byIntegration);
    // As after a scope write, what a scope names is selected for collection.
    const byType = state.entities.get(s.integration_id);
    const named: [EntityType, string[]][] = [
      ['boards', checked.scope.boards ?? []],
      ['epics', checked.scope.epics ?? []],
      ['projects', (checked.scope.project_team_areas ?? []).map((p) => p.project)],
    ];
    for (const [type, ids] of named) for (const id of ids) byType!.get(type)!.get(id)!.selected = true;
  }
  for (const g of fixture.team_git_scopes ?? []) {
    state.gitScopes.set(g.team_id, { repositoryIds: [...(g.repository_ids ?? [])], serviceIds: [...(g.service_ids ?? [])] });
  }
  return state;
}

function entityRec(integrationId: number, type: EntityType, e: FixtureEntity): EntityRec {
  const rec: EntityRec = {
    integrationId,
    type,
    id: e.entity_provider_id,
    name: e.name,
    state: e.state ?? 'active',
    reachable: e.reachable ?? true,
    selected: e.selected ?? false,
    selectedAt: e.selected_last_updated_at ?? FIXTURE_EPOCH,
    usedByUnavailable: e.used_by_unavailable ?? false,
  };
  if (e.provider_key !== undefined) rec.providerKey = e.provider_key;
  if (e.parent_project !== undefined) rec.parentProject = e.parent_project;
  if (e.teams !== undefined) rec.teams = [...e.teams];
  return rec;
}

/** Keys holding [] carry no meaning once stored: an empty key equals an absent one. */
export function dropEmptyKeys(scope: StoredScope): StoredScope {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(scope)) if (Array.isArray(v) && v.length > 0) out[k] = v;
  return out as StoredScope;
}

/** The wire form of a stored scope, without display names (what a fixture holds). */
export function scopeToWire(scope: StoredScope): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (scope.boards?.length) out.boards = scope.boards.map((id) => ({ entity_provider_id: id }));
  if (scope.epics?.length) out.epics = scope.epics.map((id) => ({ entity_provider_id: id }));
  if (scope.labels?.length) out.labels = scope.labels.map((name) => ({ name }));
  if (scope.fields?.length) out.fields = scope.fields.map((f) => ({ entity_provider_id: f.id, value: [...f.value] }));
  if (scope.project_team_areas?.length) {
    out.project_team_areas = scope.project_team_areas.map((p) => ({
      project: { entity_provider_id: p.project },
      team: { entity_provider_id: p.team },
      areas: p.areas.map((a) => ({ entity_provider_id: a })),
    }));
  }
  return out;
}

/** The current state as a fixture: loading it gives back this state (logs aside). */
export function stateToFixture(state: EmulatorState): Fixture {
  const fixture: Fixture = {
    organization: { ...state.org },
    api_keys: [...state.apiKeys],
    limits: { board_project_limit: state.limits.boardProjectLimit, repository_quota: state.limits.repositoryQuota },
    integrations: [...state.integrations.values()].map((i) => {
      const byType = state.entities.get(i.id);
      if (i.type !== 'pm' || !byType || byType.size === 0) return { ...i };
      const entities: FixtureEntities = {};
      for (const [type, map] of byType) entities[type] = [...map.values()].map(entityToFixture);
      return { ...i, entities };
    }),
    teams: [...state.teams.values()].map((t) => ({
      id: t.id,
      name: t.name,
      ...(t.parent_id !== undefined ? { parent_id: t.parent_id } : {}),
      ...(t.scopeWriteFails ? { scope_write_fails: true } : {}),
    })),
    services: [...state.services.values()].map((s) => ({ ...s })),
    repositories: state.reposSorted.map((r) => {
      const { backfillInProgress, stateChangePending, writeFails, provider, ...wire } = r;
      void provider;
      return {
        ...wire,
        ...(backfillInProgress ? { backfill_in_progress: true } : {}),
        ...(stateChangePending ? { state_change_pending: true } : {}),
        ...(writeFails ? { write_fails: true } : {}),
      };
    }),
    git_config: structuredClone(state.orgSettings),
    team_pm_scopes: [],
    team_git_scopes: [],
    repository_overrides: [...state.overrides].map(([repository_id, settings]) => ({ repository_id, settings: structuredClone(settings) })),
  };
  for (const [team_id, byIntegration] of state.pmScopes) {
    for (const [integration_id, rec] of byIntegration) {
      fixture.team_pm_scopes!.push({ team_id, integration_id, methodology: rec.methodology, scope: scopeToWire(rec.scope) });
    }
  }
  for (const [team_id, g] of state.gitScopes) {
    fixture.team_git_scopes!.push({ team_id, repository_ids: [...g.repositoryIds], service_ids: [...g.serviceIds] });
  }
  return fixture;
}

function entityToFixture(e: EntityRec): FixtureEntity {
  const out: FixtureEntity = { entity_provider_id: e.id, name: e.name, state: e.state };
  if (e.type === 'boards' || e.type === 'projects' || e.type === 'epics') {
    out.selected = e.selected;
    out.selected_last_updated_at = e.selectedAt;
  }
  if (!e.reachable) out.reachable = false;
  if (e.providerKey !== undefined) out.provider_key = e.providerKey;
  if (e.parentProject !== undefined) out.parent_project = e.parentProject;
  if (e.teams !== undefined) out.teams = [...e.teams];
  if (e.usedByUnavailable) out.used_by_unavailable = true;
  return out;
}
