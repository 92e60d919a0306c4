// `emulator --state` into a directory that does not exist yet (issue 18 item 11): the directory is
// made at start and changes are saved; where it cannot be made, the start fails. Before, the
// server started and refused every change with 503 "retry later".

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { call, startTestEmulator } from '../emulator/helpers.js';

describe('emulator --state in a missing directory', () => {
  test('the directory is made at start, and a change is saved there', async () => {
    const statePath = join(await mkdtemp(join(tmpdir(), 'emctl-state-')), 'not', 'yet', 'state.json');
    const own = await startTestEmulator({ statePath });
    try {
      const r = await call(own, 'PUT', '/api/v1/git/config/teams/42/scope', { body: { repository_ids: [1201] } });
      expect(r.status).toBe(200);
      expect(existsSync(statePath)).toBe(true);
      expect(readFileSync(statePath, 'utf8')).toContain('1201');
    } finally {
      await own.close();
    }
  });

  test('a directory that cannot be made (a file is in the way) fails the start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emctl-state-'));
    writeFileSync(join(dir, 'file'), 'x');
    await expect(startTestEmulator({ statePath: join(dir, 'file', 'state.json') })).rejects.toThrow(/ENOTDIR|EEXIST/);
  });
});
