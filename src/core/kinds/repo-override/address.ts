// The repository override kind's address form (below the repository's, kinds/shared/addresses.ts).

import type { RepoSection } from '../../../contract/git-types.js';

/** `repo["acme/api"].settings`: a repository's override set, the object its sections lie under. */
export function repoSettingsAddress(repo: string): string {
  return `${repo}.settings`;
}

/** `repo["acme/api"].settings.default_branch`. */
export function repoSettingAddress(repo: string, section: RepoSection): string {
  return `${repoSettingsAddress(repo)}.${section}`;
}
