// What a repository override change carries from its diff to its calls: the repository's override
// set on both sides, and the section changed.

import type { RepoSection, Repository, RepositorySettings } from '../../../contract/git-types.js';

/** A repository whose override set is managed. */
export interface RepoContext {
  repo: Repository;
  address: string;
  /** Live overrides: sections whose source is `repository`, with their values. */
  live: Map<RepoSection, unknown>;
  /** The override set as written (backfill_days included). */
  desired: RepositorySettings;
}

export interface RepoOverrideTarget {
  kind: 'repo-override';
  repo: RepoContext;
  section: RepoSection;
}
