// `emctl export` writes the org chart (DESIGN.md section 14), the real CLI against the emulator over
// HTTP: every team but the service's own two, keyed by name with its id pinned, `parent` by name,
// `initials`, `color` and `members` by email (by id where an email does not name one contributor
// alone). Names that are no valid key (too short, a digit first, shared case aside) are keyed by id
// with their name in a comment; names YAML would read as something else are quoted. The reads are
// counted: the team list and no user list while the team list carries emails; one user list read
// when it does not (a proxy takes the emails out of the team list's answers). The export validates
// and plans with no changes against the organization it came from.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Fixture } from '../../src/emulator/index.js';
import { countByRoute } from '../helpers/counted-run.js';
import { runEmctl } from '../helpers/cli.js';
import { startProxy, type RecordingProxy } from '../helpers/proxy.js';
import { expectNoChanges, expectValid, startService, tempDir, type TestService } from './helpers.js';

/** An organization with a hierarchy, members and names that are awkward as YAML keys. */
export function orgChartFixture(): Fixture {
  const people: [number, string, string | undefined][] = [
    [501, 'Ana', 'ana@acme.io'],
    [502, 'Bo', 'Bo@acme.io'],
    [503, 'Cy', 'cy@acme.io'],
    [504, 'Di', 'shared@acme.io'],
    [505, 'Ed', 'SHARED@acme.io'],
    [506, 'Flo', 'flo@acme.io'],
  ];
  return {
    organization: { id: 1, name: 'Acme' },
    api_keys: ['org-chart-key'],
    integrations: [],
    teams: [
      { id: 40, name: 'Engineering', initials: 'ENG', color: '#3B48B3', members: [501] },
      { id: 41, name: 'Payments', parent_id: 40, initials: 'PAY', members: [503, 502, 504, 505] },
      { id: 42, name: 'Ops: on-call', parent_id: 40, members: [] },
      { id: 43, name: 'QA', members: [506] },
      { id: 44, name: 'Test Automation', parent_id: 43, color: '#abc', members: [] },
      { id: 45, name: 'data', members: [] },
      { id: 46, name: 'Data', members: [] },
      { id: 47, name: 'Null', members: [] },
      { id: 48, name: '2024 Plan', members: [] },
    ],
    activity: { contributors: people.map(([id, name, email]) => ({ id, name, team_ids: [], ...(email ? { email } : {}) })) },
  };
}

const EXPECTED_TEAMS = `teams:
  Engineering:
    id: 40
    parent: null
    initials: ENG
    color: "#3B48B3"
    members: [ana@acme.io]
    git: {repositories: [], services: []}
  Payments:
    id: 41
    parent: Engineering
    initials: PAY
    color: "#348B83"
    members: [Bo@acme.io, cy@acme.io, 504, 505]
    git: {repositories: [], services: []}
  "Ops: on-call":
    id: 42
    parent: Engineering
    color: "#348B83"
    members: []
    git: {repositories: [], services: []}
  # QA: keyed by id, its name is left as it is (a team name has 3-100 characters (this one has 2))
  43:
    parent: null
    color: "#348B83"
    members: [flo@acme.io]
    git: {repositories: [], services: []}
  Test Automation:
    id: 44
    parent: 43
    color: "#abc"
    members: []
    git: {repositories: [], services: []}
  # data: keyed by id, its name is left as it is (team 46 has the same name, case aside)
  45:
    parent: null
    color: "#348B83"
    members: []
    git: {repositories: [], services: []}
  # Data: keyed by id, its name is left as it is (team 45 has the same name, case aside)
  46:
    parent: null
    color: "#348B83"
    members: []
    git: {repositories: [], services: []}
  "Null":
    id: 47
    parent: null
    color: "#348B83"
    members: []
    git: {repositories: [], services: []}
  # 2024 Plan: keyed by id, its name is left as it is (a team name starts with a letter)
  48:
    parent: null
    color: "#348B83"
    members: []
    git: {repositories: [], services: []}
`;

/** The `teams:` section of an exported file, to the next top-level key. */
function teamsSection(text: string): string {
  const start = text.indexOf('\nteams:\n');
  const end = text.indexOf('\ngit:', start);
  return text.slice(start + 1, end === -1 ? undefined : end + 1);
}

describe('export of the org chart', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService(orgChartFixture());
  });
  afterAll(() => service.close());

  it('writes every team by name with its id pinned, parents by name, members by email, awkward names keyed by id or quoted', async () => {
    const from = service.emulator.store.requests.length;
    const path = join(tempDir('export-org-chart'), 'emctl.yaml');
    const r = await service.emctl(['export', '--out', path]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('9 teams');
    const text = readFileSync(path, 'utf8');
    expect(teamsSection(text)).toBe(EXPECTED_TEAMS);
    // The quoted keys read back as the names they are, not as null or a number.
    expect(Object.keys((parse(text) as { teams: object }).teams)).toEqual(['43', '45', '46', '48', 'Engineering', 'Payments', 'Ops: on-call', 'Test Automation', 'Null']);
    expect(parse(text)).not.toHaveProperty('ownership');
    const calls = countByRoute(service.emulator.store.requests.slice(from).filter((q) => !q.path.startsWith('/_emulator')));
    expect(calls['GET /api/v2/teams']).toBe(1);
    expect(calls['GET /api/v1/users']).toBeUndefined();
    expect(calls['GET /api/v1/pm/config/teams/{team_id}/scope']).toBe(9);
  });

  it('validates, and plans with no changes against the organization it came from', async () => {
    const path = join(tempDir('export-org-chart-plan'), 'emctl.yaml');
    expect((await service.emctl(['export', '--out', path])).code).toBe(0);
    await expectValid(path);
    await expectNoChanges(service, path);
  });

  it('--teams writes only the teams named, parents by name, and never exact ownership', async () => {
    const r = await service.emctl(['export', '--teams', '41,44']);
    expect(r.code, r.stderr).toBe(0);
    expect(teamsSection(r.stdout)).toBe(`teams:
  Payments:
    id: 41
    parent: Engineering
    initials: PAY
    color: "#348B83"
    members: [Bo@acme.io, cy@acme.io, 504, 505]
    git: {repositories: [], services: []}
  Test Automation:
    id: 44
    parent: 43
    color: "#abc"
    members: []
    git: {repositories: [], services: []}
`);
    expect(parse(r.stdout)).not.toHaveProperty('ownership');
  });

  describe('a team list without emails', () => {
    let proxy: RecordingProxy;
    beforeAll(async () => {
      proxy = await startProxy(service.emulator.url, async (request) => {
        const answer = await request.forward();
        if (!request.url.startsWith('/api/v2/teams')) return request.reply(answer);
        const body = JSON.parse(answer.body.toString('utf8')) as { items: { contributors: { email?: string }[] }[] };
        for (const team of body.items) for (const c of team.contributors) delete c.email;
        const text = Buffer.from(JSON.stringify(body));
        request.reply({ ...answer, headers: { ...answer.headers, 'content-length': String(text.length) }, body: text });
      });
    });
    afterAll(() => proxy.close());

    it('reads the user list once and writes the same members by email', async () => {
      const r = await runEmctl(['--base-url', proxy.url, '--rate-limit', '0', 'export'], { env: { EMCTL_API_KEY: service.key } });
      expect(r.code, r.stderr).toBe(0);
      expect(teamsSection(r.stdout)).toBe(EXPECTED_TEAMS);
      const paths = proxy.requests.map((q) => q.url.split('?')[0]);
      expect(paths.filter((p) => p === '/api/v1/users')).toHaveLength(1);
      expect(paths.filter((p) => p === '/api/v2/teams')).toHaveLength(1);
    });
  });
});
