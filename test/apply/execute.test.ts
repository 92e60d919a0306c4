// The apply engine against a real emulator over real HTTP: per-item results, re-sending only the
// items the service says to retry, and what a failure does to the operations after it.

import { afterEach, describe, expect, it } from 'vitest';
import * as rq from '../../src/api/requests.js';
import { executeOperations, type ExecuteOptions } from '../../src/apply/execute.js';
import type { Fixture, RunningEmulator } from '../../src/emulator/index.js';
import type { Operation } from '../../src/core/plan-model.js';
import { acmeFixture, startTestEmulator } from '../helpers/emulator.js';
import { writesOutsidePlan } from '../helpers/plan-writes.js';
import { fastClient, MemoryJournal, noSleep, operation, writeRequests } from './helpers.js';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function start(edit: (f: Fixture) => void = () => {}): Promise<RunningEmulator> {
  const fixture = structuredClone(await acmeFixture());
  edit(fixture);
  emulator = await startTestEmulator(fixture);
  return emulator;
}

function flagRepository(f: Fixture, id: number, flag: 'write_fails' | 'backfill_in_progress'): void {
  const repo = f.repositories?.find((r) => r.id === id);
  if (!repo) throw new Error(`no repository ${id} in the fixture`);
  repo[flag] = true;
}

function options(emu: RunningEmulator, journal: MemoryJournal, extra: Partial<ExecuteOptions> = {}): ExecuteOptions {
  return {
    sender: fastClient(emu),
    journal,
    continueOnError: false,
    concurrency: 4,
    stopRequested: () => false,
    itemRetry: { retries: 3, baseMs: 1, maxMs: 5 },
    sleep: noSleep,
    ...extra,
  };
}

const monitorDocs = 'repo["acme/docs"].monitored';
const monitorTerraform = 'repo["acme/terraform-modules"].monitored';

function monitorBoth(id = 'monitor'): Operation {
  return operation(
    id,
    1,
    rq.setMonitoring([
      { id: 1211, state: 'monitored' },
      { id: 1210, state: 'monitored' },
    ]),
    [monitorDocs, monitorTerraform],
    {
      items: [
        { key: '1211', address: monitorDocs },
        { key: '1210', address: monitorTerraform },
      ],
    },
  );
}

describe('per-item results and item retries', () => {
  it('re-sends only the item rejected with write_failed, and applies it when the service recovers', async () => {
    const emu = await start((f) => flagRepository(f, 1210, 'write_fails'));
    const journal = new MemoryJournal();
    const client = fastClient(emu);
    let calls = 0;
    // The service recovers after the first call: the retry must carry repository 1210 alone.
    const sender = {
      async send<T>(req: Parameters<typeof client.send>[0]): Promise<T> {
        const body = req.body as { repositories: { id: number }[] };
        if (calls++ === 1) expect(body.repositories.map((r) => r.id)).toEqual([1210]);
        const answer = await client.send<T>(req);
        const repo = emu.store.state.repos.get(1210);
        if (repo) repo.writeFails = false;
        return answer;
      },
    };
    const report = await executeOperations([monitorBoth()], options(emu, journal, { sender }));

    expect(report.applied.map((a) => a.address).sort()).toEqual([monitorDocs, monitorTerraform]);
    expect(report.rejected).toEqual([]);
    expect((await writeRequests(emu)).length).toBe(2);
    const starts = journal.of('operation-start');
    expect(starts.map((s) => [s.attempt, s.addresses])).toEqual([
      [1, [monitorDocs, monitorTerraform]],
      [2, [monitorTerraform]],
    ]);
    expect(journal.of('item').find((i) => i.status === 'retrying')).toMatchObject({ address: monitorTerraform, code: 'write_failed' });
    expect(emu.store.state.repos.get(1210)?.state).toBe('monitored');
  });

  it('reports an item that keeps failing after the retries, with its code and message', async () => {
    const emu = await start((f) => flagRepository(f, 1210, 'write_fails'));
    const journal = new MemoryJournal();
    const report = await executeOperations([monitorBoth()], options(emu, journal));

    expect(report.applied.map((a) => a.address)).toEqual([monitorDocs]);
    expect(report.rejected).toEqual([
      { address: monitorTerraform, operation: 'operation monitor', op: 'monitor', code: 'write_failed', message: 'repository 1210 could not be updated; retry' },
    ]);
    // One call, then three re-sends of the failing item only. The emulator logs the body of an
    // accepted write only, so what the refused re-sends carried is read from the journal.
    const writes = await writeRequests(emu);
    expect(writes.map((w) => w.status)).toEqual([200, 400, 400, 400]);
    expect(writes[0]?.body).toEqual({ repositories: [{ id: 1211, state: 'monitored' }, { id: 1210, state: 'monitored' }] });
    expect(writes.slice(1).map((w) => w.body)).toEqual([undefined, undefined, undefined]);
    expect(journal.of('operation-start').map((s) => s.addresses)).toEqual([[monitorDocs, monitorTerraform], [monitorTerraform], [monitorTerraform], [monitorTerraform]]);
    expect(writesOutsidePlan(writes.slice(0, 1), [monitorBoth()])).toEqual([]);
    expect(report.operations).toEqual([{ id: 'monitor', status: 'failed' }]);
  });

  it('does not retry a rejection that is the service\'s decision', async () => {
    const emu = await start();
    const journal = new MemoryJournal();
    // acme/data-warehouse (1219) is loading its history: stopping it is refused with backfill_in_progress.
    const address = 'repo["acme/data-warehouse"].monitored';
    const op = operation('stop', 1, rq.setMonitoring([{ id: 1219, state: 'not_monitored' }]), [address], { items: [{ key: '1219', address }] });
    const report = await executeOperations([op], options(emu, journal));
    expect(report.rejected).toMatchObject([{ address, code: 'backfill_in_progress' }]);
    expect((await writeRequests(emu)).length).toBe(1);
  });

  it('rejects every address of a call refused as a whole, with the service\'s words', async () => {
    const emu = await start();
    const journal = new MemoryJournal();
    const bad = operation('defaults', 1, rq.patchOrgConfig({ exclude_branches: { patterns: ['(unclosed'] } }), ['git.defaults.exclude_branches']);
    const report = await executeOperations([bad], options(emu, journal));
    expect(report.rejected).toHaveLength(1);
    expect(report.rejected[0]?.message).toMatch(/^400: /);
    expect(journal.of('operation-end')[0]).toMatchObject({ status: 'failed', http_status: 400 });
  });
});

describe('what a failure does to later operations', () => {
  const failing = (): Operation =>
    operation('stop', 1, rq.setMonitoring([{ id: 1219, state: 'not_monitored' }]), ['repo["acme/data-warehouse"].monitored'], {
      items: [{ key: '1219', address: 'repo["acme/data-warehouse"].monitored' }],
    });
  const independent = (): Operation =>
    operation('defaults', 2, rq.patchOrgConfig({ active_branches_duration: { days: 7 } }), ['git.defaults.active_branches_duration']);
  const dependent = (): Operation =>
    operation('scope', 2, rq.patchTeamGitScope(44, { repository_ids: [1219] }, 'add'), ['team[44].git.repositories'], { dependsOn: ['stop'] });

  it('starts nothing after a failure by default, and says why each operation was not started', async () => {
    const emu = await start();
    // One operation at a time per route: the second monitoring call waits in the failing one's lane.
    const sameRoute = operation('start', 1, rq.setMonitoring([{ id: 1211, state: 'monitored' }]), [monitorDocs], { items: [{ key: '1211', address: monitorDocs }] });
    const report = await executeOperations([failing(), sameRoute, dependent()], options(emu, new MemoryJournal(), { concurrency: 1 }));
    expect(report.skipped.map((s) => [s.address, s.reason])).toEqual([
      [monitorDocs, 'not started: an earlier operation failed (--continue-on-error runs independent operations)'],
      ['team[44].git.repositories', 'depends on "operation stop" (stop), which failed'],
    ]);
    expect((await writeRequests(emu)).length).toBe(1);
  });

  it('does not hold an operation of another route behind a later stage barrier: it runs beside the failing one', async () => {
    const emu = await start();
    const report = await executeOperations([failing(), independent(), dependent()], options(emu, new MemoryJournal()));
    expect(report.applied.map((a) => a.address)).toEqual(['git.defaults.active_branches_duration']);
    expect(report.skipped.map((s) => s.address)).toEqual(['team[44].git.repositories']);
  });

  it('with continue-on-error runs independent work and skips only the dependants', async () => {
    const emu = await start();
    const report = await executeOperations([failing(), independent(), dependent()], options(emu, new MemoryJournal(), { continueOnError: true }));
    expect(report.applied.map((a) => a.address)).toEqual(['git.defaults.active_branches_duration']);
    expect(report.skipped).toEqual([
      { address: 'team[44].git.repositories', op: 'scope', reason: 'depends on "operation stop" (stop), which failed' },
    ]);
    expect(emu.store.state.orgSettings.active_branches_duration).toEqual({ days: 7 });
  });

  it('skips dependants transitively', async () => {
    const emu = await start();
    const third = operation('third', 3, rq.patchOrgConfig({ issue_start_time: { method: 'last_transition' } }), ['git.defaults.issue_start_time'], {
      dependsOn: ['scope'],
    });
    const report = await executeOperations([failing(), independent(), dependent(), third], options(emu, new MemoryJournal(), { continueOnError: true }));
    expect(report.skipped.map((s) => [s.address, s.reason])).toEqual([
      ['team[44].git.repositories', 'depends on "operation stop" (stop), which failed'],
      ['git.defaults.issue_start_time', 'depends on "operation scope" (scope), which was not applied'],
    ]);
  });
});

describe('used_by_unavailable', () => {
  it('re-sends a deselect the service could not check, from a nothing-applied 400, until it goes through', async () => {
    // Board 107 is selected and used by no team; its dependents cannot be checked on the first try.
    const emu = await start((f) => {
      const board = f.integrations.find((i) => i.id === 10)?.entities?.boards?.find((b) => b.entity_provider_id === '107');
      if (board) board.used_by_unavailable = true;
    });
    const client = fastClient(emu);
    const sender = {
      async send<T>(req: Parameters<typeof client.send>[0]): Promise<T> {
        try {
          return await client.send<T>(req);
        } finally {
          const board = emu.store.state.entities.get(10)?.get('boards')?.get('107');
          if (board) board.usedByUnavailable = false;
        }
      },
    };
    const address = 'collection.tracker.boards["107"]';
    const op = operation('deselect', 1, rq.selectEntities(10, 'boards', [{ entity_provider_id: '107', is_selected_for_collection: false }]), [address], {
      items: [{ key: '107', address }],
    });
    const journal = new MemoryJournal();
    const report = await executeOperations([op], options(emu, journal, { sender }));
    expect(report.applied.map((a) => a.address)).toEqual([address]);
    expect((await writeRequests(emu)).map((r) => r.status)).toEqual([400, 200]);
    expect(journal.of('item').map((i) => [i.attempt, i.status, i.code])).toEqual([
      [1, 'retrying', 'used_by_unavailable'],
      [2, 'applied', undefined],
    ]);
    expect(emu.store.state.entities.get(10)?.get('boards')?.get('107')?.selected).toBe(false);
  });
});

describe('item retries and the client\'s own retries', () => {
  const scopeOf = (teamId: number) => ({ team_id: teamId, items: [{ integration_id: 10, scope: { labels: [{ name: 'backend' }] } }] });
  const address = (teamId: number) => `team[${teamId}].pm.tracker.labels`;

  it('re-sends only the failing team of a partly applied scope write, and stops once the client has retried a 5xx', async () => {
    // Team 44's scope writes always fail with write_failed; team 45's go through.
    const emu = await start((f) => {
      const team = f.teams?.find((t) => t.id === 44);
      if (team) team.scope_write_fails = true;
    });
    const journal = new MemoryJournal();
    const op = operation('scope', 1, rq.patchTeamPmScopes({ teams: [scopeOf(44), scopeOf(45)] }, 'merge'), [address(44), address(45)], {
      items: [
        { key: '44/10', address: address(44) },
        { key: '45/10', address: address(45) },
      ],
    });
    const report = await executeOperations([op], options(emu, journal));

    expect(report.applied.map((a) => a.address)).toEqual([address(45)]);
    expect(report.rejected).toMatchObject([{ address: address(44), code: 'write_failed' }]);
    // The partial 200 (kept with its body, as an accepted write), then one re-send of team 44
    // alone, which answers 500: the client tries it five times and the engine does not multiply
    // those tries. The refused tries keep no body in the emulator's log; the journal says the
    // re-send carried team 44 alone.
    const writes = await writeRequests(emu);
    expect(writes.map((w) => w.status)).toEqual([200, 500, 500, 500, 500, 500]);
    expect(writes[0]?.body).toEqual({ teams: [scopeOf(44), scopeOf(45)] });
    expect(writes.slice(1).every((w) => w.body === undefined)).toBe(true);
    expect(writesOutsidePlan(writes.slice(0, 1), [op])).toEqual([]);
    expect(journal.of('operation-start').map((s) => s.addresses)).toEqual([[address(44), address(45)], [address(44)]]);
  });
});
