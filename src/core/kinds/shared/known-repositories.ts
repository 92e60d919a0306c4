// The repositories both repository kinds' objects lie under (a repository's override set and its
// monitoring state), as --target names them.

import type { DesiredConfig } from '../../model.js';
import type { LiveSnapshot } from '../../snapshot.js';
import { repoAddress } from './addresses.js';

/**
 * Each repository the config writes an entry for, as its key spells it, and each one read, by name
 * and by id. Both repository kinds give them (knownAddresses keeps each address once).
 */
export function knownRepositories(config: DesiredConfig, live: LiveSnapshot, add: (address: string) => void): void {
  for (const entry of config.git.repositories) add('id' in entry.ref ? repoAddress({ id: entry.ref.id }) : repoAddress({ name: entry.ref.name }));
  for (const repo of live.repositories) {
    add(repoAddress({ name: repo.name }));
    add(repoAddress({ id: repo.id }));
  }
}
