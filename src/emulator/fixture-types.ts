// The emulator fixture format (DESIGN.md §4, schemas/fixture.schema.json): the organization an
// emulator serves. Wire-shaped where the API has a shape (scopes, settings), so that a read can be
// pasted into a fixture.

import type {
  IntegrationState,
  IntegrationType,
  Methodology,
  OrgSettings,
  PmScope,
  Provider,
  RepositorySettings,
  RepositoryState,
  Visibility,
} from '../api/types.js';

export interface FixtureEntity {
  entity_provider_id: string;
  name: string;
  state?: string;
  /** Boards and projects: selected for collection (default false). */
  selected?: boolean;
  selected_last_updated_at?: string;
  /** false: the provider no longer exposes it (default true). */
  reachable?: boolean;
  provider_key?: string;
  /** tracker_b teams: the project's entity_provider_id. */
  parent_project?: string;
  /** tracker_b areas: the teams' entity_provider_ids. */
  teams?: string[];
  /** Emulator flag: a deselect is refused with used_by_unavailable. */
  used_by_unavailable?: boolean;
}

export type FixtureEntities = Partial<Record<'boards' | 'projects' | 'epics' | 'labels' | 'fields' | 'teams' | 'areas', FixtureEntity[]>>;

export interface FixtureIntegration {
  id: number;
  type: IntegrationType;
  provider: Provider;
  name: string;
  state: IntegrationState;
  auth_type: string;
  failing_reason?: string;
  deleted_at?: string;
  entities?: FixtureEntities;
}

export interface FixtureTeam {
  id: number;
  name: string;
  parent_id?: number;
  /** Emulator flag: PM scope writes for this team fail with write_failed (500). */
  scope_write_fails?: boolean;
}

export interface FixtureRepository {
  id: number;
  provider_id: string;
  name: string;
  integration_id: number;
  visibility?: Visibility | null;
  state: RepositoryState;
  failing_reason?: string | null;
  http_url?: string;
  created_at?: string;
  updated_at?: string;
  provider_last_pushed_at?: string | null;
  has_webhook?: boolean;
  is_onprem?: boolean;
  ai_tool_rules?: Record<string, unknown>;
  /** Emulator flag: stopping monitoring is refused with backfill_in_progress. */
  backfill_in_progress?: boolean;
  /** Emulator flag: any monitoring change is refused with state_changed. */
  state_change_pending?: boolean;
  /** Emulator flag: any monitoring change is refused with write_failed. */
  write_fails?: boolean;
}

export interface FixtureTeamPmScope {
  team_id: number;
  integration_id: number;
  methodology?: Methodology;
  scope: PmScope;
}

export interface FixtureTeamGitScope {
  team_id: number;
  repository_ids?: number[];
  service_ids?: number[];
}

export interface FixtureRepositoryOverride {
  repository_id: number;
  settings: RepositorySettings;
}

export interface Fixture {
  organization: { id: number; name: string };
  api_keys: string[];
  limits?: { board_project_limit?: number; repository_quota?: number };
  integrations: FixtureIntegration[];
  teams?: FixtureTeam[];
  services?: { id: number; name: string }[];
  repositories?: FixtureRepository[];
  git_config?: OrgSettings;
  team_pm_scopes?: FixtureTeamPmScope[];
  team_git_scopes?: FixtureTeamGitScope[];
  repository_overrides?: FixtureRepositoryOverride[];
}

/** Limits used when a fixture gives none (the spec does not give the service's values). */
export const DEFAULT_LIMITS = { board_project_limit: 1000, repository_quota: 10000 } as const;
