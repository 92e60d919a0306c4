// A name that holds the key's text is written redacted to every output (DESIGN 8), a store's
// group_name too: the team list names team 42 with the key in it, and `measurements --out
// sqlite:` writes [REDACTED] there, as the CSV of the same request shows it. The real CLI against
// the emulator; the SQLite file is read back as bytes (the key is nowhere in it).

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFixture, startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { GOALS_FIXTURE, WEDNESDAY } from '../helpers/goals-fixture.js';
import { tempDir } from '../helpers/emulator.js';
import { runEmctl } from '../helpers/cli.js';

const KEY = 'PaymentsKey4242';
let emulator: RunningEmulator;
beforeAll(async () => {
  const fixture = parseFixture(GOALS_FIXTURE.replace('{ id: 42, name: Payments }', `{ id: 42, name: "Payments ${KEY}" }`), 'fixture.yaml');
  emulator = await startEmulator({ port: 0, fixture: { ...fixture, api_keys: [KEY] } });
});
afterAll(() => emulator.close());

const REQUEST = ['measurements', '--metric', 'pr.merged', '--group-by', 'team', '--team', '42,43', '--roll-up', '1w', '--after', '2026-11-09', '--before', '2026-11-23'];

describe('a team name holding the key', () => {
  it('is written redacted to a SQLite store, as to a CSV', async () => {
    const dir = await tempDir('emctl-key-in-store-');
    const emctl = (args: string[]) => runEmctl(['--base-url', emulator.url, ...args], { env: { EMCTL_API_KEY: KEY }, now: WEDNESDAY, cwd: dir });
    const csv = await emctl([...REQUEST, '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toContain('Payments [REDACTED]');
    const stored = await emctl([...REQUEST, '--out', 'sqlite:history.db']);
    expect(stored.code, stored.stderr).toBe(0);
    const bytes = await readFile(join(dir, 'history.db'));
    expect(bytes.includes(KEY)).toBe(false);
    expect(bytes.includes('Payments [REDACTED]')).toBe(true);
  });
});
