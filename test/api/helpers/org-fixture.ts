// A made-to-measure emulator organization for client tests: counts chosen so that pages cross
// integration boundaries and batches hit the API's per-call limits.

import type { Fixture, FixtureEntity } from '../../../src/emulator/fixture/types.js';

export const ORG_KEY = 'client-test-key';

export interface OrgShape {
  /** Boards per tracker_a integration, by integration id. */
  boards: Record<number, number>;
  repositories: number;
}

export function orgFixture(shape: OrgShape): Fixture {
  const boards = (integrationId: number, count: number): FixtureEntity[] =>
    Array.from({ length: count }, (_, i) => ({ entity_provider_id: `${integrationId}-${i + 1}`, name: `Board ${integrationId}/${i + 1}`, state: 'active' }));
  return {
    organization: { id: 1, name: 'Client Test Org' },
    api_keys: [ORG_KEY],
    limits: { board_project_limit: 100_000, repository_quota: 100_000 },
    integrations: [
      ...Object.entries(shape.boards).map(([id, count]) => ({
        id: Number(id),
        type: 'pm' as const,
        provider: 'tracker_a' as const,
        name: `Tracker ${id}`,
        state: 'ok' as const,
        auth_type: 'oauth',
        entities: { boards: boards(Number(id), count) },
      })),
      { id: 20, type: 'git', provider: 'host_a', name: 'Code', state: 'ok', auth_type: 'app' },
    ],
    teams: [{ id: 1, name: 'Team One' }],
    repositories: Array.from({ length: shape.repositories }, (_, i) => ({
      id: i + 1,
      provider_id: `R_${i + 1}`,
      name: `acme/repo-${String(i + 1).padStart(4, '0')}`,
      integration_id: 20,
      visibility: 'private' as const,
      state: 'not_monitored' as const,
    })),
  };
}
