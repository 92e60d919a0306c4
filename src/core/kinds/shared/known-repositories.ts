// The repositories both repository kinds' objects lie under (a repository's override set and its
// monitoring state), as --target names them.

import type { DesiredConfig } from '../../model.js';
import type { LiveSnapshot } from '../../snapshot.js';
import { repoAddress } from './addresses.js';

type Add = (address: string) => void;

/**
 * The config and snapshot whose repositories each sink was last given: both repository kinds ask
 * with the same sink in a row (target-check.ts), and the second is given nothing again (an
 * organization may have 10,000 repositories).
 */
const GIVEN = new WeakMap<Add, { config: DesiredConfig; live: LiveSnapshot }>();

/** Each repository the config writes an entry for, as its key spells it, and each one read, by name and by id. */
export function knownRepositories(config: DesiredConfig, live: LiveSnapshot, add: Add): void {
  const given = GIVEN.get(add);
  if (given?.config === config && given.live === live) return;
  GIVEN.set(add, { config, live });
  for (const entry of config.git.repositories) add('id' in entry.ref ? repoAddress({ id: entry.ref.id }) : repoAddress({ name: entry.ref.name }));
  for (const repo of live.repositories) {
    add(repoAddress({ name: repo.name }));
    add(repoAddress({ id: repo.id }));
  }
}
