// apply PLANFILE's re-read, counted by the emulator, on a generated organization whose config
// writes override sets both by name and by id: two repositories share a name (org/service-499 on
// two Git integrations), so the generated config writes those two by id and the others by name.
// The saved plan's targets are its changes' own addresses, spelled as the config spells them, so
// the re-read looks no name up: it reads the repository list whole when the plan changes monitoring
// states (the patterns are judged on every repository) and not at all when it changes override
// sets only (their configurations are read again by the ids the plan's read records give). Each
// expected count is computed here from the fixture and the config document, independently of
// src/state.

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import type { Plan } from '../../src/core/plan-model.js';
import { generateFixture } from '../../src/emulator/index.js';
import { parsePlanJson } from '../../src/render/json.js';
import { useConfiguredEmulator } from '../helpers/configured-emulator.js';
import { countByRoute, runCounted, type CountedRun } from '../helpers/counted-run.js';
import { tempDir } from '../helpers/emulator.js';
import { generatedConfig, type GeneratedConfigDoc } from '../helpers/generated-org.mjs';
import { canonical, docOfChanges, emptyDoc, lowerBound, pages } from '../helpers/read-bound.js';

const byId = (key: string) => /^\d+$/.test(key);

const org = useConfiguredEmulator(
  () => generateFixture({ repos: 1000, teams: 40, boards: 1000, seed: 42 }),
  // The settings of the first 520 repositories: past the 500th, so the shared name is among them.
  (fixture) => generatedConfig(fixture, { pmTeams: 20, gitTeams: 20, settingsRepos: 520 }),
);

/** Saves the plan of `configPath`, applies it, and returns the saved plan and the requests made before the apply's first write. */
async function planAndApply(configPath: string): Promise<{ saved: Plan; reread: CountedRun['requests'] }> {
  const planFile = join(await tempDir(), 'plan.json');
  const made = await runCounted(org.emulator, ['plan', '-c', configPath, '--out', planFile, '--format', 'json']);
  expect(made.code, made.stderr).toBe(0);
  const applied = await runCounted(org.emulator, ['apply', planFile, '--auto-approve']);
  expect(applied.code, applied.stderr + applied.stdout).toBe(0);
  const firstWrite = applied.requests.findIndex((r) => r.method !== 'GET');
  expect(firstWrite).toBeGreaterThan(0);
  return { saved: parsePlanJson(made.stdout), reread: applied.requests.slice(0, firstWrite) };
}

describe('apply PLANFILE on a config writing override sets by name and by id', () => {
  it('the generated config writes override sets both ways', () => {
    const keys = Object.entries(org.doc.git.repositories).filter(([, r]) => r.settings !== undefined).map(([key]) => key);
    expect(keys.filter(byId).length).toBeGreaterThan(0);
    expect(keys.filter((k) => !byId(k)).length).toBeGreaterThan(300);
  });

  // First: it applies the override sets it writes, which the next case then finds in sync.
  it('of override sets alone re-reads their configurations by id and nothing of the repository list', async () => {
    // The override sets written by id and the first 150 written by name.
    const entries = Object.entries(org.doc.git.repositories).filter(([, r]) => r.settings !== undefined);
    const kept = [...entries.filter(([key]) => byId(key)), ...entries.filter(([key]) => !byId(key)).slice(0, 150)];
    const doc: GeneratedConfigDoc = { ...emptyDoc(org.doc), git: { defaults: {}, repositories: Object.fromEntries(kept) } };
    const configPath = join(await tempDir(), 'settings.yaml');
    await writeFile(configPath, YAML.stringify(doc), 'utf8');

    // Which of them differ from live, from the fixture: each is re-read by its repository's id.
    const idOf = new Map((org.fixture.repositories ?? []).map((r) => [r.name, r.id] as const));
    const live = new Map((org.fixture.repository_overrides ?? []).map((o) => [o.repository_id, o.settings] as const));
    const changedIds = kept
      .map(([key, entry]) => [byId(key) ? Number(key) : (idOf.get(key) ?? -1), entry] as const)
      .filter(([id, entry]) => canonical(entry.settings ?? {}) !== canonical(live.get(id) ?? {}))
      .map(([id]) => id);
    expect(changedIds.length, 'some override sets differ from live').toBeGreaterThan(40);

    const { saved, reread } = await planAndApply(configPath);
    expect(saved.changes.some((c) => c.address.startsWith('repo["'))).toBe(true);
    // The integrations list (the plan's organization check) and each changed configuration.
    expect(countByRoute(reread)).toEqual({
      'GET /api/v1/integrations': 1,
      'GET /api/v1/git/repositories/{repo_id}/config': changedIds.length,
    });
    expect(new Set(reread.filter((r) => r.path.endsWith('/config')).map((r) => r.path))).toEqual(
      new Set(changedIds.map((id) => `/api/v1/git/repositories/${id}/config`)),
    );
  });

  it('of the whole config reads each route as often as the bound of the objects it writes: the list once, no name lookup', async () => {
    const { saved, reread } = await planAndApply(org.configPath);
    // Override sets written by name and monitoring states among what the saved plan writes.
    expect(saved.changes.filter((c) => /^repo\[".*\]\.settings\./.test(c.address)).length).toBeGreaterThan(50);
    expect(saved.changes.some((c) => c.address.endsWith('.monitored'))).toBe(true);
    expect(reread.filter((r) => r.status !== 200)).toEqual([]);
    const bound = lowerBound(docOfChanges(org.doc, saved), org.fixture, saved);
    expect(countByRoute(reread)).toEqual(bound);
    // Of those, the repository list: every page once (the monitoring patterns), nothing else.
    const list = reread.filter((r) => r.path === '/api/v1/git/repositories');
    expect(list.length).toBe(pages(org.fixture.repositories?.length ?? 0, 100));
    expect(list.filter((r) => r.query.name !== undefined)).toEqual([]);
    expect(reread.length).toBe(Object.values(bound).reduce((a, b) => a + b, 0));
  });

  // Last: the organization is in sync with the generated config by now.
  it('of one override set written by a shared name with integration: re-reads that configuration alone, once', async () => {
    const shared = (org.fixture.repositories ?? []).filter((r) => r.name === 'org/service-499');
    const [mine, other] = shared;
    expect(shared.length, 'the generated organization has org/service-499 on two integrations').toBe(2);
    if (mine === undefined || other === undefined) return;
    // Both differ from live: the entry written by name (with integration:) and the one by the other id.
    const doc: GeneratedConfigDoc = {
      ...emptyDoc(org.doc),
      git: {
        defaults: {},
        repositories: {
          [mine.name]: { integration: `i${mine.integration_id}`, settings: { default_branch: { branch_name: 'release-a' } } },
          [String(other.id)]: { settings: { default_branch: { branch_name: 'release-b' } } },
        },
      },
    };
    const configPath = join(await tempDir(), 'shared-name.yaml');
    await writeFile(configPath, YAML.stringify(doc), 'utf8');
    const planFile = join(await tempDir(), 'plan.json');
    const made = await runCounted(org.emulator, ['plan', '-c', configPath, '--target', `repo[${mine.id}].settings`, '--out', planFile, '--format', 'json']);
    expect(made.code, made.stderr).toBe(0);
    const saved = parsePlanJson(made.stdout);
    // A name on two integrations is spelled by the id it resolves to.
    expect(saved.changes.map((c) => c.address)).toEqual([`repo[${mine.id}].settings.default_branch`]);

    // The configuration read that tells the target's name is the entry's configuration read too,
    // and one exact-name lookup tells which repository of that name is on the entry's integration
    // (a configuration answer names no integration). The other id's pending override set is no
    // part of the re-read.
    const applied = await runCounted(org.emulator, ['apply', planFile, '--auto-approve']);
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    const firstWrite = applied.requests.findIndex((r) => r.method !== 'GET');
    const reread = applied.requests.slice(0, firstWrite);
    expect(countByRoute(reread)).toEqual({
      'GET /api/v1/integrations': 1,
      'GET /api/v1/git/repositories': 1,
      'GET /api/v1/git/repositories/{repo_id}/config': 1,
    });
    expect(reread.find((r) => r.path === '/api/v1/git/repositories')?.query.name).toBe(mine.name);
    expect(reread.find((r) => r.path.endsWith('/config'))?.path).toBe(`/api/v1/git/repositories/${mine.id}/config`);
    expect(applied.requests.filter((r) => r.method !== 'GET').map((r) => r.path)).not.toContain(`/api/v1/git/repositories/${other.id}/config`);
  });
});
