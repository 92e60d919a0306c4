// Teams as code (DESIGN 14), end to end: the real CLI against the emulator over HTTP. Creating a
// parent and a child with their scopes and members (then a second plan is empty), a member set
// changed by email, an unknown email refused before any write, exact ownership deleting children
// before parents and never the service's own teams, the deletion rail and --force, a stale saved
// plan after someone else added a member, and a create whose answer was lost, retried, leaving one
// team. Each test has an emulator of its own.

import { afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { Fixture } from '../../src/emulator/index.js';
import { runEmctl } from '../helpers/cli.js';
import { acmeFixture, against, apiRequests, startTestEmulator, TEST_KEY, tempDir, writeConfig } from '../helpers/emulator.js';
import { startProxy, type RecordingProxy } from '../helpers/proxy.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { commitAll } from '../helpers/git-repo.js';

const CONTRIBUTORS = [
  { id: 501, name: 'Ana', email: 'ana@acme.io', team_ids: [42] },
  { id: 502, name: 'Bo', email: 'bo@acme.io', team_ids: [42] },
  { id: 503, name: 'Cy', email: 'cy@acme.io', team_ids: [] },
  { id: 504, name: 'Dee', email: 'dee@acme.io', team_ids: [43] },
];

async function teamFixture(): Promise<Fixture> {
  const fixture = await acmeFixture();
  return { ...fixture, activity: { contributors: CONTRIBUTORS } } as Fixture;
}

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

async function emulator(): Promise<RunningEmulator> {
  const e = await startTestEmulator(await teamFixture());
  running.push(e);
  return e;
}

function cli(e: { url: string }, args: string[], cwd?: string) {
  const { args: base, env } = against(e as RunningEmulator);
  return runEmctl([...base, ...args], { env, ...(cwd === undefined ? {} : { cwd }) });
}

interface ListedTeam {
  id: number;
  name: string;
  parent_id: number | null;
  initials?: string | null;
  color?: string;
  contributors: { id: number; email: string }[];
}

async function listTeams(url: string): Promise<ListedTeam[]> {
  const response = await fetch(`${url}/api/v2/teams?page_size=50`, { headers: { 'x-api-key': TEST_KEY } });
  return ((await response.json()) as { items: ListedTeam[] }).items;
}

async function writes(url: string): Promise<string[]> {
  return (await apiRequests(url)).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path} ${r.status}`);
}

const HEAD = `version: 1
integrations: { tracker: { id: 10 }, code: { id: 20 } }
`;

describe('teams as code', () => {
  it('creates a parent and a child, writes both scopes and members in the same apply; a second plan is empty', async () => {
    const e = await emulator();
    const config = await writeConfig(`${HEAD}teams:
  Engineering:
    initials: ENG
    members: [cy@acme.io]
    git: { repositories: ["acme/web"] }
  Payments Core:
    parent: Engineering
    color: "#3B48B3"
    members: [ana@acme.io]
    pm: { tracker: { boards: ["101"] } }
    git: { repositories: ["acme/api"] }
`);
    const plan = await cli(e, ['plan', '-c', config]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('+ team["Engineering"]  {initials: "ENG", name: "Engineering", parent: null}  [creates-team]');
    expect(plan.stdout).toContain('+ team["Payments Core"]  {color: "#3B48B3", name: "Payments Core", parent: "Engineering"}  [creates-team]');
    expect(plan.stdout).toContain('+ team["Payments Core"].pm.tracker.boards  ["101"]');
    const json = JSON.parse((await cli(e, ['plan', '-c', config, '--format', 'json'])).stdout) as { operations: { method: string; path: string; body?: unknown; stage: number }[] };
    const creates = json.operations.filter((o) => o.method === 'POST' && o.path === '/api/v2/teams');
    // Parents first: one call per depth level, the child's call after the parent's.
    expect(creates.map((o) => o.body)).toEqual([[{ name: 'Engineering', initials: 'ENG' }], [{ name: 'Payments Core', parent_team: 'Engineering', color: '#3B48B3' }]]);
    expect((creates[0]?.stage ?? 0) < (creates[1]?.stage ?? 0)).toBe(true);

    const apply = await cli(e, ['apply', '-c', config, '--auto-approve']);
    expect(apply.code, apply.stderr + apply.stdout).toBe(0);
    const teams = await listTeams(e.url);
    const engineering = teams.find((t) => t.name === 'Engineering');
    const core = teams.find((t) => t.name === 'Payments Core');
    expect(core?.parent_id).toBe(engineering?.id);
    expect(core?.contributors.map((c) => c.email)).toEqual(['ana@acme.io']);
    expect(apply.stdout).toContain(`team["Engineering"]: id ${engineering?.id} (pin it: \`id: ${engineering?.id}\``);
    expect(apply.stdout).toContain(`team["Payments Core"]: id ${core?.id} (pin it: \`id: ${core?.id}\``);
    const written = await writes(e.url);
    expect(written.filter((w) => w.startsWith('POST /api/v2/teams '))).toHaveLength(2);
    expect(written).toContain(`PATCH /api/v1/git/config/teams/${core?.id}/scope 200`);

    const again = await cli(e, ['plan', '-c', config, '--detailed-exitcode']);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toContain('No changes.');
  });

  it('a member set changed by email: one PATCH for the adds, one DELETE per removal, each its own plan line', async () => {
    const e = await emulator();
    const config = await writeConfig(`${HEAD}teams:
  42:
    name: Payments
    members: [BO@acme.io, cy@acme.io, dee@acme.io]
`);
    const plan = await cli(e, ['plan', '-c', config]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('+ team[42].members  ["cy@acme.io", "dee@acme.io"]  [changes-team-metrics]');
    expect(plan.stdout).toContain('- team[42].members["ana@acme.io"]  "ana@acme.io"  [changes-team-metrics]');
    const apply = await cli(e, ['apply', '-c', config, '--auto-approve']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(await writes(e.url)).toEqual(['PATCH /api/v2/teams/42/members 200', 'DELETE /api/v2/teams/42/members/501 204']);
    const payments = (await listTeams(e.url)).find((t) => t.id === 42);
    expect(payments?.contributors.map((c) => c.id).sort()).toEqual([502, 503, 504]);
    expect((await cli(e, ['plan', '-c', config])).stdout).toContain('No changes.');
  });

  it('an unknown email is refused with the closest known one, exit 1, before any write', async () => {
    const e = await emulator();
    const config = await writeConfig(`${HEAD}teams:
  New Team:
    members: [anna@acme.io]
  42:
    members: [9999]
`);
    for (const command of [['plan', '-c', config], ['apply', '-c', config, '--auto-approve']]) {
      const r = await cli(e, command);
      expect(r.code).toBe(1);
      expect(r.stdout + r.stderr).toContain('unknown member "anna@acme.io" of team["New Team"]: no contributor has that email; did you mean "ana@acme.io"?');
      expect(r.stdout + r.stderr).toContain('unknown member 9999 of team[42]: no contributor has that id');
    }
    expect(await writes(e.url)).toEqual([]);
  });

  it('refuses an unknown parent, a cycle with the service\'s teams and a missing pinned id before any write', async () => {
    const e = await emulator();
    const config = await writeConfig(`${HEAD}teams:
  Payments:
    parent: Checkout
  Growth:
    parent: Paymnts
  Ghost:
    id: 4242
    initials: GH
`);
    const r = await cli(e, ['plan', '-c', config]);
    expect(r.code).toBe(1);
    const out = r.stdout + r.stderr;
    expect(out).toContain('the parents make a cycle: Payments → Checkout → Payments (the service refuses it)');
    expect(out).toContain('unknown parent team "Paymnts": neither this config nor the service has a team of that name; did you mean "Payments"?');
    expect(out).toContain('team 4242 does not exist: the service does not list it');
    expect(await writes(e.url)).toEqual([]);
  });

  it('exact ownership: deletes children before parents after every other write, never All Teams; the rail (exit 3) and --force', async () => {
    const e = await emulator();
    const before = await listTeams(e.url);
    const config = await writeConfig(`${HEAD}ownership: { teams: exact }
safety:
  thresholds: { team_deletion: { count: 2 } }
teams:
  Platform: {}
  Mobile: {}
  Data: {}
  Growth:
    initials: GRO
`);
    const plan = await cli(e, ['plan', '-c', config]);
    expect(plan.code, plan.stderr).toBe(0);
    // What goes with each deleted team: its members and its PM and Git scope entries.
    expect(plan.stdout).toContain('- team["Payments"] (with 2 members, 4 PM scope entries and 3 Git scope entries)  {git: {repositories: ["acme/api", "acme/payments-service"], services: ["billing"]}');
    expect(plan.stdout).toContain('- team["Checkout"]');
    expect(plan.stdout).toContain('would delete 4 teams; the limit is 2');
    const refused = await cli(e, ['apply', '-c', config, '--auto-approve']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('would delete 4 teams; the limit is 2');
    expect(await writes(e.url)).toEqual([]);
    // Under exact ownership a narrowed run is refused: it must not delete what it did not read.
    const narrowed = await cli(e, ['plan', '-c', config, '--target', 'team["Growth"]']);
    expect(narrowed.code).toBe(1);
    expect(narrowed.stdout + narrowed.stderr).toContain('a run narrowed by --target or --exclude must not delete what it did not read');

    const forced = await cli(e, ['apply', '-c', config, '--auto-approve', '--force']);
    expect(forced.code, forced.stdout + forced.stderr).toBe(0);
    const written = await writes(e.url);
    const deletes = written.filter((w) => w.startsWith('DELETE /api/v2/teams/'));
    // Checkout (43) under Payments (42) and Developer Experience (49) under Platform, deleted first.
    expect(deletes.indexOf('DELETE /api/v2/teams/43 204')).toBeLessThan(deletes.indexOf('DELETE /api/v2/teams/42 204'));
    expect(deletes.sort()).toEqual(['DELETE /api/v2/teams/42 204', 'DELETE /api/v2/teams/43 204', 'DELETE /api/v2/teams/48 204', 'DELETE /api/v2/teams/49 204']);
    expect(written.indexOf('PATCH /api/v2/teams/47 200')).toBeLessThan(written.indexOf(deletes[0] ?? ''));
    const after = await listTeams(e.url);
    const service = before.filter((t) => t.name === 'All Teams' || t.name === 'All Contributors').map((t) => t.id);
    expect(after.map((t) => t.id)).toEqual(expect.arrayContaining(service));
    expect((await cli(e, ['plan', '-c', config])).stdout).toContain('No changes.');
  });

  it('a saved plan under exact ownership applies as saved: the deletes it holds and nothing else', async () => {
    const e = await emulator();
    const dir = await tempDir();
    const names = ['Payments', 'Checkout', 'Platform', 'Mobile', 'Data', 'Growth', 'Developer Experience'];
    const config = await writeConfig(`${HEAD}ownership: { teams: exact }\nteams:\n${names.map((n) => `  ${n}: {}\n`).join('')}`, dir);
    const planfile = join(dir, 'exact.plan.json');
    expect((await cli(e, ['plan', '-c', config, '--out', planfile])).code).toBe(0);
    const apply = await cli(e, ['apply', planfile, '--auto-approve']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(await writes(e.url)).toEqual(['DELETE /api/v2/teams/48 204']);
  });

  it('a saved plan is stale when someone else added a member since', async () => {
    const e = await emulator();
    const dir = await tempDir();
    const config = await writeConfig(`${HEAD}teams:
  42:
    members: [ana@acme.io, bo@acme.io, cy@acme.io]
`, dir);
    const planfile = join(dir, 'teams.plan.json');
    const saved = await cli(e, ['plan', '-c', config, '--out', planfile]);
    expect(saved.code, saved.stderr).toBe(0);
    const added = await fetch(`${e.url}/api/v2/teams/42/members`, { method: 'PATCH', headers: { 'x-api-key': TEST_KEY, 'content-type': 'application/json' }, body: JSON.stringify([504]) });
    expect(added.status).toBe(200);
    const before = (await writes(e.url)).length;
    const apply = await cli(e, ['apply', planfile, '--auto-approve']);
    expect(apply.code).toBe(3);
    expect(apply.stderr).toContain('team[42].members["dee@acme.io"]');
    expect((await writes(e.url)).length).toBe(before);
  });

  it('--changed-from under exact ownership deletes only the teams the change took out of the file', async () => {
    const e = await emulator();
    const dir = await tempDir('emctl-teams-changed-');
    // At the ref the file leaves out Mobile (a full plan would delete it); the change takes Security out too.
    const names = ['Payments', 'Checkout', 'Platform', 'Data', 'Growth', 'Developer Experience'];
    const file = (extra: string[], growth = '') => `${HEAD}ownership: { teams: exact }\nteams:\n${[...names, ...extra].map((n) => `  ${n}: {${n === 'Growth' ? growth : ''}}\n`).join('')}`;
    await mkdir(join(dir, 'config'));
    await writeFile(join(dir, 'config', 'emctl.yaml'), file(['Security']));
    await commitAll(dir);
    await writeFile(join(dir, 'config', 'emctl.yaml'), file([], ' initials: GRO '));
    const full = await cli(e, ['plan', '-c', 'config/emctl.yaml'], dir);
    expect(full.stdout).toContain('- team["Mobile"]');
    const before = (await apiRequests(e.url)).length;
    const scoped = await cli(e, ['plan', '-c', 'config/emctl.yaml', '--changed-from', 'HEAD', '--format', 'json'], dir);
    expect(scoped.code, scoped.stderr).toBe(0);
    const plan = JSON.parse(scoped.stdout) as { changes: { address: string; action: string }[] };
    expect(plan.changes.map((c) => `${c.action} ${c.address}`)).toEqual(['add team["Growth"].initials', 'remove team["Security"]']);
    // The scopes of Security (48), whose deletion is in scope, show what goes with it; Mobile's are not read.
    const scopes = (await apiRequests(e.url)).slice(before).map((r) => r.path).filter((p) => p.includes('/scope'));
    expect(scopes.sort()).toEqual(['/api/v1/git/config/teams/48/scope', '/api/v1/pm/config/teams/48/scope']);
  });

  it('--changed-from under exact ownership with nothing changed reads no scope of a team the file keeps (they are not ones to delete)', async () => {
    const e = await emulator();
    const dir = await tempDir('emctl-teams-unchanged-');
    const names = ['Payments', 'Checkout', 'Platform', 'Mobile', 'Data', 'Growth', 'Developer Experience'];
    await mkdir(join(dir, 'config'));
    await writeFile(join(dir, 'config', 'emctl.yaml'), `${HEAD}ownership: { teams: exact }\nteams:\n${names.map((n) => `  ${n}: {}\n`).join('')}`);
    await commitAll(dir);
    const before = (await apiRequests(e.url)).length;
    const scoped = await cli(e, ['plan', '-c', 'config/emctl.yaml', '--changed-from', 'HEAD', '--format', 'json'], dir);
    expect(scoped.code, scoped.stderr).toBe(0);
    expect((JSON.parse(scoped.stdout) as { changes: unknown[] }).changes).toEqual([]);
    const paths = (await apiRequests(e.url)).slice(before).map((r) => r.path);
    // Nor of Security (48), the team the file leaves out: a full plan deletes it and reads its scopes to
    // show what goes with it, but the change did not take it out, so this plan does not delete it.
    expect(paths.filter((p) => p.includes('/scope'))).toEqual([]);
  });

  it('--changed-from under exact ownership: a team the file keyed by id and took out is deleted too', async () => {
    const e = await emulator();
    const dir = await tempDir('emctl-teams-changed-id-');
    const rest = ['Payments', 'Checkout', 'Platform', 'Mobile', 'Data', 'Growth', 'Developer Experience'].map((n) => `  ${n}: {}\n`).join('');
    await mkdir(join(dir, 'config'));
    await writeFile(join(dir, 'config', 'emctl.yaml'), `${HEAD}ownership: { teams: exact }\nteams:\n${rest}  48:\n    name: Security\n`);
    await commitAll(dir);
    await writeFile(join(dir, 'config', 'emctl.yaml'), `${HEAD}ownership: { teams: exact }\nteams:\n${rest}`);
    const scoped = await cli(e, ['plan', '-c', 'config/emctl.yaml', '--changed-from', 'HEAD', '--format', 'json'], dir);
    expect(scoped.code, scoped.stderr).toBe(0);
    const plan = JSON.parse(scoped.stdout) as { changes: { address: string; action: string }[] };
    expect(plan.changes.map((c) => `${c.action} ${c.address}`)).toEqual(['remove team["Security"]']);
  });

  describe('a create whose answer is lost', () => {
    let proxy: RecordingProxy | undefined;
    afterEach(async () => {
      await proxy?.close();
      proxy = undefined;
    });

    it('is looked up by name instead of sent again: one team, its scope written with its id', async () => {
      const e = await emulator();
      let cut = false;
      proxy = await startProxy(e.url, async (request) => {
        if (request.method === 'POST' && request.url.startsWith('/api/v2/teams') && !cut) {
          cut = true;
          await request.forward(); // the service creates the team...
          request.cut(); // ...and the answer never arrives
          return;
        }
        await request.pass();
      });
      const config = await writeConfig(`${HEAD}teams:
  Payments Core:
    git: { repositories: ["acme/api"] }
`);
      const apply = await cli({ url: proxy.url }, ['apply', '-c', config, '--auto-approve']);
      expect(apply.code, apply.stdout + apply.stderr).toBe(0);
      const posts = proxy.requests.filter((r) => r.method === 'POST');
      expect(posts).toEqual([{ method: 'POST', url: '/api/v2/teams', outcome: 'cut' }]);
      const created = (await listTeams(e.url)).filter((t) => t.name === 'Payments Core');
      expect(created).toHaveLength(1);
      expect(apply.stdout).toContain(`team["Payments Core"]: id ${created[0]?.id}`);
      expect((await cli(e, ['plan', '-c', config])).stdout).toContain('No changes.');
    });
  });
});
