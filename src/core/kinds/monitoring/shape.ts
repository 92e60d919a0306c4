// Where monitoring sits in a config: the patterns of `git.monitoring`, and `monitored:` in a
// repository's entry (its addresses: shared/known-repositories.ts).

import type { DesiredConfig } from '../../model.js';
import { keepsEitherSpelling, type KindNarrowing } from '../shared/narrowing.js';
import { monitoredAddress } from './address.js';
import type { KindAddressSyntax } from '../shared/address-syntax.js';

/** A config narrowed: the monitoring patterns kept or not, and each repository's monitoring state. */
export const monitoringNarrowing: KindNarrowing = {
  config(_config, kept, by) {
    if (!by.monitoring) delete kept.git.monitoring;
  },
  repository: {
    keeps: (entry, by, at) => entry.monitored !== undefined && keepsEitherSpelling(monitoredAddress(at.repo), by),
    leaveOut: (kept) => delete kept.monitored,
  },
  inRepository: (entry) => entry.monitored !== undefined,
};

/** `repo["acme/api"].monitored`, with nothing under it. */
export const monitoringSyntax: KindAddressSyntax = {
  entry: 'repo',
  part: { words: ['monitored'], shown: '.monitored', leaf: true, problem: (parts) => (parts.length === 1 ? undefined : 'repo[...].monitored has nothing under it') },
};

/** One object per repository entry's monitoring state, and the monitoring patterns as one. */
export function countMonitoring(config: DesiredConfig): number {
  let n = config.git.monitoring === undefined ? 0 : 1;
  for (const entry of config.git.repositories) if (entry.monitored !== undefined) n += 1;
  return n;
}
