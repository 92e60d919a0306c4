// The whole organization as `emctl export` read it (src/export/read.ts), in wire types: what each
// kind's export facet (kinds/<kind>/export.ts) writes back as config. Unlike the plan's snapshot
// (snapshot.ts), which holds what a config manages, this holds everything the config format can
// express. Every map is complete for what was read: a failed read aborts the export first.

import type { Integration, PmEntity, TeamPmScopeResponse } from '../contract/types.js';
import type { OrgConfigResponse, Repository, RepositoryConfigResponse, TeamGitScopeResponse } from '../contract/git-types.js';
import type { ListedTeam, ListedUser, ListRead } from '../contract/list-types.js';

/** Which repository configurations export reads (`--repo-settings`). */
export type RepoSettingsScope = 'all' | 'monitored' | 'none';

export interface EntityRead {
  entities: PmEntity[];
  /** entity_provider_ids the provider no longer exposes (listed only with include_invalid). */
  unreachable: Set<string>;
}

export interface OrganizationRead {
  /** Live integrations, PM and Git, sorted by id. */
  integrations: Integration[];
  /** Entities per list (snapshot.ts listKey). */
  entities: Map<string, EntityRead>;
  /** Team ids exported, ascending (export/teams.ts says which). */
  teamIds: number[];
  /** The service's team list (its own two teams included), or why there is none (an older service). */
  teamList: ListRead<ListedTeam>;
  /** The service's contributors, read only when a member of the team list came without an email. */
  users?: ListedUser[];
  teamPmScopes: Map<number, TeamPmScopeResponse>;
  teamGitScopes: Map<number, TeamGitScopeResponse>;
  /** Teams given with --teams (or in the config) that the service does not know. */
  missingTeams: number[];
  repositories: Repository[];
  orgConfig: OrgConfigResponse;
  /** Repository configurations read, by repository id. */
  repositoryConfigs: Map<number, RepositoryConfigResponse>;
  repoSettings: RepoSettingsScope;
}

