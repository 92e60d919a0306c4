// `emctl plan` when something is wrong: an invalid config (nothing is sent), a change the service
// would refuse (exit 1, nothing written, no plan file), and reads that fail (exit 1 with what
// failed, never an empty "nothing exists" plan).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { acmeSelection, acmeTeam42Pm } from '../helpers/acme-configs.js';
import { runEmctl } from '../helpers/cli.js';
import { TEST_KEY, acmeFixture, against, apiRequests, startTestEmulator, tempDir, writeConfig } from '../helpers/emulator.js';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator(await acmeFixture());
});
afterAll(async () => {
  await emulator.close();
});

async function plan(config: string, args: string[] = [], on: RunningEmulator = emulator) {
  const target = against(on);
  return runEmctl(['plan', '-c', config, ...target.args, '--rate-limit', '0', ...args], { env: target.env });
}

describe('an invalid config', () => {
  it('exits 1 with every error at file:line:column and sends no request', async () => {
    const config = await writeConfig(`version: 1
integrations:
  tracker: { id: 10 }
collection:
  nope:
    boards: ["101"]
git:
  defaults:
    active_branches_duration: { days: 5 }
`);
    const before = (await apiRequests(emulator.url)).length;
    const result = await plan(config);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/emctl\.yaml:5:\d+/); // the undefined alias
    expect(result.stderr).toMatch(/emctl\.yaml:9:\d+/); // days must be 3, 7 or 14
    expect((await apiRequests(emulator.url)).length).toBe(before);
  });

  it('exits 1 when the config file does not exist, before connecting', async () => {
    const dir = await tempDir();
    const before = (await apiRequests(emulator.url)).length;
    const result = await plan(join(dir, 'missing.yaml'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('missing.yaml');
    expect(result.stderr).toContain(`cannot read config ${join(dir, 'missing.yaml')}: no such file or directory (pass -c PATH; the default is ./emctl.yaml)`);
    expect((await apiRequests(emulator.url)).length).toBe(before);
  });
});

describe('a predicted refusal', () => {
  it('exits 1 naming the refusal and its location, writes nothing and saves no plan', async () => {
    // Board 101 is in team 42's scope, which this config does not manage: the service would
    // refuse the deselect with entity_in_use.
    const config = await writeConfig(acmeSelection('"102", "103", "104", "107", "108"'));
    const out = join(await tempDir(), 'plan.json');
    const before = (await apiRequests(emulator.url)).length;
    const result = await plan(config, ['--out', out, '--detailed-exitcode']);
    const requests = (await apiRequests(emulator.url)).slice(before);
    expect(result.code).toBe(1);
    // The text plan lists the refusal with its location and reason; stderr says why it exits 1.
    expect(result.stdout).toMatch(/emctl\.yaml:6:\d+: collection\.tracker\.boards\["101"\]: .*team 42.*entity_in_use/);
    expect(result.stderr).toMatch(/^Error: the service would refuse this plan \(one problem, listed above\)/);
    expect(existsSync(out)).toBe(false);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);

    // With a machine-readable stdout, the refusals themselves go to stderr.
    const json = await plan(config, ['--format', 'json']);
    expect(json.code).toBe(1);
    expect(json.stderr).toMatch(/emctl\.yaml:6:\d+: collection\.tracker\.boards\["101"\]: .*entity_in_use/);
  });

  it('predicts the refusal of a scope write naming an entity the provider no longer exposes', async () => {
    // Board 108 is selected but unreachable (listed only with include_invalid). Keeping it in the
    // selection set is fine; naming it in a scope write is refused by the service (entity_not_found).
    const config = await writeConfig(acmeSelection() + acmeTeam42Pm('"101", "108"'));
    const before = (await apiRequests(emulator.url)).length;
    const result = await plan(config);
    const requests = (await apiRequests(emulator.url)).slice(before);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/emctl\.yaml:12:\d+: team\[42\]\.pm\.tracker\.boards: .*board "108".*no longer exposes.*entity_not_found/);
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
    // The boards were read twice: with unreachable entities (the selection set needs them), then
    // without, to learn which ones the write names are unreachable.
    const boardReads = requests.filter((r) => r.path === '/api/v2/pm/entities/boards' && r.query.is_selected_for_collection === undefined);
    expect(boardReads.map((r) => r.query.include_invalid ?? 'false')).toEqual(['true', 'false']);
  });

  it('reads nothing more when no write names an entity whose reachability is unknown', async () => {
    const config = await writeConfig(acmeSelection());
    const before = (await apiRequests(emulator.url)).length;
    const result = await plan(config, ['--detailed-exitcode']);
    const requests = (await apiRequests(emulator.url)).slice(before);
    expect(result.code, result.stderr).toBe(0);
    expect(requests.filter((r) => r.path === '/api/v2/pm/entities/boards').length).toBe(1);
  });

  describe('a team scope holding an entity the provider stopped exposing', () => {
    // Board 108 was reachable when team 43 put it in its scope; then the provider stopped exposing
    // it (as examples/acme/emulator.yaml has it). No selection set is managed, so only the scope
    // needs the boards list.
    let stale: RunningEmulator;
    beforeAll(async () => {
      const acme = await acmeFixture();
      const integrations = acme.integrations.map((i) =>
        i.id !== 10 ? i : { ...i, entities: { ...i.entities, boards: i.entities?.boards?.map((b) => (b.entity_provider_id === '108' ? { ...b, reachable: true } : b)) } },
      );
      const scopes = acme.team_pm_scopes?.map((s) =>
        s.team_id === 43 && s.integration_id === 10 ? { ...s, scope: { ...s.scope, boards: [{ entity_provider_id: '102' }, { entity_provider_id: '108' }] } } : s,
      );
      stale = await startTestEmulator({ ...acme, integrations, team_pm_scopes: scopes });
      const board = stale.store.state.entities.get(10)?.get('boards')?.get('108');
      if (!board) throw new Error('board 108 is not in the fixture');
      board.reachable = false;
    });
    afterAll(async () => {
      await stale.close();
    });
    const team43 = (boards: string) => `version: 1
integrations:
  tracker: { id: 10 }
teams:
  43:
    pm:
      tracker:
        methodology: Scrum
        boards: [${boards}]
        epics: ["EP-7", "EP-8"]
`;

    it('plans no change and no error when the config keeps it', async () => {
      const before = (await apiRequests(stale.url)).length;
      const result = await plan(await writeConfig(team43('"102", "108"')), ['--detailed-exitcode'], stale);
      const requests = (await apiRequests(stale.url)).slice(before);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('No changes.');
      // The team's scope answer names both boards, and nothing is written for them, so neither
      // the boards list nor their reachability is read.
      expect(requests.filter((r) => r.path === '/api/v2/pm/entities/boards')).toEqual([]);
    });

    it('predicts the refusal of a write that names it (a merge replacing the key), not of one that adds beside it', async () => {
      const merge = await plan(await writeConfig(team43('"103", "108"')), [], stale);
      expect(merge.code).toBe(1);
      expect(merge.stdout).toMatch(/emctl\.yaml:9:\d+: team\[43\]\.pm\.tracker\.boards: .*board "108".*no longer exposes.*entity_not_found/);

      // The key keeps 108 and only gains: the first plan (reachability not known yet) writes it
      // whole; once the re-read shows 108 unreachable the operations are planned again and the
      // key is added to (mode=add, only the new board): nothing names 108, the service accepts it.
      const add = await plan(await writeConfig(team43('"102", "103", "108"')), ['--format', 'json'], stale);
      expect(add.code, add.stderr).toBe(0);
      const ops = (JSON.parse(add.stdout) as { operations: { path: string; body: unknown }[] }).operations;
      expect(ops.map((o) => o.path)).toEqual(['/api/v1/pm/config/teams/scope?mode=add']);
      expect(JSON.stringify(ops[0]?.body)).not.toContain('108');
    });
  });

  it('reports a team that does not exist (a 404 on its scope read is an answer, not a failure)', async () => {
    const config = await writeConfig(`version: 1
integrations:
  tracker: { id: 10 }
teams:
  4242:
    pm:
      tracker: { labels: [backend] }
    git:
      repositories: []
`);
    const result = await plan(config, ['--format', 'json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('4242');
    expect(result.stderr).not.toContain('could not read');
    // A refused plan never says that live state matches (issue 31 item 8), in text or Markdown.
    for (const format of ['text', 'markdown']) {
      const shown = await plan(config, ['--format', format]);
      expect(shown.code).toBe(1);
      expect(shown.stdout).not.toContain('Live state matches');
      expect(shown.stdout).toContain('Nothing was planned: the service would refuse this configuration (1 problem listed); fix it and plan again.');
    }
  });
});

describe('a failed read', () => {
  const CONFIG = `version: 1
integrations:
  tracker: { id: 10 }
git:
  defaults:
    active_branches_duration: { days: 7 }
`;

  it('exits 1 saying what could not be read when the service refuses the key', async () => {
    const config = await writeConfig(CONFIG);
    const result = await runEmctl(['plan', '-c', config, '--base-url', emulator.url], { env: { EMCTL_API_KEY: 'not-the-key' } });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('could not read the integrations list');
    expect(result.stderr).toContain('403');
    expect(result.stderr).not.toContain('not-the-key');
  });

  it('exits 1 when the service is down', async () => {
    const stopped = await startTestEmulator(await acmeFixture());
    const target = against(stopped);
    await stopped.close();
    const config = await writeConfig(CONFIG);
    const result = await runEmctl(['plan', '-c', config, ...target.args], { env: target.env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('could not read the integrations list');
    expect(result.stderr).not.toContain(TEST_KEY);
  }, 25_000);
});
