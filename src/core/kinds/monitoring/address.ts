// The monitoring kind's address form (below the repository's, kinds/shared/addresses.ts).

import { repositoryIn, type LiveSource } from '../shared/live-source.js';

/** `repo["acme/api"].monitored`. */
export function monitoredAddress(repo: string): string {
  return `${repo}.monitored`;
}

/** A monitoring state's live value comes from the repository list page (or lookup) that held the repository. */
export function monitoringLiveSource(address: string): LiveSource | undefined {
  const repo = repositoryIn(address, 'monitored');
  return repo === undefined ? undefined : { from: 'repository list', repo };
}
