// A client that can only read. `emctl drift` and `emctl export` promise to change nothing; holding
// this type instead of EmClient makes that a compile-time fact rather than a code-review habit:
// there is no write method to call, and the object handed out is a fresh one holding bound read
// methods only, so not even a cast back to EmClient reaches a write.

import type { EmClient } from './client.js';

/** The read methods of EmClient (GET endpoints), and nothing else (`lists` holds reads only). */
export const READ_METHODS = [
  'listIntegrations',
  'listEntities',
  'listAllEntities',
  'getTeamPmScope',
  'listRepositories',
  'listAllRepositories',
  'getRepositoryConfig',
  'getOrgConfig',
  'getTeamGitScope',
  'lists',
  'stats',
] as const;

export type ReadMethod = (typeof READ_METHODS)[number];

/** Structural: anything with these methods reads the service (EmClient does). */
export type ReadOnlyClient = Pick<EmClient, ReadMethod>;

/** Wraps a full client, exposing its read methods only. */
export function readOnly(client: ReadOnlyClient): ReadOnlyClient {
  return {
    listIntegrations: client.listIntegrations.bind(client),
    listEntities: client.listEntities.bind(client),
    listAllEntities: client.listAllEntities.bind(client),
    getTeamPmScope: client.getTeamPmScope.bind(client),
    listRepositories: client.listRepositories.bind(client),
    listAllRepositories: client.listAllRepositories.bind(client),
    getRepositoryConfig: client.getRepositoryConfig.bind(client),
    getOrgConfig: client.getOrgConfig.bind(client),
    getTeamGitScope: client.getTeamGitScope.bind(client),
    // The service's own lists: an object of reads only (client-lists.ts).
    lists: client.lists,
    stats: client.stats.bind(client),
  };
}
