// The repository override kind's address form (below the repository's, kinds/shared/addresses.ts).

import type { RepoSection } from '../../../contract/git-types.js';
import { repositoryIn, type LiveSource } from '../shared/live-source.js';

/** `repo["acme/api"].settings`: a repository's override set, the object its sections lie under. */
export function repoSettingsAddress(repo: string): string {
  return `${repo}.settings`;
}

/** `repo["acme/api"].settings.default_branch`. */
export function repoSettingAddress(repo: string, section: RepoSection): string {
  return `${repoSettingsAddress(repo)}.${section}`;
}

/** An override section's live value comes from its repository's configuration read. */
export function repoOverrideLiveSource(address: string): LiveSource | undefined {
  const repo = repositoryIn(address, 'settings');
  return repo === undefined ? undefined : { from: 'repository configuration', repo };
}
