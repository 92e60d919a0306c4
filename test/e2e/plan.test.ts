// `emctl plan` end to end: the real CLI, the real client over HTTP, the real emulator serving the
// example organization. Output formats, the saved plan, exit codes, --target/--exclude, and the
// two promises a plan makes: it only reads (every request a GET) and never shows the key.

import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { parsePlanJson } from '../../src/render/json.js';
import { ACME_IN_SYNC } from '../helpers/acme-configs.js';
import { runEmctl } from '../helpers/cli.js';
import { TEST_KEY, acmeFixture, against, apiRequests, startTestEmulator, tempDir, writeConfig } from '../helpers/emulator.js';

/** Changes a little of everything against examples/acme/emulator.yaml. */
export const ACME_CHANGES = `version: 1
integrations:
  tracker: { name: "Acme Tracker" }
  work: { id: 11 }
  code: { id: 20 }
collection:
  tracker:
    boards: ["101", "102", "103", "104", "105", "107"]   # +105; 108 (selected, unreachable) dropped
teams:
  42:
    name: Payments
    pm:
      tracker:
        methodology: Scrum
        boards: ["101"]
        epics: ["EP-7"]
        labels: ["backend", "frontend"]                  # +frontend
        fields: [{ id: customfield_1, value: [Payments] }]
    git:
      repositories: ["acme/api", "acme/payments-service"]
      services: [7]
git:
  defaults:
    active_branches_duration: { days: 7 }                # live 14
  repositories:
    acme/api:
      settings:
        default_branch: { branch_name: main }
`;

let emulator: RunningEmulator;
let changesConfig: string;
let inSyncConfig: string;

beforeAll(async () => {
  emulator = await startTestEmulator(await acmeFixture());
  changesConfig = await writeConfig(ACME_CHANGES);
  inSyncConfig = await writeConfig(ACME_IN_SYNC);
});
afterAll(async () => {
  await emulator.close();
});

async function plan(args: string[], config = changesConfig) {
  const target = against(emulator);
  return runEmctl(['plan', '-c', config, ...target.args, '--rate-limit', '0', ...args], { env: target.env });
}

async function requestsDuring<T>(run: () => Promise<T>): Promise<{ result: T; requests: Awaited<ReturnType<typeof apiRequests>> }> {
  const before = (await apiRequests(emulator.url)).length;
  const result = await run();
  return { result, requests: (await apiRequests(emulator.url)).slice(before) };
}

describe('emctl plan on the example organization', () => {
  it('shows each change as text, exits 0, and only reads', async () => {
    const { result, requests } = await requestsDuring(() => plan([]));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines).toContain('  + collection.tracker.boards["105"] (Growth experiments)  [counts-against-limit]');
    expect(lines).toContain('  - collection.tracker.boards["108"] (Legacy billing board)  [stops-collection]');
    expect(lines).toContain('  ~ team[42].pm.tracker.labels  + "frontend"  [changes-team-metrics]');
    expect(lines).toContain('  ~ git.defaults.active_branches_duration');
    // Board 105 selected and board 108 deselected in one call (no deselect waits on a scope write),
    // team 42's scope write, the org defaults.
    expect(result.stdout).toContain('Plan: 1 to add, 2 to change, 1 to remove; 3 API calls.');
    // acme/api's override and team 42's Git scope are already as written: not shown.
    expect(result.stdout).not.toContain('repo["acme/api"]');
    expect(result.stdout).not.toContain('team[42].git');
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('exits 2 with --detailed-exitcode when changes are pending, 0 when in sync', async () => {
    expect((await plan(['--detailed-exitcode'])).code).toBe(2);
    const inSync = await plan(['--detailed-exitcode'], inSyncConfig);
    expect(inSync.stderr).toBe('');
    expect(inSync.stdout).toContain('No changes.');
    expect(inSync.code).toBe(0);
  });

  it('prints the versioned JSON plan, with the reads it rests on and the desired state', async () => {
    const result = await plan(['--format', 'json']);
    expect(result.code).toBe(0);
    const saved = parsePlanJson(result.stdout);
    expect(saved.changes.map((c) => c.address)).toEqual([
      'collection.tracker.boards["105"]',
      'collection.tracker.boards["108"]',
      'team[42].pm.tracker.labels',
      'git.defaults.active_branches_duration',
    ]);
    expect(Date.parse(saved.created_at ?? '')).not.toBeNaN();
    expect(saved.config_files).toEqual([changesConfig]);
    expect(saved.reads).toEqual([
      {
        addresses: ['collection.tracker.boards["105"]', 'collection.tracker.boards["108"]'],
        method: 'GET',
        path: '/api/v2/pm/entities/boards?integration_ids=10&include_invalid=true&with_used_by=false&limit=1000&offset=0',
        digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
      { addresses: ['team[42].pm.tracker.labels'], method: 'GET', path: '/api/v1/pm/config/teams/42/scope?integration_ids=10', digest: expect.stringMatching(/^[0-9a-f]{64}$/) },
      { addresses: ['git.defaults.active_branches_duration'], method: 'GET', path: '/api/v1/git/config', digest: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    const desired = saved.desired as Record<string, unknown>;
    expect(desired.version).toBe(1);
    expect(desired).not.toHaveProperty('sourceMap');
    expect(JSON.stringify(desired)).toContain('frontend');
  });

  it('gives the same digests for the same live state, and a different one once it moves', async () => {
    const first = parsePlanJson((await plan(['--format', 'json'])).stdout);
    const second = parsePlanJson((await plan(['--format', 'json'])).stdout);
    expect(second.reads).toEqual(first.reads);
    // Someone adds a label to team 42 behind our back: the scope read's digest changes.
    const response = await fetch(`${emulator.url}/api/v1/pm/config/teams/scope?mode=add`, {
      method: 'PATCH',
      headers: { 'x-api-key': TEST_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ teams: [{ team_id: 42, items: [{ integration_id: 10, scope: { labels: [{ name: 'infra' }] } }] }] }),
    });
    expect(response.status).toBe(200);
    try {
      const third = parsePlanJson((await plan(['--format', 'json'])).stdout);
      const scopeRead = (p: typeof first) => p.reads.find((r) => r.path.startsWith('/api/v1/pm/config/teams/42/scope'))?.digest;
      expect(scopeRead(third)).toBeDefined();
      expect(scopeRead(third)).not.toBe(scopeRead(first));
    } finally {
      await fetch(`${emulator.url}/_emulator/reset`, { method: 'POST', headers: { 'x-api-key': TEST_KEY } });
    }
  });

  it('renders Markdown for a pull request comment', async () => {
    const result = await plan(['--format', 'markdown']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('collection.tracker.boards["105"]');
    expect(result.stdout).toContain('git.defaults.active_branches_duration');
    expect(result.stdout.length).toBeLessThan(60_000);
  });

  it('saves the JSON plan with --out (and never the key), also under -v', async () => {
    const dir = await tempDir();
    const out = join(dir, 'plan.json');
    const result = await plan(['--out', out, '-v', '--format', 'json']);
    expect(result.code).toBe(0);
    const text = await readFile(out, 'utf8');
    const saved = parsePlanJson(text);
    expect(saved.changes).toHaveLength(4);
    expect(saved.desired).toBeDefined();
    expect(parsePlanJson(result.stdout).changes).toEqual(saved.changes);
    // -v logged every request to stderr, none with the key.
    expect(result.stderr).toContain('GET /api/v1/integrations 200');
    for (const output of [result.stdout, result.stderr, text]) expect(output).not.toContain(TEST_KEY);
  });

  it('resolves -c against the working directory, defaulting to ./emctl.yaml', async () => {
    const target = against(emulator);
    const cwd = resolve(changesConfig, '..');
    const result = await runEmctl(['plan', ...target.args, '--rate-limit', '0'], { env: target.env, cwd });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('team[42].pm.tracker.labels');
  });

  it('limits the plan with --target and --exclude (repeatable)', async () => {
    const addresses = async (args: string[]) => parsePlanJson((await plan(['--format', 'json', ...args])).stdout).changes.map((c) => c.address);
    expect(await addresses(['--target', 'team[42]'])).toEqual(['team[42].pm.tracker.labels']);
    expect(await addresses(['--target', 'team[42]', '--target', 'git.defaults'])).toEqual([
      'team[42].pm.tracker.labels',
      'git.defaults.active_branches_duration',
    ]);
    expect(await addresses(['--exclude', 'collection', '--exclude', 'git'])).toEqual(['team[42].pm.tracker.labels']);
    expect(await addresses(['--exclude', 'collection.tracker.boards["108"]'])).not.toContain('collection.tracker.boards["108"]');
  });

  it('colours only a terminal, and not with --no-color', async () => {
    const target = against(emulator);
    const run = (args: string[], env: Record<string, string | undefined>) =>
      runEmctl(['plan', '-c', changesConfig, ...target.args, '--rate-limit', '0', ...args], { env: { ...target.env, ...env }, tty: true });
    const ESC = String.fromCharCode(27);
    expect((await run([], { NO_COLOR: undefined })).stdout).toContain(`${ESC}[`);
    expect((await run(['--no-color'], { NO_COLOR: undefined })).stdout).not.toContain(`${ESC}[`);
    expect((await run([], { NO_COLOR: '1' })).stdout).not.toContain(`${ESC}[`);
    expect((await plan([])).stdout).not.toContain(`${ESC}[`); // not a TTY
  });
});

describe('emctl plan --emulator default', () => {
  it('plans against the bundled example organization without a key or a URL', async () => {
    const result = await runEmctl(['plan', '-c', changesConfig, '--emulator', 'default', '--detailed-exitcode']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('collection.tracker.boards["105"]');
  });

  const example = resolve('examples/acme/emctl.yaml');
  it('plans the example config (examples/acme/emctl.yaml) in every format', async () => {
    for (const format of ['text', 'json', 'markdown']) {
      const result = await runEmctl(['plan', '-c', example, '--emulator', 'default', '--format', format]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.length).toBeGreaterThan(0);
      if (format === 'json') {
        const saved = parsePlanJson(result.stdout);
        // Relative to the working directory (the repository root here), as format_version 2 saves it.
        expect(saved.config_files).toEqual(['examples/acme/emctl.yaml']);
        expect(saved.changes.length).toBeGreaterThan(0);
        expect(saved.errors).toEqual([]);
      }
    }
  });
});
