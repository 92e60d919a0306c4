// What a kind's objects in a config need read, as each kind describes it (its reads.ts, the
// `reads` member of kind.ts). src/core/reads/read-plan.ts merges every kind's needs through the
// registry (dedupes, chunks, orders, and chooses how the repository list is read) and
// src/state/read-live.ts carries the result out; a kind only says what its objects need.

import type { EntityType, Integration, TeamPmScopeResponse } from '../../../contract/types.js';
import type { Repository, TeamGitScopeResponse } from '../../../contract/git-types.js';
import type { DesiredConfig, EntityName, IntegrationRef, ReadScope, RepoRef } from '../../model.js';
import type { EntityListRead } from '../../snapshot.js';

/** One (PM integration, entity type) list an object resolves its entities against. */
export interface EntityListNeed {
  integration: IntegrationRef;
  type: EntityType;
  /**
   * Needed only to resolve what a team's PM scope writes: the team PM scope answers may stand in
   * for the list (KindReads.listsAnswered), so it is read only once they are in, if still needed.
   */
  answerable?: boolean;
}

/** A repository an object names: looked up by name, or found in the whole list (an id). */
export interface RepositoryNeed {
  ref: RepoRef;
  /** Written in a team's Git scope: the team's Git scope answer may hold it (KindReads.repositoriesAnswered). */
  answerable?: boolean;
}

/** What a kind's objects in a config need read; every member left out needs nothing. */
export interface ReadNeeds {
  /** Entity lists, read with include_invalid (one sequence per type covering every integration). */
  entityLists?: EntityListNeed[];
  /**
   * The selected entities of a list again, with used_by, when the list holds a selected entity
   * `keeps` leaves out (a deselect's entity_in_use is predicted from it).
   */
  usedBy?: { integration: IntegrationRef; type: EntityType; keeps: readonly EntityName[] }[];
  /** Team PM scope reads: one per team, every integration it needs at once. */
  teamPmScopes?: { teamId: number; integration: IntegrationRef }[];
  /** Team Git scope reads. */
  teamGitScopes?: number[];
  /** Repositories to look up, or to find in the list. */
  repositories?: RepositoryNeed[];
  /** Every repository matters (patterns judged on all of them): the whole list. */
  wholeRepositoryList?: boolean;
  /** Repository configurations read by id: named by id, or by a name whose id a saved plan gave. */
  repositoryConfigsById?: number[];
  /** Repository configurations read once their name is resolved against the list or the lookups. */
  repositoryConfigsByName?: { name: string; integration?: IntegrationRef }[];
  /**
   * Of the configurations read by id, those of repositories nothing else needs looked up: their
   * answers name them (a --target naming one needs no lookup either), with the name the config
   * writes when it writes one.
   */
  knownById?: { id: number; name?: string }[];
  /** The organization's Git configuration. */
  orgConfig?: boolean;
  /** The count of monitored repositories, with one filtered call, when the list is not read whole. */
  monitoredTotal?: boolean;
  /** Under exact ownership: the PM and Git scopes of the listed teams the config does not write (a plan shows what goes with each). */
  unwrittenTeamScopes?: boolean;
}

/** The service's directories read beside the integrations, before anything is resolved against them. */
export interface DirectoryNeeds {
  /** The team list: team names resolve to ids against it before the teams' scopes are read. */
  teamList?: boolean;
  /** The users list (a member named by email). */
  userList?: boolean;
}

/** A kind's reads: pure descriptions the read plan loops over (src/core/reads/read-plan.ts). */
export interface KindReads {
  /** Stage 1, on the config as written: the directories its objects resolve against. */
  directories?(config: DesiredConfig): DirectoryNeeds;
  /** What its objects need read, on the config with its team names resolved to ids. */
  needs?(config: DesiredConfig, scope: ReadScope): ReadNeeds;
  /** Of its answerable entity lists, those the team PM scope answers stand in for, with the entities the answers name. */
  listsAnswered?(config: DesiredConfig, integrations: readonly Integration[], answers: ReadonlyMap<number, TeamPmScopeResponse | 'not_found'>): EntityListRead[];
  /**
   * Once the team Git scope answers are in: the config with its answerable repositories that the
   * answers hold left out (the read then needs only the rest), and those repositories as the
   * answers give them.
   */
  repositoriesAnswered?(config: DesiredConfig, answers: ReadonlyMap<number, TeamGitScopeResponse | 'not_found'>): { forReads: DesiredConfig; repositories: Repository[] };
}
