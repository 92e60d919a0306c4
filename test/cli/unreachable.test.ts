// A service that cannot be reached, through the real CLI: the error names the address and what to
// check, a refused connection is retried with short waits (bounded), a host that does not resolve
// is not retried, and the key never shows.

import { describe, expect, it } from 'vitest';
import { backoffMs, refusedBeforeAnswerPolicy } from '../../src/api/retry.js';

/** The client's default retry policy (client-options.ts: 5 tries, 1 s base, 30 s ceiling). */
const DEFAULT_RETRY = { maxTries: 5, baseMs: 1000, maxMs: 30_000 };
import { ACME_IN_SYNC } from '../helpers/acme-configs.js';
import { runEmctl } from '../helpers/cli.js';
import { unusedPort } from '../helpers/unused-port.js';
import { TEST_KEY, writeConfig } from '../helpers/emulator.js';

const env = { EMCTL_API_KEY: TEST_KEY };

describe('a service that cannot be reached', () => {
  it('refused: five tries within about 1.5 s of waiting, then one error naming the URL (exit 1)', async () => {
    const port = await unusedPort();
    const config = await writeConfig(ACME_IN_SYNC);
    const r = await runEmctl(['plan', '-c', config, '--base-url', `http://127.0.0.1:${port}`, '-v'], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      `GET /api/v1/integrations failed: could not reach the service at http://127.0.0.1:${port}/ (connection refused, after 5 tries); is it running? check --base-url or EMCTL_BASE_URL`,
    );
    // -v: one line per try, the last one the fifth.
    const tries = r.stderr.split('\n').filter((l) => /^GET \/api\/v1\/integrations\S* error \d+ms/.test(l));
    expect(tries).toHaveLength(5);
    expect(tries[4]).toMatch(/\(try 5\)$/);
    // The waits between those tries are bounded at 1.5 s in all, far below the normal backoff: the
    // policy's worst case (jitter at its top), computed, not timed (no wall-clock bound here).
    const policy = refusedBeforeAnswerPolicy(DEFAULT_RETRY);
    const worst = (p: typeof policy) => [1, 2, 3, 4].reduce((sum, failed) => sum + backoffMs(failed, p, () => 0.999999), 0);
    expect(worst(policy)).toBeLessThanOrEqual(1500);
    expect(worst(DEFAULT_RETRY)).toBeGreaterThan(5 * worst(policy));
    expect(r.stdout + r.stderr).not.toContain(TEST_KEY);
  });

  it('the same from drift and export: the message names the URL', async () => {
    const port = await unusedPort();
    const config = await writeConfig(ACME_IN_SYNC);
    for (const args of [['drift', '-c', config], ['export']]) {
      const r = await runEmctl([...args, '--base-url', `http://127.0.0.1:${port}`], { env });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`could not reach the service at http://127.0.0.1:${port}/ (connection refused, after 5 tries); is it running?`);
      expect(r.stdout + r.stderr).not.toContain(TEST_KEY);
    }
  });

  it('host not found: the host is named, and it is not retried', async () => {
    const config = await writeConfig(ACME_IN_SYNC);
    const r = await runEmctl(['plan', '-c', config, '--base-url', 'https://emctl-test.invalid', '-v'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'GET /api/v1/integrations failed: could not reach the service at https://emctl-test.invalid/ (host not found: emctl-test.invalid); check --base-url or EMCTL_BASE_URL',
    );
    expect(r.stderr.split('\n').filter((l) => / error \d+ms/.test(l))).toHaveLength(1);
    expect(r.stdout + r.stderr).not.toContain(TEST_KEY);
  });
});
