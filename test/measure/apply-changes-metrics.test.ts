// Settings shape the numbers (DESIGN.md §6.2): `emctl apply` of a config that changes the
// organization's exclude_branches and a repository's exclude_branches / exclude_base_branches
// changes what `emctl measurements` reports next, through the real CLI over real HTTP.
//
//   PR    repo      branch           base        merged
//   9001  acme/api  feature/a        main        09-02
//   9002  acme/api  dependabot/x     main        09-03
//   9003  acme/api  renovate/y       main        09-04
//   9004  acme/web  feature/b        release/1   09-05
//   9005  acme/web  experiment/z     main        09-06
//
// Before: the organization excludes ^dependabot/ -> api counts 9001, 9003 (2); web 9004, 9005 (2).
// Apply 1: organization ^dependabot/, ^renovate/; web overrides exclude_branches ^experiment/ and
//   exclude_base_branches ^release/ -> api 9001 (1); web nothing (no row).
// Apply 2: api overrides exclude_branches with an empty list (an override wins even when empty)
//   -> api 9001, 9002, 9003 (3); web still nothing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFixture, type RunningEmulator } from '../../src/emulator/index.js';
import { runEmctl } from '../helpers/cli.js';
import { EXCLUSIONS_APPLY, EXCLUSIONS_FIXTURE } from '../helpers/exclusions-fixture.js';
import { against, startTestEmulator, tempDir, writeConfig } from '../helpers/emulator.js';

const FIXTURE = EXCLUSIONS_FIXTURE;
const APPLY_1 = EXCLUSIONS_APPLY;

const APPLY_2 = `${APPLY_1}    acme/api:
      settings:
        exclude_branches: { patterns: [] }
`;

let emulator: RunningEmulator;
let dir: string;

async function emctl(args: string[]) {
  const a = against(emulator);
  return runEmctl([...a.args, ...args], { env: a.env, cwd: dir });
}

async function mergedByRepository(): Promise<string> {
  const r = await emctl(['measurements', '--metric', 'pr.merged', '--group-by', 'repository', '--repository', '1234,1235', '--after', '2026-09-01', '--before', '2026-09-15', '--format', 'csv']);
  expect(r.stderr).not.toMatch(/error/i);
  expect(r.code).toBe(0);
  return r.stdout;
}

async function apply(config: string): Promise<void> {
  const path = await writeConfig(config, await tempDir('emctl-measure-apply-'));
  const r = await emctl(['apply', '-c', path, '--auto-approve']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
}

beforeAll(async () => {
  emulator = await startTestEmulator(parseFixture(FIXTURE, 'fixture.yaml'));
  dir = await tempDir('emctl-measure-apply-');
});
afterAll(async () => {
  await emulator.close();
});

describe('an apply that changes branch exclusions changes the metrics', () => {
  it('organization default, repository overrides (branch and base branch), an empty override', async () => {
    const header = 'after,before,repository_id,repository_name,pr.merged';
    expect(await mergedByRepository()).toBe(`${header}\n2026-09-01,2026-09-15,1234,acme/api,2\n2026-09-01,2026-09-15,1235,acme/web,2\n`);
    await apply(APPLY_1);
    // acme/web was asked for: it stays, with no value (DESIGN 6.1).
    expect(await mergedByRepository()).toBe(`${header}\n2026-09-01,2026-09-15,1234,acme/api,1\n2026-09-01,2026-09-15,1235,acme/web,\n`);
    await apply(APPLY_2);
    expect(await mergedByRepository()).toBe(`${header}\n2026-09-01,2026-09-15,1234,acme/api,3\n2026-09-01,2026-09-15,1235,acme/web,\n`);
  });
});
