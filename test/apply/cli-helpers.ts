// Support for end-to-end apply tests: a fresh emulator of the example organization, a working
// directory holding the config, and the real CLI run in-process against them, as a user would
// (--base-url and the key in the environment).

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmulatorOptions, Fixture, RunningEmulator } from '../../src/emulator/index.js';
import { runEmctl, type CliResult, type RunOptions } from '../helpers/cli.js';
import { acmeFixture, against, startTestEmulator, tempDir, writeConfig } from '../helpers/emulator.js';

export interface ApplyWorld {
  emulator: RunningEmulator;
  dir: string;
  configPath: string;
  /** Runs `emctl --base-url URL ARGS` in `dir` with the key in the environment. */
  run(args: string[], options?: Omit<RunOptions, 'env' | 'cwd'>): Promise<CliResult>;
  close(): Promise<void>;
}

export async function applyWorld(
  config: string,
  opts: { fixture?: (f: Fixture) => void; emulator?: Omit<EmulatorOptions, 'fixture'> } = {},
): Promise<ApplyWorld> {
  const fixture = structuredClone(await acmeFixture());
  opts.fixture?.(fixture);
  const emulator = await startTestEmulator(fixture, opts.emulator ?? {});
  const dir = await tempDir('emctl-apply-');
  const configPath = await writeConfig(config, dir);
  const connection = against(emulator);
  return {
    emulator,
    dir,
    configPath,
    run: (args, options = {}) => runEmctl([...connection.args, ...args], { ...options, env: connection.env, cwd: dir }),
    close: () => emulator.close(),
  };
}

/** The journal path the summary printed. */
export function journalPathOf(stdout: string): string {
  const match = /^Journal: (.+)$/m.exec(stdout);
  if (!match?.[1]) throw new Error(`no journal path in:\n${stdout}`);
  return match[1];
}

/** Every line of a journal, parsed (throws on a line that is not JSON). */
export async function readJournal(path: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(path, 'utf8');
  expectEndsWithNewline(text);
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function expectEndsWithNewline(text: string): void {
  if (text.length > 0 && !text.endsWith('\n')) throw new Error('journal does not end with a complete line');
}

/** Journal files written under `<dir>/.emctl`. */
export async function journalFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(join(dir, '.emctl'))).filter((f) => f.startsWith('journal-'));
  } catch {
    return [];
  }
}

/**
 * A small config touching every kind of object on the example organization: a selection set,
 * a team's PM scope and methodology, a team's Git scope, an org default, monitoring and overrides.
 */
export const SMALL_CONFIG = `version: 1
integrations:
  tracker: { id: 10 }
collection:
  tracker:
    boards: ["101", "102", "103", "104", "105", "107"]
teams:
  42:
    pm:
      tracker:
        methodology: Scrum
        boards: ["101", "102"]
        labels: ["backend"]
    git:
      repositories: ["acme/api", "acme/payments-service"]
      services: [7, 8]
git:
  defaults:
    active_branches_duration: { days: 7 }
  repositories:
    acme/docs:
      monitored: true
    acme/web:
      settings:
        default_branch: { branch_name: develop }
`;
