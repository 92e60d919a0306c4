// The desired-state model: what the config loader (src/config) produces and the planner consumes.
// Names stay unresolved here (an integration alias, a board by name, a repository by name):
// resolving them needs live data, which is the planner's input, not the loader's.
//
// Pure types: no I/O, no imports beyond the wire types.

import type { Methodology, Provider } from '../contract/types.js';
import type { OrgSettings, RepositorySettings } from '../contract/git-types.js';

/** Where a value was written: 1-based line and column. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/** A path into the merged config document, e.g. ['teams', '42', 'pm', 'tracker', 'boards', 0]. */
export type ConfigPath = readonly (string | number)[];

/** Looks up where a config path was written, for errors raised after loading (plan time). */
export interface SourceMap {
  locate(path: ConfigPath): SourceLocation | undefined;
}

/**
 * How an integration is named wherever the config refers to one: an alias defined under
 * `integrations:` (a string) or a numeric integration id.
 */
export type IntegrationRef = string | number;

/** An integration alias as declared under `integrations:`. Exactly one of id / name is set. */
export interface IntegrationAlias {
  alias: string;
  id?: number;
  name?: string;
  /** Optional: lets validate check provider-specific scope keys offline. */
  provider?: Provider;
}

/** A PM entity: its entity_provider_id, or `{ name }` resolved against the live entity list. */
export type EntityName = { id: string } | { name: string };

/** A repository: its name (resolved against the live list) or its numeric service id. */
export type RepoRef = { name: string; integration?: IntegrationRef } | { id: number };

/** The exact selected set of one (PM integration, entity type). */
export interface DesiredSelection {
  integration: IntegrationRef;
  entityType: 'boards' | 'projects';
  entities: EntityName[];
  path: ConfigPath;
}

export interface DesiredField {
  field: EntityName;
  value: string[];
}

export interface DesiredProjectTeamAreas {
  project: EntityName;
  team: EntityName;
  areas: EntityName[];
}

/**
 * A team's whole PM scope on one integration. Keys not written are empty; a scope with no keys
 * written (`{}`) is unscoped. `methodology` is managed only when written.
 */
export interface DesiredPmScope {
  integration: IntegrationRef;
  methodology?: Methodology;
  boards?: EntityName[];
  epics?: EntityName[];
  /** Label names; a tracker_a label's name is its id. */
  labels?: string[];
  fields?: DesiredField[];
  project_team_areas?: DesiredProjectTeamAreas[];
  path: ConfigPath;
}

/**
 * A team's whole Git scope; keys not written are empty. A `{ name }` holding `*` or `?` is a scope
 * rule (DESIGN 2.1): it stands for every repository, monitored once the plan is applied, whose name
 * it matches. Rule expansion (src/core/rules.ts) lists what they matched, by id, in `matched`, and
 * the diff reads that in their place.
 */
export interface DesiredGitScope {
  repositories: RepoRef[];
  services: number[];
  /** Set only on an expanded config: the ids of the repositories this scope's globs matched. */
  matched?: number[];
  /** With `matched`: the glob (the first written) that brought each of them in, by id. */
  matchedBy?: Record<string, string>;
  path: ConfigPath;
}

/** A team as the config names one: by its id, or by its name (compared case-insensitively). */
export type TeamRef = { id: number } | { name: string };

/** A team member as the config names one: a contributor's email (case-insensitive) or id. */
export type MemberRef = { email: string } | { id: number };

export interface DesiredTeam {
  /** The key as written: a team id (`42:`) or a team's name (`Payments:`). */
  key: TeamRef;
  /**
   * The team's id: an id key, or the `id:` pin of a name key. A name key without a pin has none
   * in a loaded config; the plan resolves it against the service's team list (core/kinds/team/diff.ts):
   * the listed team's id, or, for a team the plan creates, a placeholder below 0 that apply
   * replaces with the id the creation gives.
   */
  id?: number;
  /**
   * The team's name, managed when set: a name key (the key), or `name:` beside an id key (a
   * rename where the service's name differs). It names the team in measurement requests and goals
   * too (`--team NAME`, `teams: [NAME]`), winning over the service's list.
   */
  name?: string;
  /** The parent team; null = at the top; undefined = not managed. */
  parent?: TeamRef | null;
  /** 1-3 characters; undefined = not managed. */
  initials?: string;
  /** #RGB or #RRGGBB; undefined = not managed. */
  color?: string;
  /** The exact member set; undefined = not managed. */
  members?: MemberRef[];
  pm: DesiredPmScope[];
  git?: DesiredGitScope;
  path: ConfigPath;
}

/**
 * Which objects of a kind the file owns. `listed` (the default): those it writes; `exact`: every
 * one the service lists, so the ones the file does not write are deleted.
 */
export interface OwnershipConfig {
  teams: 'listed' | 'exact';
}

/** When written, the exact set of monitored repositories (before per-repository `monitored:`). */
export interface DesiredMonitoring {
  /** Globs on repository name (`*`, `?`) or numeric ids. */
  include: (string | number)[];
  exclude: (string | number)[];
  path: ConfigPath;
}

export interface DesiredRepository {
  ref: RepoRef;
  /**
   * Set only on an entry that rule expansion made (src/core/rules.ts): the pattern of the rule
   * whose settings it carries (`payments/*`). Such an entry names its repository by id.
   */
  rule?: string;
  /** Wins over monitoring patterns; undefined = not managed for this repository. */
  monitored?: boolean;
  /** The repository's whole override set; undefined = not managed, `{}` = no overrides. */
  settings?: RepositorySettings;
  path: ConfigPath;
}

/**
 * A settings rule (DESIGN 2.1): a key of git.repositories holding `*` or `?`. Its settings are the
 * whole override set of every repository it matches (monitored once the plan is applied) that no
 * literal key writes the settings of; of several matching rules the last in file order wins.
 */
export interface DesiredRule {
  /** The glob as written (`payments/*`): the rule's name and its address `repo["payments/*"]`. */
  pattern: string;
  /** Matches only this Git integration's repositories. */
  integration?: IntegrationRef;
  settings: RepositorySettings;
  path: ConfigPath;
}

/**
 * What a narrowed plan keeps of the expanded objects of the rules (src/core/reads/read-scope.ts): the
 * rules are all kept (which rule wins for a repository depends on every rule and literal key), and
 * this says which of the objects they expand to are in scope.
 */
export interface RuleScope {
  /** Address patterns (--target, or the changed objects of --changed-from); empty = every object. */
  targets: string[];
  excludes: string[];
  /**
   * --changed-from: the rules and literal settings keys of the config at the ref; an expanded
   * object is then in scope only when its desired override set differs from the one it had there.
   */
  before?: { rules: DesiredRule[]; literal: DesiredRepository[] };
  /**
   * --changed-from with edited monitoring patterns: a repository this plan starts to monitor is in
   * scope too (a rule now writes the override set nothing wrote before).
   */
  monitoringStarts?: boolean;
  /**
   * Literal keys that write settings in the whole config but were left out of the narrowed one:
   * they still win over the rules for their repositories.
   */
  literal: RepoRef[];
}

/**
 * What a run reads beyond what its desired state names (DESIGN 5.1): a value of its own, passed
 * beside the desired state from where the run's scope is worked out (plan/scope.ts: --target,
 * --exclude, --changed-from; apply PLANFILE: the saved plan's reads) down to the read plan and
 * the planner. Empty for a plan of a whole config.
 */
export interface ReadScope {
  /**
   * Set on a plan narrowed to some repositories: the monitoring patterns are judged for these
   * repositories alone, which are read by name instead of the whole repository list.
   */
  monitoringScope?: { name: string }[];
  /**
   * Set on a plan narrowed by --target/--exclude: the repositories those name, read (by name, or
   * with the whole list for an id) so that an address naming a live repository the config does not
   * manage is known, not reported as matching nothing.
   */
  scopeRepositories?: RepoRef[];
  /**
   * Names that a configuration read or a name lookup told for repositories the --target/--exclude
   * patterns name (src/state/scope-repositories.ts). The read plan reads a repository the config
   * names by such an id by its name, not with the whole list.
   */
  repositoryNames?: { id: number; name: string }[];
  /**
   * apply PLANFILE: the ids its read records give repositories the config names by name. The
   * configuration of such a repository is read by that id (its answer tells the name again)
   * instead of looking the name up.
   */
  repositoryIds?: { name: string; id: number }[];
  /** Set on a narrowed plan that keeps the settings rules: which of the objects they expand to are in scope. */
  ruleScope?: RuleScope;
  /**
   * Set on a --changed-from plan: the objects whose deletion, under exact team ownership, is in
   * scope (the teams the change took out of the file, as the file addressed them). Only their
   * scopes are read to show what goes with each; another team the file leaves out is deleted by a
   * full plan, not by this one.
   */
  deletionsInScope?: string[];
}

export interface DesiredGit {
  /** Each section written is managed; sections not written are left alone. */
  defaults: OrgSettings;
  monitoring?: DesiredMonitoring;
  repositories: DesiredRepository[];
  /** Settings rules in file order (a directory config: files by name); absent or empty when none. */
  rules?: DesiredRule[];
}

/** Destructive change kinds the safety rails count. */
export type DestructiveKind = 'stop_monitoring' | 'deselect' | 'scope_removal' | 'override_removal' | 'team_deletion';

export interface Threshold {
  /** Largest share (0-100) of existing objects of that kind one apply may touch. */
  percent?: number;
  /** Largest number of objects of that kind one apply may touch. */
  count?: number;
}

export interface SafetyConfig {
  thresholds: Partial<Record<DestructiveKind, Threshold>>;
  /** Plan addresses (or address prefixes) that may not be changed at all without --force. */
  protected: string[];
}

export interface DriftIgnoreRule {
  address: string;
  reason: string;
  /** ISO date (yyyy-mm-dd); after it the rule stops hiding drift. */
  until?: string;
}

/**
 * A named measurements request from `reports:` (DESIGN.md §6.1), as written: the same keys as the
 * flags of `emctl measurements`. Checked offline by the loader; resolved and run by src/measure.
 * plan, apply and drift never read it.
 */
export interface ReportDefinition {
  metrics?: string[];
  group_by?: string;
  roll_up?: string;
  after?: string;
  before?: string;
  last?: string;
  /**
   * Team ids or names (the config's `name:` first, then the service's team list), `managed` (every
   * team the config writes) or `all` (every team the service lists but its own two).
   */
  teams?: (number | string)[] | 'managed' | 'all';
  /** Repository names or ids. */
  repositories?: (number | string)[];
  contributors?: (number | string)[];
  services?: (number | string)[];
  labels?: string[];
  order_by?: string;
  order_dir?: string;
  limit?: number;
  format?: string;
  out?: string;
  /** The heading of the html and markdown pages and the chart (default: the metrics and the grouping). */
  title?: string;
  /** The API's `with_direct_children`: a parent team's values count its direct child teams' contributors too. */
  with_children?: boolean;
}

export interface DesiredReport {
  name: string;
  definition: ReportDefinition;
  path: ConfigPath;
}

/**
 * A goal from `goals:` (DESIGN.md section 12), as written: a threshold on one metric, judged per
 * group on the latest complete bucket by `emctl goals`. Checked offline by the loader; judged by
 * src/measure/goals. plan, apply and drift never read it.
 */
export interface GoalDefinition {
  /** `NAME` or `NAME:AGG`, as in a report's metrics. */
  metric?: string;
  /** A duration (`1d`, `2d 4h`) for a duration metric, else a number. */
  at_most?: number | string;
  at_least?: number | string;
  group_by?: string;
  teams?: (number | string)[] | 'managed' | 'all';
  repositories?: (number | string)[];
  roll_up?: string;
  /** The history shown beside the verdict (default 8 buckets of the roll-up). */
  last?: string;
}

export interface DesiredGoal {
  name: string;
  definition: GoalDefinition;
  path: ConfigPath;
}

export interface DesiredConfig {
  version: 1;
  /** The files the config was loaded from, in merge order. */
  files: string[];
  integrations: IntegrationAlias[];
  collection: DesiredSelection[];
  teams: DesiredTeam[];
  /** Absent: every kind `listed`. */
  ownership?: OwnershipConfig;
  git: DesiredGit;
  safety: SafetyConfig;
  drift: { ignore: DriftIgnoreRule[] };
  /**
   * Named measurement requests (`reports:`), in the order written. The loader always sets it;
   * plan, apply and drift never read it, and a saved plan leaves it out.
   */
  reports?: DesiredReport[];
  /** Goals (`goals:`), in the order written; like reports, no part of the desired state. */
  goals?: DesiredGoal[];
  sourceMap: SourceMap;
}
