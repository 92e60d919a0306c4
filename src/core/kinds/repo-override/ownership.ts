// The object of the ownership rule (DESIGN 2) an override section belongs to: the repository's whole override set.

import { repoSettingsAddress } from './address.js';

const SECTION = /^(repo\[.+\])\.settings\.[a-z_]+$/;

/** `repo["acme/api"].settings.default_branch` belongs to `repo["acme/api"].settings`. */
export function repoOverrideOwnership(address: string): string[] | undefined {
  const repo = SECTION.exec(address)?.[1];
  return repo === undefined ? undefined : [repoSettingsAddress(repo)];
}
