// apply checks its own result (DESIGN 3): two applies interleaving on one organization are
// detected (the service has no lock), and a write whose answer was lost is journalled `unknown`
// and resolved by the final re-read, never reported as rejected when it was applied.

import { describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import { runApply } from '../../src/apply/run.js';
import { checkedWrites } from '../../src/apply/verify.js';
import { makePlan } from '../../src/plan/make.js';
import { loadConfigOrThrow } from '../../src/config/index.js';
import { plainStyle } from '../../src/render/style.js';
import { journalPathOf, readJournal } from '../apply/cli-helpers.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { runEmctl, type CliResult } from '../helpers/cli.js';
import { team42OnTracker } from '../helpers/acme-configs.js';
import { acmeFixture, against, apiRequests, startTestEmulator, tempDir, TEST_KEY, writeConfig } from '../helpers/emulator.js';
import { startProxy, type ProxiedRequest, type RecordingProxy } from '../helpers/proxy.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';

const labelsConfig = (label: string) => team42OnTracker('methodology: Scrum', 'boards: ["101"]', `labels: ["${label}"]`);

/**
 * A proxy in front of the emulator that makes two runs' writes to one route overlap for certain:
 * the first write (any method but GET) to a path starting with `gated` is held until a second one
 * arrives; then the first is forwarded and answered by the service, then the second, and only then
 * are both answered. So both runs have read before either wrote, and both read back after both
 * writes landed: the run whose write came first finds its object overwritten. Every other request
 * is forwarded as it comes. If no second write arrives within `holdMs`, the first goes on alone
 * (the test's assertions then fail honestly rather than hang).
 */
async function overlappingProxy(target: string, gated: string, holdMs = 20_000): Promise<RecordingProxy & { paired: () => boolean }> {
  let first: { request: ProxiedRequest; timer: NodeJS.Timeout } | undefined;
  let gatedSeen = 0;
  let paired = false;
  const proxy = await startProxy(target, async (request) => {
    const isGated = request.method !== 'GET' && request.url.startsWith(gated);
    if (!isGated || gatedSeen >= 2) return request.pass();
    gatedSeen += 1;
    if (first === undefined) {
      first = { request, timer: setTimeout(() => void request.pass(), holdMs) };
      return;
    }
    clearTimeout(first.timer);
    paired = true;
    try {
      const a = await first.request.forward();
      const b = await request.forward();
      first.request.reply(a);
      request.reply(b);
    } catch {
      first.request.cut();
      request.cut();
    }
  });
  return { ...proxy, paired: () => paired };
}

interface Race {
  emulator: RunningEmulator;
  proxy: RecordingProxy & { paired: () => boolean };
  /** Each config's `emctl apply --auto-approve`, in the order of the configs. */
  runs: CliResult[];
  /** `emctl plan --detailed-exitcode` of `config`, through the proxy. */
  plan: (config: string) => Promise<CliResult>;
}

/**
 * One `emctl apply` of each config at once, each in its own directory, on a fresh Acme emulator
 * behind an overlappingProxy holding the writes to `gated`; `check` judges the race, then the
 * emulator and the proxy are closed.
 */
async function race(gated: string, configs: string[], check: (race: Race) => Promise<void>): Promise<void> {
  const emulator = await startTestEmulator(await acmeFixture());
  const proxy = await overlappingProxy(emulator.url, gated);
  try {
    const connection = { ...against(emulator), args: ['--base-url', proxy.url] };
    const inDir = async (config: string, command: string[]) => {
      const dir = await tempDir('emctl-race-');
      await writeConfig(config, dir);
      return runEmctl([...connection.args, ...command], { env: connection.env, cwd: dir });
    };
    const runs = await Promise.all(configs.map((config) => inDir(config, ['apply', '--auto-approve'])));
    await check({ emulator, proxy, runs, plan: (config) => inDir(config, ['plan', '--detailed-exitcode']) });
  } finally {
    await proxy.close();
    await emulator.close();
  }
}

describe('concurrent applies', () => {
  it('two applies with different configs interleaving: the one whose result was overwritten exits 1 naming the object', async () => {
    await race('/api/v1/pm/config/teams/scope', ['frontend', 'mobile'].map(labelsConfig), async ({ proxy, runs, plan }) => {
      expect(proxy.paired()).toBe(true);
      const failed = runs.filter((r) => r.code === 1);
      // The service has no lock: both runs wrote, one after the other, before either read back.
      // The first writer must learn that its object is not what it wrote, and say which object.
      expect(runs.map((r) => r.code).sort()).toEqual([0, 1]);
      for (const r of failed) {
        expect(r.stderr).toContain('not match the config when read back');
        expect(r.stderr).toContain('team[42].pm.tracker.labels: does not match the config after the apply');
      }
      // Whatever exited 0 really is the live state: a plan of its config is empty.
      for (const [i, r] of runs.entries()) {
        if (r.code !== 0) continue;
        expect((await plan(labelsConfig(['frontend', 'mobile'][i] as string))).code).toBe(0);
      }
    });
  });
});

describe('concurrent applies to a team PM scope key that only gains (issue 12)', () => {
  // Team 49 is unscoped on the tracker: each config only adds labels. Such a key used to be
  // written with mode=add, which left the union of both runs' labels; written whole (mode=merge),
  // the key ends as exactly one run's list, and the run whose list was replaced says so.
  const unscopedTeamLabels = (labels: string[]) => `version: 1
integrations:
  tracker: { id: 10 }
teams:
  49:
    pm:
      tracker:
        labels: [${labels.map((l) => `"${l}"`).join(', ')}]
`;
  it('end with one config\'s labels exactly, never the union, and the other run exits 1 naming the key', async () => {
    const wanted = [['frontend'], ['mobile', 'infra']];
    await race('/api/v1/pm/config/teams/scope', wanted.map(unscopedTeamLabels), async ({ emulator, proxy, runs }) => {
      expect(proxy.paired()).toBe(true);
      const read = await fetch(`${emulator.url}/api/v1/pm/config/teams/49/scope?integration_ids=10`, { headers: { 'x-api-key': TEST_KEY } });
      const scope = (await read.json()) as { items: { scope: { labels?: { name: string }[] } }[] };
      const live = (scope.items[0]?.scope.labels ?? []).map((l) => l.name).sort();
      const winner = wanted.findIndex((labels) => JSON.stringify([...labels].sort()) === JSON.stringify(live));
      expect(winner, `labels ${JSON.stringify(live)} are no config's list`).toBeGreaterThanOrEqual(0);
      expect(runs[winner]?.code, runs[winner]?.stderr).toBe(0);
      const loser = runs[1 - winner];
      expect(loser?.code).toBe(1);
      expect(loser?.stderr).toContain('team[49].pm.tracker.labels: does not match the config after the apply');
    });
  });
});

describe('concurrent applies to a team Git scope', () => {
  it('leave one run\'s scope (each changed key is written whole), never the union of both', async () => {
    const gitConfig = (extra: string) => `version: 1\nteams:\n  42:\n    git:\n      repositories: [1201, 1234, ${extra}]\n      services: [7]\n`;
    const extras = ['acme/web', 'acme/search'];
    await race('/api/v1/git/config/teams/42/scope', extras.map(gitConfig), async ({ emulator, proxy, runs, plan }) => {
      const scope = (await (await fetch(`${emulator.url}/api/v1/git/config/teams/42/scope`, { headers: { 'x-api-key': TEST_KEY } })).json()) as { repositories: { id: number }[] };
      const ids = scope.repositories.map((r) => r.id).sort((a, b) => a - b);
      expect([JSON.stringify([1201, 1202, 1234]), JSON.stringify([1201, 1207, 1234])]).toContain(JSON.stringify(ids));
      expect(proxy.paired()).toBe(true);
      // Each run's check compares its own write's answer, which carries the scope as that write
      // left it (DESIGN 3: a Git scope is not read again), so both exit 0; the overwrite is what a
      // plan of the other run's config, or drift, then shows.
      expect(runs.map((r) => r.code)).toEqual([0, 0]);
      const loser = extras.findIndex((extra) => !ids.includes(extra === 'acme/web' ? 1202 : 1207));
      expect((await plan(gitConfig(extras[loser] as string))).code).toBe(2);
    });
  });
});

/**
 * A proxy in front of the emulator that forwards every request and answers it, except the first
 * `lose` PATCHes of the PM scope route: those are forwarded (the service applies them) and then
 * the client's connection is cut before any answer.
 */
async function losingProxy(target: string, lose: number): Promise<RecordingProxy & { lost: () => number }> {
  const lost = () => proxy.requests.filter((r) => r.outcome === 'cut').length;
  const proxy = await startProxy(target, async (request) => {
    const answer = await request.forward();
    if (request.method === 'PATCH' && request.url.startsWith('/api/v1/pm/config/teams/scope') && lost() < lose) request.cut();
    else request.reply(answer);
  });
  return { ...proxy, lost };
}

describe('a write whose answer was lost', () => {
  it('is journalled unknown, then resolved as applied by the final re-read (exit 0 path, nothing reported rejected)', async () => {
    const emulator = await startTestEmulator(await acmeFixture());
    const proxy = await losingProxy(emulator.url, 3);
    try {
      const dir = await tempDir('emctl-lost-');
      const config = await loadConfigOrThrow(await writeConfig(labelsConfig('frontend'), dir), CONFIG_CHECKS);
      // Every try of the scope write loses its answer (3 tries), so the client gives up on it.
      const client = new EmClient({ baseUrl: proxy.url, apiKey: TEST_KEY, rateLimit: 0, maxTries: 3, retryBaseMs: 1, retryMaxMs: 4 });
      const { plan, snapshot } = await makePlan(config, { client }, {}, new Date(), { service: proxy.url, cwd: dir });
      expect(plan.changes.map((c) => c.address)).toContain('team[42].pm.tracker.labels');
      const sink = { write: () => true, isTTY: false };
      let out = '';
      const { report, mismatched } = await runApply(plan, {
        ...checkedWrites(client, config, snapshot, { perRoute: 4 }),
        io: { stdout: { write: (s: string) => ((out += s), true), isTTY: false }, stderr: sink, cwd: dir },
        style: plainStyle,
        continueOnError: false,
        concurrency: 4,
        itemRetry: { retries: 0, baseMs: 1, maxMs: 1 },
      });
      expect(proxy.lost()).toBe(3);
      expect(report.rejected).toEqual([]);
      expect(report.applied.map((a) => a.address)).toContain('team[42].pm.tracker.labels');
      expect(mismatched).toEqual([]);
      const journal = await readJournal(journalPathOf(out));
      expect(journal[0]).toMatchObject({ event: 'apply-start' });
      expect((journal[0] as { plan: { operations: unknown[] } }).plan.operations.length).toBe(plan.operations.length);
      const items = journal.filter((e) => e.event === 'item' && e.address === 'team[42].pm.tracker.labels');
      expect(items.map((e) => e.status)).toEqual(['unknown']);
      const verify = journal.find((e) => e.event === 'verify');
      expect(verify).toMatchObject({ mismatched: [], unknown_applied: expect.arrayContaining(['team[42].pm.tracker.labels']), unknown_not_applied: [] });
    } finally {
      await proxy.close();
      await emulator.close();
    }
  });
});

describe('the final re-read', () => {
  it('reads nothing an answer already showed (an org default: its write answer carries it)', async () => {
    const emulator = await startTestEmulator(await acmeFixture());
    try {
      const dir = await tempDir('emctl-verify-reads-');
      const config = 'version: 1\ngit:\n  defaults:\n    active_branches_duration: { days: 3 }\n';
      await writeConfig(config, dir);
      const connection = against(emulator);
      const r = await runEmctl([...connection.args, 'apply', '--auto-approve'], { env: connection.env, cwd: dir });
      expect(r.code).toBe(0);
      const requests = await apiRequests(emulator.url);
      const lastWrite = requests.map((q) => q.method).lastIndexOf('PATCH');
      expect(requests[lastWrite]?.path).toBe('/api/v1/git/config');
      // The org configuration write's answer carries the new settings: compared as it is, not read again.
      expect(requests.slice(lastWrite + 1).map((q) => `${q.method} ${q.path}`)).toEqual([]);
    } finally {
      await emulator.close();
    }
  });
});
