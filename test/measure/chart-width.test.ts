// `--format chart` fits the terminal: $COLUMNS when set, else the width of stdout when it is a
// terminal (shells do not export COLUMNS, so that is the usual case), else 80. Run through the real
// CLI (runCli with a stdout that reports its columns, as Node's TTY stream does) over real HTTP.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { terminalWidth } from '../../src/output/terminal.js';
import { parseFixture, type RunningEmulator } from '../../src/emulator/index.js';
import { against, startTestEmulator } from '../helpers/emulator.js';

const FIXTURE = `organization: { id: 1, name: Acme }
api_keys: [dev-key]
integrations:
  - { id: 20, type: git, provider: host_a, name: Code, state: ok, auth_type: app }
repositories:
  - { id: 1234, provider_id: R1, name: acme/api, integration_id: 20, state: monitored }
activity:
  contributors: [{ id: 501, name: Ana }]
  pull_requests:
    - { id: 1, repository_id: 1234, author_id: 501, branch: f/1, first_commit_at: "2026-09-01T00:00:00Z", opened_at: "2026-09-01T01:00:00Z", merged_at: "2026-09-02T00:00:00Z" }
    - { id: 2, repository_id: 1234, author_id: 501, branch: f/2, first_commit_at: "2026-09-08T00:00:00Z", opened_at: "2026-09-08T01:00:00Z", merged_at: "2026-09-09T00:00:00Z" }
    - { id: 3, repository_id: 1234, author_id: 501, branch: f/3, first_commit_at: "2026-09-08T00:00:00Z", opened_at: "2026-09-08T01:00:00Z", merged_at: "2026-09-10T00:00:00Z" }
`;

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator(parseFixture(FIXTURE, 'fixture.yaml'));
});
afterAll(async () => {
  await emulator.close();
});

/** The widest row of the plot, run with a stdout of `columns` (a terminal when `tty`). */
async function chartWidth(options: { tty: boolean; columns?: number; env?: Record<string, string> }): Promise<number> {
  const a = against(emulator);
  let stdout = '';
  const code = await runCli([...a.args, 'measurements', '--metric', 'pr.merged', '--after', '2026-09-01', '--before', '2026-09-15', '--roll-up', '1w', '--format', 'chart'], {
    stdout: { write: (s: string) => (stdout += s), isTTY: options.tty, ...(options.columns === undefined ? {} : { columns: options.columns }) } as never,
    stderr: { write: () => true, isTTY: false },
    stdin: { isTTY: false },
    env: { NO_COLOR: '1', ...a.env, ...options.env },
    cwd: process.cwd(),
  });
  expect(code).toBe(0);
  // The plot's rows and its x axis, which runs the plot's whole width (the title line above the
  // chart is as long as its words).
  return Math.max(...stdout.split('\n').filter((line) => /[┤┼└]/.test(line)).map((line) => [...line].length));
}

// The plot keeps the last column free (a line that fills the terminal wraps on some of them).
describe('chart width', () => {
  it("a terminal's own columns", async () => {
    expect(await chartWidth({ tty: true, columns: 60 })).toBe(60 - 1);
    expect(await chartWidth({ tty: true, columns: 120 })).toBe(120 - 1);
  });

  it('$COLUMNS wins; no terminal and no $COLUMNS is 80', async () => {
    expect(await chartWidth({ tty: true, columns: 120, env: { COLUMNS: '70' } })).toBe(70 - 1);
    expect(await chartWidth({ tty: false, columns: 120 })).toBe(80 - 1);
  });

  it('terminalWidth ignores nonsense', () => {
    expect(terminalWidth({ env: { COLUMNS: 'wide' }, stdout: { write: () => true, isTTY: false } })).toBeUndefined();
    expect(terminalWidth({ env: {}, stdout: { write: () => true, isTTY: true, columns: 0 } as never })).toBeUndefined();
  });
});
