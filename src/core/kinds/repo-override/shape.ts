// Where repository override sets sit in a config: an entry of `git.repositories` per repository,
// and the settings rules, which stand for every repository they write.

import type { DesiredConfig } from '../../model.js';
import { ruleAddress } from '../../rules.js';
import type { LiveSnapshot } from '../../snapshot.js';
import { knownRepositories } from '../shared/known-repositories.js';

/** Each repository, configured or read (its override set lies under it), and each rule (`repo["payments/*"]`). */
export function knownOverrides(config: DesiredConfig, live: LiveSnapshot): string[] {
  const known = knownRepositories(config, live);
  for (const rule of config.git.rules ?? []) known.push(ruleAddress(rule.pattern));
  return known;
}
