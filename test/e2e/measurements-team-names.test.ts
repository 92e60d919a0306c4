// Team names when grouping by team on an older service, one that lists no teams (DESIGN.md section
// 13: a proxy answers the list routes 404): the one notice, then the names as before: the config's
// first; then used_by.teams of the PM entity lists (one paged read per list: boards, projects);
// then the team's scope read (team_name) for at most 50 still-unnamed teams; past that the names
// stay empty and a notice says how to name them. A name only the service knows cannot be resolved
// there: the run stops before any measurement call. Request counts from the emulator's own log.
// (Names from the team list: measurements-team-list.test.ts.)

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEmctl } from '../helpers/cli.js';
import { apiRequests, tempDir, TEST_KEY, writeConfig } from '../helpers/emulator.js';
import { fixtureEmulator } from '../helpers/measure-e2e.js';
import { gitOrganization, repository } from '../helpers/measure-fixture.js';
import { startProxy, type RecordingProxy } from '../helpers/proxy.js';

const extra = Array.from({ length: 60 }, (_, i) => 100 + i);

const FIXTURE = gitOrganization({
  integrations: [
    '{ id: 10, type: pm, provider: tracker_a, name: Tracker, state: ok, auth_type: oauth, entities: { boards: [{ entity_provider_id: "101", name: Payments board, state: active, selected: true }], projects: [{ entity_provider_id: "P1", name: Payments, state: active, selected: true }] } }',
  ],
  teams: ['{ id: 42, name: Payments }', '{ id: 43, name: Checkout }', ...extra.map((id) => `{ id: ${id}, name: T${id} }`)],
  sections: 'team_pm_scopes:\n  - { team_id: 42, integration_id: 10, methodology: Scrum, scope: { boards: [{ entity_provider_id: "101" }] } }\n',
  repositories: [repository(1234, 'acme/api')],
  contributors: ['{ id: 501, name: Ana, team_ids: [42] }'],
  pullRequests: ['{ id: 9001, repository_id: 1234, author_id: 501, branch: feature/a, base_branch: main, first_commit_at: "2026-09-01T00:00:00Z", opened_at: "2026-09-01T06:00:00Z", merged_at: "2026-09-02T00:00:00Z" }'],
});

const REQUEST = ['measurements', '--metric', 'pr.merged', '--group-by', 'team', '--after', '2026-09-01', '--before', '2026-09-08', '--format', 'csv'];

const emulator = fixtureEmulator(FIXTURE, { reset: true });
let proxy: RecordingProxy;
let dir: string;

async function emctl(args: string[]) {
  return runEmctl(['--base-url', proxy.url, ...args], { env: { EMCTL_API_KEY: TEST_KEY }, cwd: dir });
}

const NOTICE =
  'note: this service does not list teams (GET /api/v2/teams answered 404: an older service); team names come from the config, then from the boards and projects that use them and team scope reads; a team named in a request must be named by id or by a `name:` in the config\n';

function kinds(paths: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of paths) {
    const kind = p.includes('/measurements') ? 'measurements' : /\/entities|\/boards|\/projects/.test(p) ? 'entities' : p.includes('/teams/') ? 'team scope' : p;
    out[kind] = (out[kind] ?? 0) + 1;
  }
  return out;
}

beforeAll(async () => {
  proxy = await startProxy(emulator.url, (request) => {
    if (/^\/api\/(v2\/teams|v1\/users)\b/.test(request.url)) {
      request.reply({ status: 404, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"detail":"Not Found"}') });
      return;
    }
    return request.pass();
  });
  dir = await tempDir('emctl-team-names-');
});
// Closed before the emulator (vitest runs afterAll hooks last registered first).
afterAll(() => proxy.close());

describe('team names on a service without a team list', () => {
  it('the config names a team; used_by.teams names another; a scope read names the third', async () => {
    const config = await writeConfig('version: 1\nteams:\n  100:\n    name: Hundred\n', await tempDir('emctl-team-names-config-'));
    const r = await emctl([...REQUEST, '-c', config, '--team', '42,43,100']);
    expect(r.stderr).toBe(NOTICE);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      ['after,before,team_id,team_name,pr.merged', '2026-09-01,2026-09-08,42,Payments,1', '2026-09-01,2026-09-08,43,Checkout,', '2026-09-01,2026-09-08,100,Hundred,', ''].join('\n'),
    );
    const paths = (await apiRequests(emulator.url)).map((q) => q.path);
    expect(kinds(paths)).toEqual({ measurements: 1, entities: 2, 'team scope': 1 });
    expect(paths.filter((p) => p.includes('/teams/'))[0]).toContain('/43/');
  });

  it('no lookups at all when the config names every team', async () => {
    const config = await writeConfig('version: 1\nteams:\n  42:\n    name: Pay\n  43:\n    name: Chk\n', await tempDir('emctl-team-names-config-'));
    const r = await emctl([...REQUEST, '-c', config, '--team', '42,43']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(kinds((await apiRequests(emulator.url)).map((q) => q.path))).toEqual({ measurements: 1 });
  });

  it('a name only the service could know, or `all`, stops the run before any measurement call, naming it', async () => {
    const r = await emctl([...REQUEST, '--team', 'Checkout,42']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(NOTICE);
    expect(r.stderr).toContain('team `Checkout` is not a name the config gives a team, and this service lists no teams to find it in: name it by id, or give it a `name:` in the config');
    const all = await emctl([...REQUEST, '--team', 'all']);
    expect(all.code).toBe(1);
    expect(all.stderr).toContain('`all` means every team the service lists, and this service lists no teams');
    expect((await apiRequests(emulator.url)).filter((q) => q.path.includes('/measurements'))).toEqual([]);
  });

  it('at most 50 scope reads; the teams past them keep an empty name and a notice says how to name them', async () => {
    const r = await emctl([...REQUEST, '--team', ['42', '43', ...extra.map(String)].join(',')]);
    expect(r.code).toBe(0);
    // 62 teams: 42 named by used_by, 61 unnamed, 50 read, 11 left.
    expect(r.stderr).toBe(
      NOTICE +
      'note: 11 teams still unnamed after 50 scope reads keep an empty name; name them in the config (teams: <id>: name: ...) to have every name without extra calls\n',
    );
    const rows = r.stdout.trimEnd().split('\n').slice(1);
    expect(rows).toHaveLength(62);
    expect(rows.filter((row) => /,T\d+,/.test(row) || /,(Payments|Checkout),/.test(row))).toHaveLength(51);
    expect(kinds((await apiRequests(emulator.url)).map((q) => q.path))).toEqual({ measurements: 2, entities: 2, 'team scope': 50 });
  });
});
