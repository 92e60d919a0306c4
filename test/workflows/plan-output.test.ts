// planFromConfig / planForDesired, the one "load, connect, read, plan, close" path of plan, drift and
// apply: against the real emulator over HTTP, with the real client.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmClient } from '../../src/api/client.js';
import type { Connection } from '../../src/workflows/connect.js';
import type { WorkflowIO } from '../../src/workflows/io.js';
import type { GlobalOptions } from '../../src/workflows/options.js';
import { planFromConfig, planForDesired } from '../../src/workflows/plan-output.js';
import { EmctlError } from '../../src/contract/errors.js';
import type { DesiredConfig } from '../../src/core/model.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { StateClient } from '../../src/state/live-reader.js';
import { ACME_IN_SYNC } from '../helpers/acme-configs.js';
import { TEST_KEY, acmeFixture, apiRequests, startTestEmulator, writeConfig } from '../helpers/emulator.js';

let emulator: RunningEmulator;
let inSync: string;

beforeAll(async () => {
  emulator = await startTestEmulator(await acmeFixture());
  inSync = await writeConfig(ACME_IN_SYNC);
});
afterAll(async () => {
  await emulator.close();
});

/** The io and dependencies a command hands the plan pipeline. */
function context(): { io: WorkflowIO; deps: { globals: GlobalOptions } } {
  const io: WorkflowIO = { stdout: { write: () => true }, stderr: { write: () => true }, stdin: {}, env: { EMCTL_API_KEY: TEST_KEY }, cwd: process.cwd() };
  const globals: GlobalOptions = { baseUrl: emulator.url, concurrency: 4, rateLimit: 0, color: false, verbose: false, insecureHttp: false };
  return { io, deps: { globals } };
}

/** Wraps the client, recording which methods the plan called through the wrapper. */
function recording(calls: string[]): (client: EmClient) => StateClient {
  return (client) => ({
    listIntegrations: () => (calls.push('listIntegrations'), client.listIntegrations()),
    listEntities: (type, p) => (calls.push('listEntities'), client.listEntities(type, p)),
    getTeamPmScope: (team, ids) => (calls.push('getTeamPmScope'), client.getTeamPmScope(team, ids)),
    listRepositories: (p) => (calls.push('listRepositories'), client.listRepositories(p)),
    getRepositoryConfig: (id) => (calls.push('getRepositoryConfig'), client.getRepositoryConfig(id)),
    getOrgConfig: () => (calls.push('getOrgConfig'), client.getOrgConfig()),
    getTeamGitScope: (team) => (calls.push('getTeamGitScope'), client.getTeamGitScope(team)),
  });
}

describe('planFromConfig', () => {
  it('loads the config, plans against live state and hands back the config and the globals', async () => {
    const ctx = context();
    const planned = await planFromConfig(ctx.deps, ctx.io, inSync);
    expect(planned.plan.changes).toEqual([]);
    expect(planned.config.files).toEqual([inSync]);
    expect(planned.globals.baseUrl).toBe(emulator.url);
    expect(planned.plan.config_files).toEqual([inSync]);
  });

  it('sends every read through wrapClient (how drift keeps a read-only client)', async () => {
    const calls: string[] = [];
    const before = (await apiRequests(emulator.url)).length;
    await planFromConfig(context().deps, context().io, inSync, { wrapClient: recording(calls) });
    const sent = (await apiRequests(emulator.url)).slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(calls).toHaveLength(sent.length);
  });

  it('loads the config before connecting: an invalid config sends no request', async () => {
    const bad = await writeConfig('version: 1\ngit:\n  defaults:\n    active_branches_duration: { days: 5 }\n');
    const ctx = context();
    const before = (await apiRequests(emulator.url)).length;
    const error = (await planFromConfig(ctx.deps, ctx.io, bad).catch((e: unknown) => e)) as EmctlError;
    expect(error).toBeInstanceOf(EmctlError);
    expect(error.kind).toBe('config');
    expect(error.details.join('\n')).toMatch(/emctl\.yaml:\d+:\d+/);
    expect((await apiRequests(emulator.url)).length).toBe(before);
  });

  it('keeps the connection open for whileConnected, and closes it after, even when it throws', async () => {
    let kept: Connection | undefined;
    const result = await planFromConfig(context().deps, context().io, inSync, {}, async ({ plan }, connection) => {
      kept = connection;
      const live = await connection.client.getOrgConfig();
      return { changes: plan.changes.length, days: live.settings.active_branches_duration?.days };
    });
    expect(result).toEqual({ changes: 0, days: 14 });
    await expect(kept!.client.getOrgConfig()).rejects.toThrow(/GET \/api\/v1\/git\/config failed/);

    let thrownFrom: Connection | undefined;
    const failure = planFromConfig(context().deps, context().io, inSync, {}, async (_planned, connection) => {
      thrownFrom = connection;
      throw new Error('stop here');
    });
    await expect(failure).rejects.toThrow('stop here');
    await expect(thrownFrom!.client.getOrgConfig()).rejects.toThrow(/GET \/api\/v1\/git\/config failed/);
  });
});

describe('planForDesired', () => {
  it('plans a desired state already in hand, limited to the targets given', async () => {
    const { config } = await planFromConfig(context().deps, context().io, inSync);
    const changed: DesiredConfig = { ...config, git: { ...config.git, defaults: { ...config.git.defaults, active_branches_duration: { days: 7 } } } };
    const all = await planForDesired(context().deps, context().io, changed);
    expect(all.plan.changes.map((c) => c.address)).toEqual(['git.defaults.active_branches_duration']);
    const elsewhere = await planForDesired(context().deps, context().io, changed, { targets: ['team[42]'] });
    expect(elsewhere.plan.changes).toEqual([]);
  });
});
