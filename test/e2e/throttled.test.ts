// A service whose real limit is below emctl's --rate-limit: the run slows down and succeeds,
// saying once on stderr that it was asked to. Time-compressed: the emulator allows 400 calls a
// minute per route (a bucket of 400), emctl paces at 6,000; the plan reads 450 repository
// configurations on one route, so the last few dozen of them meet a 429 (Retry-After of a second
// or so): the first is taken as a bucket out of step, the next halves the route's pace.

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { generateFixture, type RunningEmulator } from '../../src/emulator/index.js';
import { runEmctl } from '../helpers/cli.js';
import { against, apiRequests, startTestEmulator, tempDir, TEST_KEY } from '../helpers/emulator.js';
import { generatedConfig } from '../helpers/generated-org.mjs';

let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  const fixture = { ...generateFixture({ repos: 1000, teams: 20, boards: 40, seed: 3 }), api_keys: [TEST_KEY] };
  emulator = await startTestEmulator(fixture, { rateLimit: 400 });
  dir = await tempDir('emctl-throttled-');
  await writeFile(join(dir, 'emctl.yaml'), YAML.stringify(generatedConfig(fixture, { pmTeams: 5, gitTeams: 5, settingsRepos: 450 })));
});

afterAll(async () => {
  await emulator?.close();
});

describe('a service limit below --rate-limit', () => {
  it('slows down and applies everything, saying so once on stderr', async () => {
    const connection = against(emulator);
    const r = await runEmctl([...connection.args, '--rate-limit', '6000', 'apply', '-c', 'emctl.yaml', '--auto-approve'], { env: connection.env, cwd: dir });
    expect(r.stderr.match(/the service asked emctl to slow down/g)).toHaveLength(1);
    expect(r.stderr).toMatch(/^Note: the service asked emctl to slow down \(HTTP 429 on GET \/api\/v1\/git\/repositories\/\{repo_id\}\/config\); that route now goes at \d+ calls a minute and the run goes on/m);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Applied \d+, rejected 0, skipped 0\.$/m);
    const requests = await apiRequests(emulator.url);
    expect(requests.filter((q) => q.status === 429).length).toBeGreaterThan(0);
  }, 240_000);
});
