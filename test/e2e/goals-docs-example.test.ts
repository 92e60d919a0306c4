// docs/goals.md's "fill a store" example runs as written against the page's own goals: the goals
// of the page's first YAML block in a config directory (beside the example organization's teams,
// which `teams: managed` names), each command of the example's shell block run in order against
// the emulator at a fixed "now", and the goals judged on the store (a verdict, exit 0 or 2, never
// the error of a grouping the store does not hold).

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { emctlInvocations } from '../ci/shell-words.js';
import { runEmctl } from '../helpers/cli.js';
import { TEST_KEY, acmeFixture, startTestEmulator, tempDir } from '../helpers/emulator.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PAGE = readFileSync(join(ROOT, 'docs/goals.md'), 'utf8');
const NOW = new Date('2026-11-25T12:00:00Z');

/** The first fenced block of `lang` after `from` in the page. */
function block(lang: string, from = 0): string {
  const start = PAGE.indexOf(`\`\`\`${lang}\n`, from);
  if (start < 0) throw new Error(`no ${lang} block in docs/goals.md`);
  const body = start + lang.length + 4;
  return PAGE.slice(body, PAGE.indexOf('```', body));
}

/** emctl/: the example organization's config with the page's goals in place of its own. */
function writeConfigDir(dir: string): void {
  const acme = parseDocument(readFileSync(join(ROOT, 'examples/acme/emctl.yaml'), 'utf8'));
  acme.delete('goals');
  writeFileSync(join(dir, 'emctl', 'emctl.yaml'), acme.toString());
  writeFileSync(join(dir, 'emctl', 'goals.yaml'), `version: 1\n${block('yaml')}`);
}

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator(await acmeFixture());
});
afterAll(async () => {
  await emulator?.close();
});

it('the "fill a store" example judges the page\'s own goals on the store it fills', async () => {
  const dir = await tempDir('emctl-goals-docs-');
  mkdirSync(join(dir, 'emctl'));
  writeConfigDir(dir);
  const example = emctlInvocations(block('sh', PAGE.indexOf('To fill a store')));
  expect(example.map((i) => i.args[0])).toEqual(['measurements', 'measurements', 'goals']);
  const run = (args: string[]) => runEmctl(['--base-url', emulator.url, ...args], { cwd: dir, env: { EMCTL_API_KEY: TEST_KEY }, now: NOW });
  for (const { args, line } of example.slice(0, -1)) {
    const r = await run(args);
    expect(r.code, `${line}\n${r.stderr}`).toBe(0);
  }
  const goals = await run(example.at(-1)?.args ?? []);
  expect(goals.stderr).not.toMatch(/Error/);
  expect([0, 2], goals.stderr).toContain(goals.code);
  for (const name of ['review-speed', 'weekly-merges']) expect(goals.stdout).toContain(name);

  // Without the run of the organization's grouping, the goal it serves is named, exit 1.
  const partial = await tempDir('emctl-goals-docs-partial-');
  mkdirSync(join(partial, 'emctl'));
  writeConfigDir(partial);
  const runIn = (args: string[]) => runEmctl(['--base-url', emulator.url, ...args], { cwd: partial, env: { EMCTL_API_KEY: TEST_KEY }, now: NOW });
  expect((await runIn(example[0]?.args ?? [])).code).toBe(0);
  const missing = await runIn(example.at(-1)?.args ?? []);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('Error: goal `weekly-merges`: the store holds no measurements grouped by organization (it holds team)');
});
