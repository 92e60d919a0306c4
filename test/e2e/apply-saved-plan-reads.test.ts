// apply PLANFILE's re-read of repository override sets, end to end: the saved plan's read records
// name each configuration read by the repository's id, so the re-read asks for those
// configurations again by id and never for the repository list or a name lookup, although the
// config names the repositories by name. The bound is computed here from the fixture and the config
// document (which override sets differ from live), independently of src/state.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFixture } from '../../src/emulator/index.js';
import { useConfiguredEmulator } from '../helpers/configured-emulator.js';
import { countByRoute, runCounted } from '../helpers/counted-run.js';
import { canonical, emptyDoc } from '../helpers/read-bound.js';
import { tempDir } from '../helpers/emulator.js';
import { generatedConfig, type GeneratedConfigDoc } from '../helpers/generated-org.mjs';

const org = useConfiguredEmulator(
  () => generateFixture({ repos: 1000, teams: 100, boards: 2500, seed: 42 }),
  (fixture): GeneratedConfigDoc => {
    // The settings of 100 repositories, nothing else: every third gains a default branch.
    const whole = generatedConfig(fixture, { pmTeams: 0, gitTeams: 0, settingsRepos: 100 });
    return { ...emptyDoc(whole), git: { defaults: {}, repositories: whole.git.repositories } };
  },
);

describe('apply PLANFILE of override sets named by name', () => {
  it('re-reads their configurations by id: no repository list, no name lookup', async () => {
    // Which override sets differ from live, from the fixture: each is re-read, and nothing else
    // but the integrations list (the plan's organization check needs it).
    const live = new Map((org.fixture.repositories ?? []).map((r) => [r.name, r.id] as const));
    const overrides = new Map((org.fixture.repository_overrides ?? []).map((o) => [o.repository_id, o.settings] as const));
    const byName = Object.entries(org.doc.git.repositories).filter(([ref]) => !/^\d+$/.test(ref));
    const changed = byName.filter(([name, entry]) => canonical(entry.settings ?? {}) !== canonical(overrides.get(live.get(name) ?? -1) ?? {}));
    expect(changed.length, 'the config changes some override sets written by name').toBeGreaterThan(1);

    const planFile = join(await tempDir(), 'plan.json');
    const made = await runCounted(org.emulator, ['plan', '-c', org.configPath, '--out', planFile, '--format', 'json']);
    expect(made.code, made.stderr).toBe(0);
    // The plan itself looks the names up (here the list, 10 pages, is cheaper than the lookups).
    expect(made.requests.some((r) => r.path === '/api/v1/git/repositories')).toBe(true);

    const applied = await runCounted(org.emulator, ['apply', planFile, '--auto-approve']);
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    const firstWrite = applied.requests.findIndex((r) => r.method !== 'GET');
    expect(firstWrite).toBeGreaterThan(0);
    const reread = applied.requests.slice(0, firstWrite);
    expect(countByRoute(reread)).toEqual({
      'GET /api/v1/integrations': 1,
      'GET /api/v1/git/repositories/{repo_id}/config': changed.length,
    });
    // Each by the id the repository of that name has.
    const ids = new Set(changed.map(([name]) => `/api/v1/git/repositories/${live.get(name)}/config`));
    expect(new Set(reread.filter((r) => r.path.endsWith('/config')).map((r) => r.path))).toEqual(ids);
  });
});
