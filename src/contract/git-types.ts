// Wire types of the Git routes of the Engineering Metrics Service (api-spec.md: repositories,
// monitoring, repository and organization settings, team Git scope, the emulator's recompute log).

import type { GitProvider } from './types.js';

// ---- Git repositories ----------------------------------------------------------------------

export type RepositoryState = 'monitored' | 'not_monitored' | 'discovered' | 'failing';
export type Visibility = 'public' | 'private' | 'internal';

export interface Repository {
  id: number;
  provider_id: string;
  name: string;
  http_url: string;
  provider: GitProvider;
  integration_id: number;
  visibility: Visibility | null;
  state: RepositoryState;
  failing_reason: string | null;
  created_at: string;
  updated_at: string;
  provider_last_pushed_at: string | null;
  has_webhook: boolean;
  is_onprem: boolean;
  ai_tool_rules: Record<string, unknown>;
}

export interface ListRepositoriesParams {
  page?: number;
  page_size?: number;
  name?: string;
  provider_id?: string;
  integration_ids?: number[];
  state?: RepositoryState[];
  visibility?: Visibility[];
}

export interface ListRepositoriesResponse {
  total: number;
  items: Repository[];
}

export type MonitorState = 'monitored' | 'not_monitored';

export interface MonitorEntry {
  id: number;
  state: MonitorState;
}

export type MonitorRejectionCode =
  | 'duplicate_repository'
  | 'repository_not_found'
  | 'integration_not_available'
  | 'backfill_in_progress'
  | 'never_monitored'
  | 'state_changed'
  | 'write_failed';

export interface MonitorResponse {
  applied: MonitorEntry[];
  rejected: (MonitorEntry & { code: MonitorRejectionCode; message: string })[];
}

// ---- Git settings --------------------------------------------------------------------------

export type ReleaseMethod = 'tags' | 'pr_to_branch' | 'merge_to_branch' | 'api';
export type BackfillDays = 90 | 1;

export interface ReleasesDetection {
  /** `deployment` appears on reads only. */
  method: ReleaseMethod | 'deployment';
  pattern?: string | null;
  backfill_days?: BackfillDays;
}
export interface DraftPullRequests {
  labels?: string[];
  title_pattern?: string | null;
}
export interface DefaultBranch {
  branch_name?: string | null;
}
export interface Patterns {
  patterns?: string[];
}
export interface ActiveBranchesDuration {
  days: 3 | 7 | 14;
}
export interface CodingTimeStrategy {
  method: 'first_commit' | 'issue_state_pr';
  backfill_days?: BackfillDays;
}
export interface IssueStartTime {
  method: 'first_transition' | 'last_transition';
}
export interface BotPrAttribution {
  method: 'merge_actor' | 'assignee' | 'none';
}

export interface RepositorySettings {
  releases_detection?: ReleasesDetection;
  draft_pull_requests?: DraftPullRequests;
  default_branch?: DefaultBranch;
  exclude_branches?: Patterns;
  exclude_base_branches?: Patterns;
  exclude_file_extensions?: Patterns;
  coding_time_strategy?: CodingTimeStrategy;
}

export interface OrgSettings extends RepositorySettings {
  include_file_extensions?: Patterns;
  active_branches_duration?: ActiveBranchesDuration;
  issue_start_time?: IssueStartTime;
  bot_pr_attribution?: BotPrAttribution;
}

export type RepoSection = keyof RepositorySettings;
export type OrgSection = keyof OrgSettings;

export const REPO_SECTIONS: readonly RepoSection[] = [
  'releases_detection',
  'draft_pull_requests',
  'default_branch',
  'exclude_branches',
  'exclude_base_branches',
  'exclude_file_extensions',
  'coding_time_strategy',
];
export const ORG_ONLY_SECTIONS: readonly OrgSection[] = [
  'include_file_extensions',
  'active_branches_duration',
  'issue_start_time',
  'bot_pr_attribution',
];
export const ORG_SECTIONS: readonly OrgSection[] = [...REPO_SECTIONS, ...ORG_ONLY_SECTIONS];
/** Sections whose change (org or repository level, including override removal) recomputes history. */
export const RECOMPUTE_SECTIONS: readonly OrgSection[] = [
  'exclude_branches',
  'exclude_base_branches',
  'exclude_file_extensions',
  'include_file_extensions',
  'releases_detection',
  'coding_time_strategy',
];
/** Sections that take the write-time-only backfill_days field. */
export const BACKFILL_SECTIONS: readonly OrgSection[] = ['releases_detection', 'coding_time_strategy'];

export type SettingSource = 'repository' | 'global';

export interface RepositoryConfigResponse {
  repository_id: number;
  repository_name: string;
  settings: {
    [S in RepoSection]?: {
      value: NonNullable<RepositorySettings[S]>;
      source: SettingSource;
      global_default?: NonNullable<RepositorySettings[S]>;
    };
  };
}

export interface OrgConfigResponse {
  settings: Required<OrgSettings>;
}

// ---- Team Git scope ------------------------------------------------------------------------

export interface TeamGitScopeResponse {
  team_id: number;
  team_name: string;
  repositories: { id: number; name: string; url: string }[];
  services: { id: number; name: string }[];
}

export interface TeamGitScopeBody {
  repository_ids?: number[];
  service_ids?: number[];
}

export type GitScopeKey = 'repositories' | 'services';

/** A recompute the emulator logged after a settings write (its admin routes). */
export interface RecomputeEntry {
  section: OrgSection;
  repository_id: number | null;
  backfill_days: BackfillDays | null;
}
