// When the service refuses part of an apply, and when the safety rails refuse all of it.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Fixture } from '../../src/emulator/index.js';
import { applyWorld, readJournal, type ApplyWorld } from '../apply/cli-helpers.js';
import { writeRequests } from '../apply/helpers.js';
import { TEST_KEY } from '../helpers/emulator.js';

let world: ApplyWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('partial rejection', () => {
  it('reports the one repository of a monitoring batch the service rejected, and a new plan shows only it', async () => {
    // acme/data-warehouse (1219) is loading its history: the emulator refuses to stop monitoring it.
    world = await applyWorld(`version: 1
git:
  repositories:
    acme/web: { monitored: false }
    acme/data-warehouse: { monitored: false }
`);
    const result = await world.run(['apply', '-c', 'emctl.yaml', '--auto-approve']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Applied 1, rejected 1, skipped 0.');
    expect(result.stderr).toMatch(/^Error: apply incomplete \(1 applied, 1 rejected, 0 skipped; each listed above, every call in .+\.jsonl\): .*"emctl plan"/m);
    expect(result.stdout).toMatch(/rejected repo\["acme\/data-warehouse"\]\.monitored {2}backfill_in_progress: repository 1219 is loading its history/);
    const monitoringCalls = (await writeRequests(world.emulator)).filter((r) => r.path === '/api/v1/git/repositories');
    expect(monitoringCalls).toHaveLength(1);

    const plan = await world.run(['plan', '-c', 'emctl.yaml', '--format', 'json']);
    const changes = (JSON.parse(plan.stdout) as { changes: { address: string }[] }).changes.map((c) => c.address);
    expect(changes).toEqual(['repo["acme/data-warehouse"].monitored']);
  });

  it('reports a team scope item the service rejected while the other team\'s item applied', async () => {
    // 9 boards/projects are selected; a limit of 9 refuses any scope write that selects one more.
    world = await applyWorld(
      `version: 1
integrations:
  tracker: { id: 10 }
teams:
  44:
    pm:
      tracker:
        boards: ["105"]
  45:
    pm:
      tracker:
        boards: ["101"]
`,
      { fixture: (f) => void (f.limits = { ...f.limits, board_project_limit: 9 }) },
    );
    const result = await world.run(['apply', '-c', 'emctl.yaml', '--auto-approve']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/rejected team\[44\]\.pm\.tracker\.boards {2}license_limit: this scope selects 1 more/);
    expect(result.stdout).not.toContain('rejected team[45]');

    const plan = await world.run(['plan', '-c', 'emctl.yaml', '--format', 'json']);
    const changes = (JSON.parse(plan.stdout) as { changes: { address: string }[] }).changes.map((c) => c.address);
    expect(changes).toEqual(['team[44].pm.tracker.boards']);
  });
});

describe('a failed operation and the ones that depend on it', () => {
  // Monitoring acme/notifications (1208) is refused (state_changed); team 44's Git scope names it,
  // so that write waits on the monitoring call. The org default and acme/web's overrides do not.
  const config = `version: 1
teams:
  44:
    git:
      repositories: ["acme/notifications", "acme/api"]
git:
  defaults:
    active_branches_duration: { days: 7 }
  repositories:
    acme/notifications: { monitored: true }
    acme/web:
      settings:
        default_branch: { branch_name: develop }
`;
  const flagged = {
    fixture: (f: Fixture): void => {
      const repo = f.repositories?.find((r) => r.id === 1208);
      if (repo) repo.state_change_pending = true;
    },
  };

  it('by default starts nothing after the failure, and names the failed call a skipped change waited on', async () => {
    world = await applyWorld(config, flagged);
    const result = await world.run(['apply', '-c', 'emctl.yaml', '--auto-approve']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/rejected repo\["acme\/notifications"\]\.monitored {2}state_changed: /);
    expect(result.stdout).toMatch(/skipped {2}team\[44\]\.git\.repositories {2}depends on "monitor 1 repository" \([^)]+\), which failed/);
  });

  it('with --continue-on-error skips only the dependants', async () => {
    world = await applyWorld(config.replace('  44:\n', '  45:\n    git:\n      services: [9]\n  44:\n'), flagged);
    const result = await world.run(['apply', '-c', 'emctl.yaml', '--auto-approve', '--continue-on-error']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/skipped {2}team\[44\]\.git\.repositories {2}depends on "monitor 1 repository" \([^)]+\), which failed/);
    const plan = await world.run(['plan', '-c', 'emctl.yaml', '--format', 'json']);
    const left = (JSON.parse(plan.stdout) as { changes: { address: string }[] }).changes.map((c) => c.address).sort();
    expect(left).toEqual(['repo["acme/notifications"].monitored', 'team[44].git.repositories']);
  });
});

describe('a call refused as a whole', () => {
  it('shows the error\'s detail lines under each address it rejected, and keeps them in the journal', async () => {
    world = await applyWorld(`version: 1
git:
  defaults:
    active_branches_duration: { days: 7 }
  repositories:
    acme/web:
      settings:
        default_branch: { branch_name: develop }
    acme/api:
      settings:
        default_branch: { branch_name: develop }
`);
    // The key is revoked once the first write has been answered: every later call is refused (401).
    const store = world.emulator.store;
    const log = store.logRequest.bind(store);
    store.logRequest = (entry) => {
      log(entry);
      if (entry.method !== 'GET') store.state.apiKeys.clear();
    };
    const result = await world.run(['--concurrency', '1', 'apply', '-c', 'emctl.yaml', '--auto-approve', '--journal', 'j.jsonl']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Applied 1, rejected 3, skipped 0.');
    const hint = 'the service refused the API key: check EMCTL_API_KEY or the file given to --api-key-file';
    const refusedLines = result.stdout.split('\n').filter((line) => line.startsWith('  rejected '));
    expect(refusedLines).toHaveLength(3);
    for (const line of refusedLines) {
      expect(line).toMatch(/ {2}401: Unauthorized: invalid API key {2}\(/);
      expect(result.stdout).toContain(`${line}\n      ${hint}\n`);
    }
    const items = (await readJournal(join(world.dir, 'j.jsonl'))).filter((e) => e.event === 'item' && e.status === 'rejected');
    expect(items.map((e) => e.details)).toEqual([[hint], [hint], [hint]]);
    for (const text of [result.stdout, result.stderr, await readFile(join(world.dir, 'j.jsonl'), 'utf8')]) expect(text).not.toContain(TEST_KEY);
  });
});

describe('safety rails', () => {
  const stopThree = `version: 1
safety:
  thresholds:
    stop_monitoring: { count: 2 }
git:
  repositories:
    acme/web: { monitored: false }
    acme/mobile-ios: { monitored: false }
    acme/search: { monitored: false }
`;

  it('refuse a plan over a count threshold with exit 3 and the figures, and --force lets it through', async () => {
    world = await applyWorld(stopThree);
    const refused = await world.run(['apply', '-c', 'emctl.yaml', '--auto-approve']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('would stop monitoring 3 repositories; the limit is 2');
    expect(await writeRequests(world.emulator)).toEqual([]);

    const forced = await world.run(['apply', '-c', 'emctl.yaml', '--auto-approve', '--force']);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('Applied 3, rejected 0, skipped 0.');
  });

  it('refuse a change to a protected address, and --force lets it through', async () => {
    world = await applyWorld(`version: 1
safety:
  protected: ["git.defaults"]
git:
  defaults:
    active_branches_duration: { days: 3 }
`);
    const refused = await world.run(['apply', '-c', 'emctl.yaml', '--auto-approve']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('git.defaults.active_branches_duration is protected');
    expect(await writeRequests(world.emulator)).toEqual([]);
    expect((await world.run(['apply', '-c', 'emctl.yaml', '--auto-approve', '--force'])).code).toBe(0);
  });

  it('refuse a saved plan too', async () => {
    world = await applyWorld(stopThree);
    expect((await world.run(['plan', '-c', 'emctl.yaml', '--out', 'plan.json'])).code).toBe(0);
    const refused = await world.run(['apply', 'plan.json']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('the limit is 2');
    expect((await world.run(['apply', 'plan.json', '--force'])).code).toBe(0);
  });
});
