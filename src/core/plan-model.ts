// The plan: what `emctl plan` computes, renders and saves, and what `emctl apply` and `emctl drift`
// consume. Pure data with a stable JSON form (format_version), so a saved plan is reviewable.

import type { HttpMethod } from '../contract/types.js';
import type { DestructiveKind } from './model.js';

export type Action = 'add' | 'remove' | 'update';

export type Impact =
  /** A settings section whose change recomputes history (api-spec "Settings sections"). */
  | 'history-recompute'
  /** Starting to monitor a repository loads its history. */
  | 'backfill'
  /** Deselecting an entity or stopping monitoring stops collection of new data. */
  | 'stops-collection'
  /** Selecting an entity or monitoring a repository counts against the board/project limit or repository quota. */
  | 'counts-against-limit'
  /** A team's PM or Git scope, methodology, members or parent changes what its metrics cover. */
  | 'changes-team-metrics'
  /** A team is created. */
  | 'creates-team'
  /** A team is deleted, and its members, scopes and place in the tree with it. */
  | 'deletes-team';

/** The kinds of object the ownership rule names (DESIGN.md §2). */
export type ObjectKind =
  | 'selection' // one entity in a (PM integration, entity type) selection set
  | 'pm-scope' // one key of a (team, PM integration) scope
  | 'methodology' // a team's methodology on an integration
  | 'git-scope' // one key of a team's Git scope
  | 'org-default' // one org default section
  | 'repo-override' // one section of a repository's override set
  | 'monitoring' // a repository's monitoring state
  | 'team' // a team itself (create, delete) or one of its properties (name, parent, initials, colour)
  | 'team-members'; // a team's member set

/**
 * One change to one addressable object. before/after are canonical JSON values; null when the
 * object is absent on that side (an add has before null, a remove has after null).
 */
export interface Change {
  address: string;
  kind: ObjectKind;
  action: Action;
  before: unknown;
  after: unknown;
  impacts: Impact[];
  /** Set when the change counts against a safety threshold. */
  destructive?: DestructiveKind;
  /** Human label of the object, e.g. a board's name, shown next to the address. */
  label?: string;
  /**
   * The settings rule whose expansion made this change (its pattern as written, `payments/*`);
   * absent for a change of an object the config writes literally (DESIGN 2.1).
   */
  rule?: string;
  /**
   * A team Git scope's repositories that a scope glob brought in (not named literally), by id: the
   * glob as written (`{"1211": "acme/*"}`), so the plan says which glob to edit (DESIGN 2.1).
   */
  globs?: Record<string, string>;
  /**
   * How before/after read for people, when the canonical values are ids the config did not write:
   * a team Git scope's repository ids as names (`"labs/embeddings"`). Same shape as before/after,
   * element for element; a side left out shows its canonical value. The text and Markdown
   * renderers show it; JSON keeps before/after as they are and leaves this out.
   */
  display?: { before?: unknown; after?: unknown };
}

/**
 * One HTTP call that carries out changes. Operations with the same stage are independent and may
 * run concurrently; stage N+1 starts only after stage N (unless the failure did not touch
 * what it depends on, see dependsOn).
 */
export interface Operation {
  id: string;
  stage: number;
  method: HttpMethod;
  /** Path with its query string, relative to the base URL. */
  path: string;
  /** Method + path template, e.g. 'PATCH /api/v1/git/repositories'; the pacing key. */
  route: string;
  body?: unknown;
  /** Addresses of the changes this call carries. */
  addresses: string[];
  /**
   * For calls answered with applied/rejected lists: how each list entry maps to an address.
   * key is the entry's identity: entity_provider_id for selections, `${team_id}/${integration_id}`
   * for PM scope writes, the repository id for monitoring.
   */
  items?: { key: string; address: string }[];
  /** Ids of operations that must succeed first. */
  dependsOn: string[];
  /** One line for people: "select 3 boards on tracker", "monitor 100 repositories". */
  description: string;
}

export interface PlanMessage {
  message: string;
  address?: string;
  /** file:line:column of the config entry it concerns, when known. */
  location?: string;
}

/** A read the plan depended on, recorded so `apply PLANFILE` can tell whether live state moved. */
export interface ReadRecord {
  /** The addresses whose live value came from this read. */
  addresses: string[];
  method: 'GET';
  path: string;
  /** Digest of the part of the response the plan used. */
  digest: string;
}

/**
 * A safety rail that `apply` would refuse this plan on (exit 3 unless --force), with its figures,
 * so that a pull request's plan shows the refusal before the merge does.
 */
export interface RailRefusal {
  rail: 'threshold' | 'protected';
  /** The destructive kind a threshold counts. */
  kind?: DestructiveKind;
  /** Destructive changes of that kind in the plan, and existing objects of that kind. */
  count?: number;
  total?: number;
  /** The share (count / total, in percent) and the limit it exceeds; or the count limit. */
  percent?: number;
  limit_percent?: number;
  limit_count?: number;
  /** A protected change: its address and the `protected:` entry that covers it. */
  address?: string;
  protected?: string;
  /** For people: "would stop monitoring 23.53% (4/17) of monitored repositories; the limit is 20%". */
  message: string;
}

export interface PlanSummary {
  add: number;
  remove: number;
  update: number;
  operations: number;
}

/** The organization a plan was made against (DESIGN 3): where, and the integrations it saw. */
export interface PlanOrganization {
  /** The base URL, or `emulator:FIXTURE` for an in-process emulator. Never holds credentials. */
  base_url: string;
  integrations: { id: number; type: string; provider: string; name: string }[];
}

/**
 * A plan narrowed to part of the config (--target / --exclude, --changed-from, DESIGN 3): it read
 * and planned only the objects in scope; drift checks the rest. The share thresholds of the safety
 * rails are judged on the objects the scope read (docs/planning.md).
 */
export interface PlanScope {
  /** What narrowed it, as given: `--target team[1001]`, `--exclude repo`, `--changed-from main`. */
  narrowed_by: string[];
  /** Objects of the ownership rule in scope (selection sets, team scopes, override sets, ...). */
  objects: number;
  /** --changed-from: the git ref whose config the plan was compared with. */
  changed_from?: string;
  /** --changed-from: objects the config wrote at the ref and no longer writes (not managed now: nothing is written for them). */
  no_longer_managed?: number;
  /** --changed-from: the monitoring patterns changed, so every repository's monitoring state is in scope. */
  all_monitoring?: boolean;
}

/**
 * What one settings rule matched when the plan was made: `apply PLANFILE` refuses the plan as
 * stale when a rule it records now writes other repositories (DESIGN 2.1).
 */
export interface RuleRecord {
  /** The rule's address: `repo["payments/*"]`. */
  rule: string;
  /** How many repositories' override sets the rule writes. */
  repositories: number;
  /** sha256 (hex) of their ids, ascending, as a JSON list. */
  digest: string;
}

export interface Plan {
  format_version: 2;
  /** ISO timestamp, set by the shell that made the plan. */
  created_at?: string;
  /** The emctl version that made the plan. */
  emctl_version?: string;
  /** Set by the shell that made the plan; `apply PLANFILE` refuses another organization. */
  organization?: PlanOrganization;
  /** The config files the plan was made from. */
  config_files: string[];
  /** Present when the plan covers only part of the config. */
  scope?: PlanScope;
  changes: Change[];
  operations: Operation[];
  /** Things that deserve attention but do not block (a team name that differs, an expired ignore rule). */
  warnings: PlanMessage[];
  /** Predicted refusals: when non-empty, plan and apply exit 1 before any write. */
  errors: PlanMessage[];
  summary: PlanSummary;
  reads: ReadRecord[];
  /** Each settings rule the plan expanded and what it matched; absent when it expanded none. */
  rules?: RuleRecord[];
  /** The safety rails apply would refuse this plan on; absent when none would (or drift). */
  safety_refusals?: RailRefusal[];
  /** Counts of existing objects per destructive kind, so the safety rails can compute shares. */
  totals: Partial<Record<DestructiveKind, number>>;
  /**
   * Entity lists read with unreachable entities (include_invalid) whose entities this plan's
   * writes name, when the snapshot does not say which are unreachable: the shell reads them
   * without unreachable entities and plans again, so entity_not_reachable / entity_not_found are
   * predicted. Absent when nothing is missing; never saved (the JSON renderer leaves it out).
   */
  unknownReachability?: { integrationId: number; type: string }[];
  /**
   * The desired state the plan was made from (DesiredConfig without its source map), saved so that
   * `apply PLANFILE` can re-read live state and prove nothing moved since the plan was made.
   */
  desired?: unknown;
}
