// Rule keys that a backtracking matcher takes minutes or hours on (DESIGN 2.1: expansion is linear,
// whatever the key): pairs of `*?`, runs of `a*` against a name of `a`s, 200 stars, each against a
// 58-character repository name. `validate` passes them (they are valid globs that match nothing
// here) and `plan` plans them: the real CLI against the emulator. The bound is the matcher's count
// of comparisons (test/core/glob-match.test.ts); the timeout here is a hang guard only.

import { describe, expect, it } from 'vitest';
import { writeConfig, tempDir } from '../helpers/emulator.js';
import { emctlAgainst, fixtureEmulator } from '../helpers/measure-e2e.js';
import { gitOrganization, repository } from '../helpers/measure-fixture.js';

const LONG = 'acme/payments-service-with-a-rather-long-name-for-a-test-x';
const AS = `acme/${'a'.repeat(60)}`;
const emulator = fixtureEmulator(gitOrganization({ repositories: [repository(1234, LONG), repository(1235, AS)], contributors: [], pullRequests: [] }));

const KEYS = [`acme/${'*?'.repeat(12)}#`, `acme/${'a*'.repeat(10)}b`, `acme/${'*'.repeat(200)}#`];

const config = (keys: readonly string[]) => `version: 1
git:
  repositories:
${keys.map((key) => `    ${JSON.stringify(key)}:\n      settings: { exclude_branches: { patterns: ["^dependabot/"] } }\n`).join('')}`;

describe('hostile rule keys', () => {
  it('validate passes them and plan plans them, each a rule that matches nothing', { timeout: 60_000 }, async () => {
    const path = await writeConfig(config(KEYS), await tempDir('emctl-rule-keys-'));
    const validated = await emctlAgainst(emulator, ['validate', '-c', path]);
    expect(validated.code, validated.stderr).toBe(0);
    const planned = await emctlAgainst(emulator, ['plan', '-c', path]);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toContain('No changes');
    for (const key of KEYS) expect(`${planned.stdout}${planned.stderr}`).toContain(key);
  });

  it('a key of the same kind that matches is expanded like any rule', { timeout: 60_000 }, async () => {
    const key = `acme/${'a*'.repeat(10)}`;
    const path = await writeConfig(config([key]), await tempDir('emctl-rule-keys-'));
    const planned = await emctlAgainst(emulator, ['plan', '-c', path]);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toContain(`+ repo["${AS}"].settings.exclude_branches  (rule "${key}")`);
    expect(planned.stdout).toContain('Plan: 1 to add, 0 to change, 0 to remove');
  });
});
