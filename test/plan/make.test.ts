// makePlan, the one engine plan, apply and drift make their plan with, against the real emulator
// over HTTP with the real client; and the plan workflow around it, which loads the config before
// it connects.

import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import { loadConfigOrThrow } from '../../src/config/index.js';
import { EmctlError } from '../../src/contract/errors.js';
import type { DesiredConfig } from '../../src/core/model.js';
import { EMCTL_VERSION } from '../../src/core/version.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { makePlan } from '../../src/plan/make.js';
import type { StateClient } from '../../src/state/live-reader.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';
import type { WorkflowIO } from '../../src/workflows/io.js';
import { planWorkflow } from '../../src/workflows/plan.js';
import { ACME_IN_SYNC } from '../helpers/acme-configs.js';
import { TEST_KEY, acmeFixture, apiRequests, startTestEmulator, writeConfig } from '../helpers/emulator.js';

let emulator: RunningEmulator;
let inSync: string;
let config: DesiredConfig;
const NOW = new Date('2026-05-04T03:02:01.000Z');

beforeAll(async () => {
  emulator = await startTestEmulator(await acmeFixture());
  inSync = await writeConfig(ACME_IN_SYNC);
  config = await loadConfigOrThrow(inSync, CONFIG_CHECKS);
});
afterAll(async () => {
  await emulator.close();
});

function client(): EmClient {
  return new EmClient({ baseUrl: emulator.url, apiKey: TEST_KEY, rateLimit: 0 });
}

/** Wraps the client, recording which methods the plan called through the wrapper. */
function recording(inner: EmClient, calls: string[]): StateClient {
  return {
    listIntegrations: () => (calls.push('listIntegrations'), inner.listIntegrations()),
    listEntities: (type, p) => (calls.push('listEntities'), inner.listEntities(type, p)),
    getTeamPmScope: (team, ids) => (calls.push('getTeamPmScope'), inner.getTeamPmScope(team, ids)),
    listRepositories: (p) => (calls.push('listRepositories'), inner.listRepositories(p)),
    getRepositoryConfig: (id) => (calls.push('getRepositoryConfig'), inner.getRepositoryConfig(id)),
    getOrgConfig: () => (calls.push('getOrgConfig'), inner.getOrgConfig()),
    getTeamGitScope: (team) => (calls.push('getTeamGitScope'), inner.getTeamGitScope(team)),
    lists: {
      allTeams: (p, answered) => (calls.push('allTeams'), inner.lists.allTeams(p, answered)),
      allUsers: (answered) => (calls.push('allUsers'), inner.lists.allUsers(answered)),
    },
  };
}

describe('makePlan', () => {
  it('plans against live state and stamps the plan: time, version, organization, files relative to cwd', async () => {
    const { plan, snapshot } = await makePlan(config, { client: client(), perRoute: 4 }, {}, NOW, { service: `${emulator.url}/?token=x`, cwd: dirname(inSync) });
    expect(plan.changes).toEqual([]);
    expect(plan.created_at).toBe(NOW.toISOString());
    expect(plan.emctl_version).toBe(EMCTL_VERSION);
    expect(plan.organization?.base_url).toBe(emulator.url);
    expect(plan.organization?.integrations.map((i) => i.id)).toEqual(snapshot.integrations.map((i) => i.id).sort((a, b) => a - b));
    expect(plan.config_files).toEqual(['emctl.yaml']);
    expect((plan.desired as { files: string[] }).files).toEqual(['emctl.yaml']);
    expect(plan.scope).toBeUndefined();
  });

  it('sends every read through the client it is given (how drift keeps a read-only client)', async () => {
    const calls: string[] = [];
    const before = (await apiRequests(emulator.url)).length;
    await makePlan(config, { client: recording(client(), calls) }, {}, NOW, { service: emulator.url, cwd: process.cwd() });
    const sent = (await apiRequests(emulator.url)).slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(calls).toHaveLength(sent.length);
  });

  it('plans a desired state already in hand, limited to the targets given, and records the scope', async () => {
    const changed: DesiredConfig = { ...config, git: { ...config.git, defaults: { ...config.git.defaults, active_branches_duration: { days: 7 } } } };
    const origin = { service: emulator.url, cwd: process.cwd() };
    const all = await makePlan(changed, { client: client() }, {}, NOW, origin);
    expect(all.plan.changes.map((c) => c.address)).toEqual(['git.defaults.active_branches_duration']);
    const elsewhere = await makePlan(changed, { client: client() }, { targets: ['team[42]'] }, NOW, origin);
    expect(elsewhere.plan.changes).toEqual([]);
    expect(elsewhere.plan.scope?.narrowed_by).toEqual(['--target team[42]']);
  });
});

describe('the plan workflow', () => {
  it('loads the config before connecting: an invalid config sends no request', async () => {
    const bad = await writeConfig('version: 1\ngit:\n  defaults:\n    active_branches_duration: { days: 5 }\n');
    const io: WorkflowIO = { stdout: { write: () => true }, stderr: { write: () => true }, stdin: {}, env: { EMCTL_API_KEY: TEST_KEY }, cwd: process.cwd() };
    const globals = { baseUrl: emulator.url, concurrency: 4, rateLimit: 0, color: false, verbose: false, insecureHttp: false };
    const before = (await apiRequests(emulator.url)).length;
    const error = (await planWorkflow({ globals }, io, { config: bad, format: 'text', target: [], exclude: [] }).catch((e: unknown) => e)) as EmctlError;
    expect(error).toBeInstanceOf(EmctlError);
    expect(error.kind).toBe('config');
    expect(error.details.join('\n')).toMatch(/emctl\.yaml:\d+:\d+/);
    expect((await apiRequests(emulator.url)).length).toBe(before);
  });
});
