// --target / --exclude reach a repository whichever way the config spells it: `repo[ID]` on a
// repository the config writes by name, `repo["NAME"]` on one it writes by id. The other spelling
// is found with one configuration read or one name lookup (whose answers the read then uses), never
// the whole repository list: the request log is compared with the lower bound of the read rule
// (test/helpers/read-bound.ts), counted by the emulator.

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { generateFixture, type Fixture, type RunningEmulator } from '../../src/emulator/index.js';
import { parsePlanJson } from '../../src/render/json.js';
import { countByRoute, runCounted } from '../helpers/counted-run.js';
import { emptyDoc, lowerBound } from '../helpers/read-bound.js';
import { startTestEmulator, tempDir } from '../helpers/emulator.js';
import { generatedConfig, type GeneratedConfigDoc } from '../helpers/generated-org.mjs';

let emulator: RunningEmulator;
let fixture: Fixture;
let doc: GeneratedConfigDoc;
let byNamePath: string;
let byIdPath: string;
/** A repository whose settings the config changes, written by name in `doc`. */
let repo: { id: number; name: string };
let byIdDoc: GeneratedConfigDoc;

beforeAll(async () => {
  fixture = generateFixture({ repos: 1000, teams: 100, boards: 2500, seed: 42 });
  emulator = await startTestEmulator(fixture);
  doc = generatedConfig(fixture, { pmTeams: 20, gitTeams: 20, settingsRepos: 60 });
  // The first repository written by name whose override set the plan changes (every third one
  // gets a default branch).
  const repos = fixture.repositories ?? [];
  const found = repos.find((r) => {
    const settings = doc.git.repositories[r.name]?.settings as { default_branch?: unknown } | undefined;
    return settings?.default_branch !== undefined && !(fixture.repository_overrides ?? []).some((o) => o.repository_id === r.id && 'default_branch' in o.settings);
  });
  if (!found) throw new Error('the generated config has no repository written by name with a changed override set');
  repo = { id: found.id, name: found.name };
  const dir = await tempDir();
  byNamePath = join(dir, 'by-name.yaml');
  await writeFile(byNamePath, YAML.stringify(doc), 'utf8');
  // The same config with that repository written by id.
  byIdDoc = structuredClone(doc);
  const entry = byIdDoc.git.repositories[repo.name];
  delete byIdDoc.git.repositories[repo.name];
  byIdDoc.git.repositories[String(repo.id)] = entry as NonNullable<typeof entry>;
  byIdPath = join(dir, 'by-id.yaml');
  await writeFile(byIdPath, YAML.stringify(byIdDoc), 'utf8');
});
afterAll(async () => {
  await emulator.close();
});



const LIST = 'GET /api/v1/git/repositories';

describe('a repository addressed the other way than the config writes it', () => {
  it('--target repo[ID] on a repository written by name plans its changes, reading what the name would', async () => {
    const name = JSON.stringify(repo.name);
    const byName = await runCounted(emulator, ['plan', '-c', byNamePath, '--target', `repo[${name}]`, '--format', 'json']);
    expect(byName.code, byName.stderr).toBe(0);
    const byId = await runCounted(emulator, ['plan', '-c', byNamePath, '--target', `repo[${repo.id}]`, '--format', 'json']);
    expect(byId.code, byId.stderr).toBe(0);
    const plan = parsePlanJson(byId.stdout);
    expect(plan.changes.map((c) => c.address)).toContain(`repo[${name}].settings.default_branch`);
    expect(plan.changes.every((c) => c.address.startsWith(`repo[${name}].`))).toBe(true);
    expect(plan.changes).toEqual(parsePlanJson(byName.stdout).changes);
    expect(plan.warnings.map((w) => w.message).join('\n')).not.toContain('matches no pending change');
    // The bound: that repository's override set and the monitoring patterns judged for it alone
    // (one name lookup, counted by the bound, and one count of the monitored repositories). The
    // configuration read that told its name is the configuration read of its override set.
    const narrowed = emptyDoc(doc);
    narrowed.git.repositories[repo.name] = { settings: doc.git.repositories[repo.name]?.settings ?? {} };
    const bound = lowerBound(narrowed, fixture, plan);
    bound[LIST] = (bound[LIST] ?? 0) + 1;
    expect(countByRoute(byId.requests)).toEqual(bound);
    expect(byId.requests.length).toBe(4);
    expect(countByRoute(byId.requests)).toEqual(countByRoute(byName.requests));
    expect(byId.requests.filter((r) => r.method !== 'GET' || r.status !== 200)).toEqual([]);

    // Its settings alone: the configuration read and the name lookup.
    const settings = await runCounted(emulator, ['plan', '-c', byNamePath, '--target', `repo[${repo.id}].settings`, '--format', 'json']);
    expect(settings.code, settings.stderr).toBe(0);
    expect(parsePlanJson(settings.stdout).changes.map((c) => c.address)).toContain(`repo[${name}].settings.default_branch`);
    expect(countByRoute(settings.requests)).toEqual(lowerBound(narrowed, fixture, parsePlanJson(settings.stdout)));
    expect(settings.requests.length).toBe(3);
  });

  it('--target repo["NAME"] on a repository written by id plans its changes, reading it by name, not the whole list', async () => {
    const result = await runCounted(emulator, ['plan', '-c', byIdPath, '--target', `repo[${JSON.stringify(repo.name)}]`, '--format', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const plan = parsePlanJson(result.stdout);
    expect(plan.changes.map((c) => c.address)).toContain(`repo[${repo.id}].settings.default_branch`);
    // Its monitoring state comes from the patterns, not from its entry: addressed by name.
    const own = [`repo[${repo.id}].`, `repo[${JSON.stringify(repo.name)}].`];
    expect(plan.changes.filter((c) => !own.some((p) => c.address.startsWith(p)))).toEqual([]);
    // The bound of the read rule for a repository named by name: integrations, its exact-name
    // lookup (which also told its id), the count of monitored repositories, its configuration.
    // lowerBound() would read the whole list for a repository written by id: the point is that
    // the name in the address makes that unnecessary.
    expect(countByRoute(result.requests)).toEqual({
      'GET /api/v1/integrations': 1,
      [LIST]: 2,
      'GET /api/v1/git/repositories/{repo_id}/config': 1,
    });
    const lookups = result.requests.filter((r) => r.path === '/api/v1/git/repositories');
    expect(lookups.map((r) => r.query.name ?? r.query.state).sort()).toEqual(['monitored,failing', repo.name].sort());
  });

  it('--exclude of the other spelling leaves the repository out', async () => {
    const name = JSON.stringify(repo.name);
    const a = await runCounted(emulator, ['plan', '-c', byNamePath, '--target', `repo[${name}]`, '--exclude', `repo[${repo.id}].settings`, '--format', 'json']);
    expect(a.code, a.stderr).toBe(0);
    expect(parsePlanJson(a.stdout).changes.filter((c) => c.address.includes('.settings.'))).toEqual([]);
    const b = await runCounted(emulator, ['plan', '-c', byIdPath, '--target', `repo[${repo.id}]`, '--exclude', `repo[${name}].settings`, '--format', 'json']);
    expect(b.code, b.stderr).toBe(0);
    expect(parsePlanJson(b.stdout).changes.filter((c) => c.address.includes('.settings.'))).toEqual([]);
  });

  it('repo[ID] of no repository: exit 1, the closest addresses, and no repository list read', async () => {
    const missing = Math.max(...(fixture.repositories ?? []).map((r) => r.id)) + 1000;
    const result = await runCounted(emulator, ['plan', '-c', byNamePath, '--target', `repo[${missing}]`]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('matches nothing in the config or the live state');
    expect(result.stderr).toContain(`--target repo[${missing}]: closest:`);
    expect(countByRoute(result.requests)).toEqual({ 'GET /api/v1/integrations': 1, 'GET /api/v1/git/repositories/{repo_id}/config': 1 });
  });
});
