// The emulator fixture format (DESIGN.md §4, schemas/fixture.schema.json): the organization an
// emulator serves. Wire-shaped where the API has a shape (scopes, settings), so that a read can be
// pasted into a fixture.

import type { EntityType, Integration, PmEntity, PmScope, ScopeWriteItem } from '../contract/types.js';
import type { OrgSettings, Repository, RepositorySettings, TeamGitScopeBody, TeamGitScopeResponse } from '../contract/git-types.js';
import type { Activity } from './metrics/types.js';

/** An entity as listed by the service, with plain ids where the wire has refs, and fixture flags. */
export interface FixtureEntity extends Pick<PmEntity, 'entity_provider_id' | 'name' | 'selected_last_updated_at' | 'provider_key'> {
  state?: string;
  /** Boards and projects: selected for collection (default false). */
  selected?: boolean;
  /** false: the provider no longer exposes it (default true). */
  reachable?: boolean;
  /** tracker_b teams: the project's entity_provider_id. */
  parent_project?: string;
  /** tracker_b areas: the teams' entity_provider_ids. */
  teams?: string[];
  /** Emulator flag: a deselect is refused with used_by_unavailable. */
  used_by_unavailable?: boolean;
}

export type FixtureEntities = Partial<Record<EntityType, FixtureEntity[]>>;

export interface FixtureIntegration extends Integration {
  entities?: FixtureEntities;
}

export interface FixtureTeam {
  id: number;
  name: string;
  parent_id?: number;
  /** Emulator flag: PM scope writes for this team fail with write_failed (500). */
  scope_write_fails?: boolean;
}

/** Repository fields a fixture may leave out; the emulator derives them (docs/assumptions.md, row 27). */
type DerivedRepositoryField =
  | 'http_url'
  | 'visibility'
  | 'failing_reason'
  | 'created_at'
  | 'updated_at'
  | 'provider_last_pushed_at'
  | 'has_webhook'
  | 'is_onprem'
  | 'ai_tool_rules';

export interface FixtureRepository
  extends Pick<Repository, 'id' | 'provider_id' | 'name' | 'integration_id' | 'state'>,
    Partial<Pick<Repository, DerivedRepositoryField>> {
  /** Emulator flag: stopping monitoring is refused with backfill_in_progress. */
  backfill_in_progress?: boolean;
  /** Emulator flag: any monitoring change is refused with state_changed. */
  state_change_pending?: boolean;
  /** Emulator flag: any monitoring change is refused with write_failed. */
  write_fails?: boolean;
}

/** A scope as a write sends it, under its team. */
export interface FixtureTeamPmScope extends ScopeWriteItem {
  team_id: number;
  scope: PmScope;
}

export interface FixtureTeamGitScope extends TeamGitScopeBody {
  team_id: number;
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
  services?: TeamGitScopeResponse['services'];
  repositories?: FixtureRepository[];
  git_config?: OrgSettings;
  team_pm_scopes?: FixtureTeamPmScope[];
  team_git_scopes?: FixtureTeamGitScope[];
  repository_overrides?: FixtureRepositoryOverride[];
  /** Pull requests, contributors and releases the measurement endpoints compute over (DESIGN.md §6.2). */
  activity?: FixtureActivity;
}

/**
 * Synthetic activity made when the emulator loads (generate-activity.ts): deterministic for a seed
 * and an end date; the end defaults to the current UTC day, so the data always ends near "now".
 */
export interface ActivityGenerateSpec {
  seed?: number;
  /** Months of activity before `end` (default 6). */
  months?: number;
  /** Pull requests (default 40 per month per team, at least 100). */
  prs?: number;
  /** Contributors, spread over the fixture's teams (default 6 per team, at least 5). */
  contributors?: number;
  /** yyyy-mm-dd, exclusive: activity ends before this day (default: today, UTC). */
  end?: string;
}

/** The fixture's `activity:` section: hand-written lists, or `generate:` (not both). */
export interface FixtureActivity extends Activity {
  generate?: ActivityGenerateSpec;
}

/** Limits used when a fixture gives none (the spec does not give the service's values). */
export const DEFAULT_LIMITS = { board_project_limit: 1000, repository_quota: 10000 } as const;

/** A problem of a fixture, at a key path inside it. */
export interface FixtureProblem {
  path: (string | number)[];
  message: string;
}
