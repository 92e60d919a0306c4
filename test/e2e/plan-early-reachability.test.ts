// The reachability re-read (entity lists read again without unreachable entities, for a plan whose
// writes name their entities) goes out as soon as the PM part of the live state is in, while the
// repository configurations are still being read, not after the whole plan is built. Proven by
// order, not by time: a proxy in front of the emulator holds the first repository configuration
// answer until that re-read has arrived. Were the re-read to wait for the plan, it would wait for
// that answer, which the proxy would release only at its deadline, with the flag unset.

import { describe, expect, it } from 'vitest';
import { generateFixture } from '../../src/emulator/index.js';
import { parsePlanJson } from '../../src/render/json.js';
import { runEmctl } from '../helpers/cli.js';
import { useConfiguredEmulator } from '../helpers/configured-emulator.js';
import { apiRequests, TEST_KEY } from '../helpers/emulator.js';
import { generatedConfig } from '../helpers/generated-org.mjs';
import { startProxy } from '../helpers/proxy.js';

const CONFIG_READ = /^\/api\/v1\/git\/repositories\/\d+\/config$/;

/** Holds the first configuration answer until a reachability re-read (an entity list without include_invalid) arrives. */
async function holdingProxy(target: string, deadlineMs: number) {
  let reachabilitySeen = false;
  let releasedEarly = false;
  let holding = false;
  const held: (() => void)[] = [];
  const release = () => {
    for (const go of held.splice(0)) go();
  };
  const timer = setTimeout(release, deadlineMs);
  const proxy = await startProxy(target, async (request) => {
    const url = new URL(request.url, 'http://proxy');
    if (url.pathname.startsWith('/api/v2/pm/entities/') && url.searchParams.get('include_invalid') !== 'true' && url.searchParams.get('is_selected_for_collection') !== 'true') {
      if (!reachabilitySeen) releasedEarly = held.length > 0;
      reachabilitySeen = true;
      release();
    }
    const answer = await request.forward();
    // One answer held: the other calls keep their slots of --concurrency and go on.
    if (CONFIG_READ.test(url.pathname) && !reachabilitySeen && !holding) {
      holding = true;
      held.push(() => request.reply(answer));
    } else request.reply(answer);
  });
  return {
    url: proxy.url,
    /** The re-read arrived while configuration answers were still held. */
    overlapped: () => reachabilitySeen && releasedEarly,
    close: () => {
      clearTimeout(timer);
      release();
      return proxy.close();
    },
  };
}

const org = useConfiguredEmulator(
  () => generateFixture({ repos: 200, teams: 20, boards: 300, seed: 42 }),
  (fixture) => generatedConfig(fixture, { pmTeams: 10, gitTeams: 5, settingsRepos: 20 }),
);

describe('the reachability re-read', () => {
  it('goes out while repository configurations are still unanswered, and the plan is the same', async () => {
    const env = { EMCTL_API_KEY: TEST_KEY };
    const direct = await runEmctl(['plan', '-c', org.configPath, '--base-url', org.emulator.url, '--rate-limit', '0', '--format', 'json'], { env });
    expect(direct.code, direct.stderr).toBe(0);
    const directRequests = await apiRequests(org.emulator.url);
    // The plan's writes name boards, so the re-read is part of this plan.
    const reachability = directRequests.filter((r) => r.path.startsWith('/api/v2/pm/entities/') && r.query.include_invalid !== 'true' && r.query.is_selected_for_collection !== 'true');
    expect(reachability.length).toBeGreaterThan(0);

    // The deadline only ends a wrong implementation's wait (it would re-read after every answer):
    // a hang guard well above what a loaded machine needs, not a speed check.
    const proxy = await holdingProxy(org.emulator.url, 120_000);
    try {
      const viaProxy = await runEmctl(['plan', '-c', org.configPath, '--base-url', proxy.url, '--rate-limit', '0', '--format', 'json'], { env });
      expect(viaProxy.code, viaProxy.stderr).toBe(0);
      expect(proxy.overlapped()).toBe(true);
      const a = parsePlanJson(direct.stdout);
      const b = parsePlanJson(viaProxy.stdout);
      expect(b.changes).toEqual(a.changes);
      expect(b.operations).toEqual(a.operations);
      expect(b.errors).toEqual(a.errors);
      // No call more than the plan made directly.
      expect((await apiRequests(org.emulator.url)).length - directRequests.length).toBe(directRequests.length);
    } finally {
      await proxy.close();
    }
  });
});
