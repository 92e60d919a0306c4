// A saved plan is judged per object of the ownership rule, records its organization and emctl
// version, and is refused on another organization (DESIGN 3).

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { organizationDifference } from '../../src/apply/stale.js';
import { ownershipObject } from '../../src/core/kinds/registry.js';
import type { Plan } from '../../src/core/plan-model.js';
import { EMCTL_VERSION } from '../../src/core/version.js';
import { applyWorld, type ApplyWorld } from '../apply/cli-helpers.js';
import { fastClient, writeRequests } from '../apply/helpers.js';
import { team42OnTracker } from '../helpers/acme-configs.js';

const worlds: ApplyWorld[] = [];
afterEach(async () => {
  for (const w of worlds.splice(0)) await w.close();
});

const BOARDS_ONLY = team42OnTracker('boards: ["101", "102"]', 'epics: ["EP-7"]', 'labels: ["backend"]', 'fields: [{ id: customfield_1, value: [Payments] }]');

describe('ownershipObject', () => {
  it.each([
    ['collection.tracker.boards["101"]', ['collection.tracker.boards']],
    ['team[42].pm.tracker.boards', ['boards', 'epics', 'labels', 'fields', 'project_team_areas'].map((k) => `team[42].pm.tracker.${k}`)],
    ['team[42].pm.tracker.methodology', ['team[42].pm.tracker.methodology']],
    ['team[42].git.services', ['team[42].git']],
    ['repo["acme/api"].settings.default_branch', ['repo["acme/api"].settings']],
    ['repo[1234].monitored', ['repo[1234].monitored']],
    ['git.defaults.releases_detection', ['git.defaults.releases_detection']],
  ])('%s belongs to %j', (address, object) => {
    expect(ownershipObject(address)).toEqual(object);
  });
});

describe('organizationDifference', () => {
  const org = { base_url: 'https://em.example.com', integrations: [{ id: 10, type: 'pm', provider: 'tracker_a', name: 'T' }] };
  it('the same organization, a renamed integration included', () => {
    expect(organizationDifference(org, { ...org, integrations: [{ ...org.integrations[0]!, name: 'Renamed' }] })).toBeUndefined();
  });
  it('another base URL', () => {
    expect(organizationDifference(org, { ...org, base_url: 'https://other.example.com' })).toBe(
      'it was made against https://em.example.com, and this run is against https://other.example.com',
    );
  });
  it('an integration it saw is gone', () => {
    expect(organizationDifference(org, { ...org, integrations: [] })).toBe('integrations it saw are not in this organization: 10 (tracker_a "T")');
  });
});

describe('emctl apply PLANFILE, per object', () => {
  it('a plan adding a board to a scope is stale once that scope\'s labels were cleared since', async () => {
    const w = await applyWorld(BOARDS_ONLY);
    worlds.push(w);
    // Live: team 42 has boards [101] and labels [backend]; the plan only adds board 102.
    const made = await w.run(['plan', '-c', 'emctl.yaml', '--out', 'plan.json']);
    expect(made.code).toBe(0);
    const plan = JSON.parse(await readFile(join(w.dir, 'plan.json'), 'utf8')) as Plan;
    expect(plan.changes.map((c) => c.address)).toEqual(['team[42].pm.tracker.boards']);
    expect(plan.emctl_version).toBe(EMCTL_VERSION);
    expect(plan.organization?.base_url).toBe(w.emulator.url);
    expect(plan.organization?.integrations.map((i) => i.id)).toContain(10);

    await fastClient(w.emulator).clearTeamPmScopeKey(42, 'labels', 10);
    const writesBefore = (await writeRequests(w.emulator)).length;
    const result = await w.run(['apply', 'plan.json']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('is stale');
    expect(result.stderr).toContain('team[42].pm.tracker.labels: moved since the plan was made');
    expect((await writeRequests(w.emulator)).length).toBe(writesBefore);
  });

  it('a plan made against another organization is refused with exit 1, naming why', async () => {
    const w = await applyWorld(BOARDS_ONLY);
    worlds.push(w);
    expect((await w.run(['plan', '-c', 'emctl.yaml', '--out', 'plan.json'])).code).toBe(0);
    // The same plan file, taken to another organization (another service at another address).
    const other = await applyWorld(BOARDS_ONLY);
    worlds.push(other);
    await writeFile(join(other.dir, 'plan.json'), await readFile(join(w.dir, 'plan.json'), 'utf8'));
    const result = await other.run(['apply', 'plan.json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`was made against another organization: it was made against ${w.emulator.url}, and this run is against ${other.emulator.url}`);
    expect((await writeRequests(other.emulator)).length).toBe(0);
  });
});
