// What the emulator keeps of the organization: its records, indexed for the reads the API needs
// (entities by integration, type and id; repositories by id and by name). fixture/state.ts builds
// it from a fixture and turns it back into one (the --state file is a fixture plus the logs, so
// persistence and fixtures share one format).

import type { AuditLogEntry, EntityType, Integration, Methodology } from '../../contract/types.js';
import type { RecomputeEntry } from '../../contract/git-types.js';
import type { OrgSettings, Repository, RepositorySettings } from '../../contract/git-types.js';

/** A scope as the emulator stores it: entity ids only (names are looked up on read). */
export interface StoredScope {
  boards?: string[];
  epics?: string[];
  labels?: string[];
  fields?: { id: string; value: string[] }[];
  project_team_areas?: { project: string; team: string; areas: string[] }[];
}

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
  initials?: string;
  color: string;
  created_at: string;
  /**
   * The members (contributor ids) once a fixture or a member write set them; undefined while they
   * are still those the activity's contributors name (their team_ids), which the store indexes.
   */
  members?: Set<number>;
  scopeWriteFails: boolean;
}

/**
 * The ids of the two teams the service keeps itself (`All Teams`, `All Contributors`; DESIGN.md
 * section 13): the fixture's `service_teams` when it gives them (`pinned`), else the two ids
 * above the fixture's highest team id.
 */
export interface ServiceTeamIds {
  allTeams: number;
  allContributors: number;
  pinned: boolean;
}

export interface EmulatorState {
  org: { id: number; name: string };
  apiKeys: Set<string>;
  limits: { boardProjectLimit: number; repositoryQuota: number };
  integrations: Map<number, Integration>;
  /** integration id -> entity type -> entity_provider_id -> entity (insertion order = fixture order). */
  entities: Map<number, Map<EntityType, Map<string, EntityRec>>>;
  teams: Map<number, TeamRec>;
  /** Ids of teams deleted since load: never given to a new team, never counted as a team again. */
  deletedTeams: Set<number>;
  serviceTeams: ServiceTeamIds;
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
