// readLiveState against the real emulator through the real client: what lands in the snapshot,
// which calls it took, and how failures surface (never as an empty snapshot).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import { type ClientOptions } from '../../src/api/client-options.js';
import { loadConfigOrThrow } from '../../src/config/index.js';
import { generateFixture, type RunningEmulator } from '../../src/emulator/index.js';
import { readLiveState } from '../../src/state/read-live.js';
import { TEST_KEY, acmeFixture, apiRequests, startTestEmulator, writeConfig } from '../helpers/emulator.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';

const ACME = `version: 1
integrations:
  tracker: { name: "Acme Tracker" }
  work: { id: 11 }
collection:
  tracker:
    boards: ["101", "102", "103", "104", "107"]
teams:
  44:
    pm:
      tracker: { boards: ["103"] }
      work:
        project_team_areas: [{ project: proj-1, team: team-1, areas: [area-1] }]
  4242:
    git: { repositories: [acme/api] }
git:
  defaults:
    bot_pr_attribution: { method: none }
  repositories:
    acme/api:
      settings: {}
`;

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator(await acmeFixture());
});
afterAll(async () => {
  await emulator.close();
});

function client(on: RunningEmulator, extra: Partial<ClientOptions> = {}): EmClient {
  return new EmClient({ baseUrl: on.url, apiKey: TEST_KEY, rateLimit: 0, retryBaseMs: 1, retryMaxMs: 5, ...extra });
}

const config = async (text: string) => loadConfigOrThrow(await writeConfig(text), CONFIG_CHECKS);
/** `GET /path?a=1&b=2` with the query parameters sorted, so order does not matter. */
const describeRequest = (r: { method: string; path: string; query: Record<string, string | string[]> }) => {
  const query = Object.entries(r.query).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${String(v)}`).join('&');
  return `${r.method} ${r.path}${query ? `?${query}` : ''}`;
};
const normalize = (request: string) => {
  const [head = '', query] = request.split('?');
  return describeRequest({ method: head.split(' ')[0] ?? '', path: head.split(' ')[1] ?? '', query: Object.fromEntries(new URLSearchParams(query ?? '')) });
};

describe('readLiveState', () => {
  it('reads exactly what the config manages, in three stages', async () => {
    const before = (await apiRequests(emulator.url)).length;
    const { snapshot, sources } = await readLiveState(client(emulator), await config(ACME), {});
    const requests = (await apiRequests(emulator.url)).slice(before).map(describeRequest);

    expect(requests[0]).toBe('GET /api/v1/integrations');
    expect(requests.slice(1).sort()).toEqual(
      [
        // Stage 2.
        'GET /api/v2/pm/entities/boards?integration_ids=10&with_used_by=false&include_invalid=true&limit=1000&offset=0',
        'GET /api/v2/pm/entities/projects?integration_ids=11&with_used_by=false&include_invalid=true&limit=1000&offset=0',
        'GET /api/v2/pm/entities/teams?integration_ids=11&with_used_by=false&include_invalid=true&limit=1000&offset=0',
        'GET /api/v2/pm/entities/areas?integration_ids=11&with_used_by=false&include_invalid=true&limit=1000&offset=0',
        'GET /api/v1/pm/config/teams/44/scope?integration_ids=10,11',
        'GET /api/v1/git/config/teams/4242/scope',
        'GET /api/v1/git/repositories?name=acme/api&page=1&page_size=100',
        'GET /api/v1/git/config',
        // Stage 3: board 108 is selected and dropped, so the selected boards again with used_by,
        // and the config of acme/api, whose id the name lookup gave.
        'GET /api/v2/pm/entities/boards?integration_ids=10&is_selected_for_collection=true&include_invalid=true&with_used_by=true&limit=1000&offset=0',
        'GET /api/v1/git/repositories/1201/config',
      ].map(normalize).sort(),
    );

    expect(snapshot.integrations.map((i) => i.id).sort()).toEqual([10, 11, 12, 20, 21]);
    const boards = snapshot.entityLists.filter((l) => l.type === 'boards');
    expect(boards.map((l) => [l.integrationId, l.withUsedBy, l.selectedOnly])).toEqual([
      [10, false, false],
      [10, true, true],
    ]);
    // include_invalid shows the selected board the provider no longer exposes.
    expect(boards[0]!.entities.map((e) => e.entity_provider_id)).toContain('108');
    expect(boards[1]!.entities.find((e) => e.entity_provider_id === '101')?.used_by?.teams.map((t) => t.id)).toEqual([42]);
    expect(snapshot.teamPmScopes.get(44)).toMatchObject({ team_id: 44, items: [{ integration_id: 10 }, { integration_id: 11 }] });
    expect(snapshot.teamGitScopes.get(4242)).toBe('not_found');
    expect(snapshot.repositoriesComplete).toBe(false);
    expect(snapshot.repositories.map((r) => r.id)).toEqual([1201]);
    expect([...snapshot.repositoryConfigs.keys()]).toEqual([1201]);
    expect(snapshot.orgConfig?.settings.bot_pr_attribution).toBeDefined();
    expect(sources.repositoryConfigs.get(1201)).toBe('/api/v1/git/repositories/1201/config');
  });

  it('after the probe page, looks names up when that is cheaper than finishing the list', async () => {
    const fixture = generateFixture({ repos: 450, teams: 2, boards: 5, seed: 3 });
    const big = await startTestEmulator(fixture);
    try {
      const all = fixture.repositories ?? [];
      const names = all.map((r) => r.name).filter((n) => all.filter((r) => r.name === n).length === 1).slice(0, 2).sort();
      const c = await config(`version: 1\ngit:\n  repositories:\n${names.map((n) => `    ${n}: { monitored: true }\n`).join('')}`);
      const { snapshot } = await readLiveState(client(big), c, {});
      const requests = (await apiRequests(big.url)).map(describeRequest);
      // 450 repositories: 4 pages left after the probe, against 2 names.
      expect(requests.slice(0, 2)).toEqual(['GET /api/v1/integrations', 'GET /api/v1/git/repositories?page=1&page_size=100']);
      expect(requests.slice(2).sort()).toEqual(names.map((n) => `GET /api/v1/git/repositories?name=${n}&page=1&page_size=100`).sort());
      expect(snapshot.repositoriesComplete).toBe(false);
      expect(snapshot.repositories.map((r) => r.name).sort()).toEqual(names);
      expect(fixture.repositories?.filter((r) => names.includes(r.name))).toHaveLength(2);
    } finally {
      await big.close();
    }
  });

  it('fails naming the read when the service faults, instead of returning an empty snapshot', async () => {
    const faulty = await startTestEmulator(await acmeFixture(), { faultRate: 1, seed: 11 });
    try {
      await expect(readLiveState(client(faulty, { maxTries: 2 }), await config(ACME), {})).rejects.toThrow(
        /^could not read the integrations list: GET \/api\/v1\/integrations failed/,
      );
    } finally {
      await faulty.close();
    }
  });

  it('fails when a later read fails, naming it', async () => {
    // One call per route per minute and no retries, not even after a 429: the second Git scope read fails on it.
    const limited = await startTestEmulator(await acmeFixture(), { rateLimit: 1 });
    try {
      const c = await config(`version: 1\nteams:\n  42:\n    git: { repositories: [] }\n  43:\n    git: { repositories: [] }\n`);
      await expect(readLiveState(client(limited, { maxTries: 1, maxThrottledTries: 0 }), c, {})).rejects.toThrow(/^could not read the Git scope of team 4[23]: .*429/);
    } finally {
      await limited.close();
    }
  });
});
