// Apply's check compares the whole object it wrote (DESIGN 3), not only the keys this run wrote:
// a key of a written object that someone else changes during the apply is named, exit 1. Here a
// proxy in front of the emulator lets emctl's PM scope write through, then, before answering it,
// changes the labels of the same team scope (as another user would), so emctl's check finds them.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { runEmctl } from '../helpers/cli.js';
import { team42OnTracker } from '../helpers/acme-configs.js';
import { acmeFixture, against, startTestEmulator, tempDir, TEST_KEY, writeConfig } from '../helpers/emulator.js';
import { startProxy, type RecordingProxy } from '../helpers/proxy.js';

const CONFIG = team42OnTracker('methodology: Scrum', 'boards: ["101", "102"]', 'labels: [backend]');

/** Forwards everything; after the first PM scope write is answered, someone else changes team 42's labels, then emctl gets its answer. */
async function meddlingProxy(target: string): Promise<RecordingProxy & { meddled: () => boolean }> {
  const other = new EmClient({ baseUrl: target, apiKey: TEST_KEY, rateLimit: 0 });
  let meddled = false;
  const proxy = await startProxy(target, async (request) => {
    const answer = await request.forward();
    if (!meddled && request.method !== 'GET' && request.url.startsWith('/api/v1/pm/config/teams/scope')) {
      meddled = true;
      await other.patchTeamPmScopes({ teams: [{ team_id: 42, items: [{ integration_id: 10, scope: { labels: [{ name: 'frontend' }] } }] }] });
    }
    request.reply(answer);
  });
  return { ...proxy, meddled: () => meddled };
}

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator(await acmeFixture());
});
afterAll(async () => {
  await emulator?.close();
});

describe("apply's check compares whole objects", () => {
  it('names a key of a written object that someone else changed during the apply, exit 1', async () => {
    const proxy = await meddlingProxy(emulator.url);
    try {
      const dir = await tempDir('emctl-meddled-');
      await writeConfig(CONFIG, dir);
      const connection = { ...against(emulator), args: ['--base-url', proxy.url] };
      const r = await runEmctl([...connection.args, 'apply', '--auto-approve'], { env: connection.env, cwd: dir });
      expect(proxy.meddled()).toBe(true);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('team[42].pm.tracker.boards');
      expect(r.stderr).toContain('not match the config when read back');
      expect(r.stderr).toContain('team[42].pm.tracker.labels changed during the apply (this run did not write it)');
      expect(r.stderr).not.toContain('team[42].pm.tracker.boards: does not match');
    } finally {
      await proxy.close();
    }
  }, 60_000);
});
