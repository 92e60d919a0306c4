// The live snapshot: what the state reader (src/state) read from the service, in wire types, and
// nothing else. The pure core turns (DesiredConfig, LiveSnapshot) into a Plan; it never does I/O.
//
// Every list here is complete for what it covers: a failed or partial read aborts before a
// snapshot exists, so "absent" below always means "not read", never "read and empty".

import type { EntityType, Integration, PmEntity, TeamPmScopeResponse } from '../contract/types.js';
import type { ListedTeam, ListedUser } from '../contract/list-types.js';
import type { OrgConfigResponse, Repository, RepositoryConfigResponse, TeamGitScopeResponse } from '../contract/git-types.js';

/** The key of one (integration, entity type) list, `10/boards`: how lists, their reads and what they hold are looked up. */
export function listKey(integrationId: number, type: string): string {
  return `${integrationId}/${type}`;
}

/** One (integration, entity type) list as read. */
export interface EntityListRead {
  integrationId: number;
  type: EntityType;
  entities: PmEntity[];
  /** True when read with used_by (needed to predict entity_in_use on deselects). */
  withUsedBy: boolean;
  /** True when the list holds only selected entities (is_selected_for_collection=true filter). */
  selectedOnly: boolean;
  /**
   * True when read with include_invalid=true: the list may hold entities the provider no longer
   * exposes, and which ones they are is known only once unreachableIds is set.
   */
  includesUnreachable?: boolean;
  /**
   * Ids of listed entities the provider no longer exposes (present only with include_invalid=true;
   * the wire carries no flag, so the reader learns it by comparing with a read without it, which
   * it makes only when a plan's writes name entities of the list: see Plan.unknownReachability).
   */
  unreachableIds?: string[];
}

export interface LiveSnapshot {
  /** Live (non-deleted) integrations, PM and Git. Always read. */
  integrations: Integration[];
  entityLists: EntityListRead[];
  /**
   * Repositories read: the whole list when `repositoriesComplete` (names must be resolved against
   * everything, or monitoring is managed), else only those fetched by exact name / id.
   */
  repositories: Repository[];
  repositoriesComplete: boolean;
  /**
   * Monitored (or failing) repositories in the organization, from one filtered list call: the
   * stop_monitoring total of a plan whose monitoring is judged on some repositories only.
   */
  monitoredTotal?: number;
  /** Team PM scope per team id; 'not_found' when the service answered 404 for the team. */
  teamPmScopes: Map<number, TeamPmScopeResponse | 'not_found'>;
  /** Team Git scope per team id; 'not_found' when the service answered 404 for the team. */
  teamGitScopes: Map<number, TeamGitScopeResponse | 'not_found'>;
  /** Repository configuration per repository id, for every repository whose settings are managed. */
  repositoryConfigs: Map<number, RepositoryConfigResponse>;
  /** Read when org defaults are managed. */
  orgConfig?: OrgConfigResponse;
  /**
   * The service's team list (its own two included, members inline), read when the config manages
   * teams themselves (the team kinds' reads: kinds/team/reads.ts, team-members/reads.ts); absent when not read.
   */
  teamList?: ListedTeam[];
  /** The contributors (`/api/v1/users`), read only when a `members:` names one by email. */
  users?: ListedUser[];
}
