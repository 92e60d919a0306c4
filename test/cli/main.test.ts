import { describe, expect, it } from 'vitest';
import { runEmctl } from '../helpers/cli.js';

describe('emctl', () => {
  it('prints help and exits 0', async () => {
    const r = await runEmctl(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: emctl');
  });

  it('refuses an unknown command with exit 1', async () => {
    const r = await runEmctl(['frobnicate']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/unknown command|too many arguments/);
  });
});
