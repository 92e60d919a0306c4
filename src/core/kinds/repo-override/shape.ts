// Where repository override sets sit in a config: an entry of `git.repositories` per repository,
// and the settings rules, which stand for every repository they write.

import type { DesiredConfig } from '../../model.js';
import { ruleAddress } from '../../rules.js';
import type { LiveSnapshot } from '../../snapshot.js';
import { knownRepositories } from '../shared/known-repositories.js';
import { keepsEitherSpelling, type KindNarrowing } from '../shared/narrowing.js';
import { repoSettingsAddress } from './address.js';
import { oneOf, type KindAddressSyntax } from '../shared/address-syntax.js';
import { REPO_SECTIONS } from '../../../contract/git-types.js';

/** Each repository, configured or read (its override set lies under it), and each rule (`repo["payments/*"]`). */
export function knownOverrides(config: DesiredConfig, live: LiveSnapshot, add: (address: string) => void): void {
  knownRepositories(config, live, add);
  for (const rule of config.git.rules ?? []) add(ruleAddress(rule.pattern));
}

/**
 * A config narrowed: the settings rules kept together or not at all (which rule wins for a
 * repository depends on every rule), and each repository's override set kept whole or left out.
 */
export const overrideNarrowing: KindNarrowing = {
  config(config, kept, by) {
    if (!by.rules || (config.git.rules?.length ?? 0) === 0) delete kept.git.rules;
  },
  repository: {
    keeps(entry, by, at) {
      if (entry.settings === undefined) return false;
      const keeps = keepsEitherSpelling(repoSettingsAddress(at.repo), by);
      if (!keeps) at.literal.push(entry.ref);
      return keeps;
    },
    leaveOut: (kept) => delete kept.settings,
  },
  inRepository: (entry) => entry.settings !== undefined,
};

/** `repo["acme/api"].settings`, `.settings.default_branch`; a rule, `repo["payments/*"]`, the same. */
export const overrideSyntax: KindAddressSyntax = {
  entry: 'repo',
  lines: ['repo["GLOB"][.settings[.SECTION]]  (a rule: every repository it writes)'],
  part: {
    words: ['settings'],
    shown: '.settings[.SECTION]',
    problem(parts) {
      if (parts.length > 2) return 'a repository setting address ends at its section: repo["acme/api"].settings.default_branch';
      return oneOf(parts[1], REPO_SECTIONS, 'a repository settings section');
    },
  },
};

/** One object per repository entry's override set (what settings rules write is counted by the rules). */
export function countOverrideSets(config: DesiredConfig): number {
  let n = 0;
  for (const entry of config.git.repositories) if (entry.settings !== undefined) n += 1;
  return n;
}
