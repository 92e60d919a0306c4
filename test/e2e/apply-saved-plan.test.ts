// `emctl apply PLANFILE`: a saved plan runs exactly its operations, and only while live state is
// what the plan was made against; a moved live value refuses it (exit 3), --force or not.

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Plan } from '../../src/core/plan-model.js';
import { applyWorld, SMALL_CONFIG, type ApplyWorld } from '../apply/cli-helpers.js';
import { fastClient, writeRequests } from '../apply/helpers.js';
import { describeOperation, describeWrite, writesOutsidePlan } from '../helpers/plan-writes.js';

let world: ApplyWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function savedPlan(): Promise<{ w: ApplyWorld; plan: Plan }> {
  world = await applyWorld(SMALL_CONFIG);
  const made = await world.run(['plan', '-c', 'emctl.yaml', '--out', 'plan.json']);
  expect(made.code).toBe(0);
  const plan = JSON.parse(await readFile(join(world.dir, 'plan.json'), 'utf8')) as Plan;
  expect(plan.operations.length).toBeGreaterThan(2);
  return { w: world, plan };
}

/** `METHOD path?query` of a request as the emulator logged it. */
function callOf(r: { method: string; path: string; query: Record<string, string | string[]> }): string {
  const q = Object.entries(r.query)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : v}`)
    .join('&');
  return `${r.method} ${r.path}${q ? `?${q}` : ''}`;
}

/**
 * Every object key of a saved plan, with its JSON path, except the keys of maps keyed by data
 * (none today: teams, repositories and addresses are list entries or values, not keys).
 */
function keysOf(value: unknown, at: string, out: Array<[string, string]>): Array<[string, string]> {
  if (Array.isArray(value)) value.forEach((v, i) => keysOf(v, `${at}[${i}]`, out));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push([`${at}.${k}`, k]);
      keysOf(v, `${at}.${k}`, out);
    }
  }
  return out;
}

describe('emctl apply PLANFILE', () => {
  it('saves a plan whose every key is snake_case, desired state included, and reads it back', async () => {
    const { w, plan } = await savedPlan();
    const offenders = keysOf(plan, '$', []).filter(([, k]) => !/^[a-z0-9_]+$/.test(k)).map(([at]) => at);
    expect(offenders).toEqual([]);
    expect(JSON.stringify(plan.desired)).toContain('"entity_type":"boards"');
    const shown = await w.run(['show', 'plan.json']);
    expect(shown.code).toBe(0);
    const applied = await w.run(['apply', 'plan.json']);
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect((await w.run(['plan', '-c', 'emctl.yaml'])).stdout).toContain('No changes.');
  });

  it('applies exactly the saved operations when live state has not moved', async () => {
    const { w, plan } = await savedPlan();
    const result = await w.run(['apply', 'plan.json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('live state has not moved');
    const writes = await writeRequests(w.emulator);
    const sent = writes.map(callOf).sort();
    expect(sent).toEqual(plan.operations.map((op) => `${op.method} ${op.path}`).sort());
    // Bodies too: each saved operation was sent once, exactly as saved.
    expect(writes.every((r) => r.body !== undefined)).toBe(true);
    expect(writes.map(describeWrite).sort()).toEqual(plan.operations.map(describeOperation).sort());
    expect(writesOutsidePlan(writes, plan.operations)).toEqual([]);
    expect((await w.run(['plan', '-c', 'emctl.yaml'])).stdout).toContain('No changes.');
  });

  it('refuses a plan whose live values moved, with exit 3, naming what moved, and writes nothing', async () => {
    const { w } = await savedPlan();
    // Someone changes an org default the plan changes, between plan and apply.
    await fastClient(w.emulator).patchOrgConfig({ active_branches_duration: { days: 3 } });
    const before = (await writeRequests(w.emulator)).length;

    for (const args of [['apply', 'plan.json'], ['apply', 'plan.json', '--force']]) {
      const result = await w.run(args);
      expect(result.code).toBe(3);
      expect(result.stderr).toContain('stale');
      expect(result.stderr).toContain('plan" again');
      expect(result.stderr).toContain('git.defaults.active_branches_duration: live value moved since the plan was made (was {days: 14}, now {days: 3})');
    }
    expect((await writeRequests(w.emulator)).length).toBe(before);
  });

  it('refuses a plan one of whose changes is no longer needed', async () => {
    const { w } = await savedPlan();
    await fastClient(w.emulator).setMonitoring([{ id: 1211, state: 'monitored' }]);
    const result = await w.run(['apply', 'plan.json']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('repo["acme/docs"].monitored: no longer needs this change');
  });

  it('is not made stale by a change to an object the plan does not touch', async () => {
    const { w } = await savedPlan();
    await fastClient(w.emulator).patchOrgConfig({ bot_pr_attribution: { method: 'assignee' } });
    const result = await w.run(['apply', 'plan.json']);
    expect(result.code).toBe(0);
  });

  it('refuses a plan file whose operations were edited to write something its changes do not say', async () => {
    const { w, plan } = await savedPlan();
    const defaults = plan.operations.find((op) => op.path === '/api/v1/git/config');
    expect(defaults).toBeDefined();
    if (defaults) defaults.body = { active_branches_duration: { days: 3 } };
    await writeFile(join(w.dir, 'edited.json'), JSON.stringify(plan, null, 2));
    const result = await w.run(['apply', 'edited.json', '--force']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('are not the calls its changes need');
    expect(result.stderr).toContain('saved call not needed by its changes: PATCH /api/v1/git/config');
    expect(await writeRequests(w.emulator)).toEqual([]);
  });

  it('applies an empty saved plan as "No changes." without a request', async () => {
    world = await applyWorld(SMALL_CONFIG);
    expect((await world.run(['apply', '-c', 'emctl.yaml', '--auto-approve'])).code).toBe(0);
    expect((await world.run(['plan', '-c', 'emctl.yaml', '--out', 'empty.json'])).code).toBe(0);
    const writes = (await writeRequests(world.emulator)).length;
    const result = await world.run(['apply', 'empty.json']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('No changes.\n');
    expect((await writeRequests(world.emulator)).length).toBe(writes);
  });

  it('refuses a plan file together with -c, and a file that is not a plan', async () => {
    const { w } = await savedPlan();
    const both = await w.run(['apply', 'plan.json', '-c', 'emctl.yaml']);
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('either a plan file or -c');
    const notPlan = await w.run(['apply', 'emctl.yaml']);
    expect(notPlan.code).toBe(1);
    expect(notPlan.stderr).toContain('not an emctl plan');
    expect(notPlan.stderr).toContain('to apply a config, use: emctl apply -c emctl.yaml');
    expect(await writeRequests(w.emulator)).toEqual([]);
  });
});
