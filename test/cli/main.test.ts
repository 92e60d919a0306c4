import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lineReader } from '../../src/cli/io.js';
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

// The prompt reader of the emctl executable must let go of stdin when closed, or a process that
// asked "Apply these changes?" would never exit after applying them.
describe('lineReader', () => {
  it('reads lines on demand and releases the stream when closed', async () => {
    const input = new PassThrough();
    const reader = lineReader(input);
    expect(input.listenerCount('data')).toBe(0); // nothing read before the first prompt
    input.write('yes\nno\n');
    expect(await reader.readLine()).toBe('yes');
    expect(await reader.readLine()).toBe('no');
    expect(input.listenerCount('data')).toBeGreaterThan(0);
    reader.close();
    expect(input.listenerCount('data')).toBe(0);
    expect(input.isPaused()).toBe(true);
    expect(await reader.readLine()).toBeUndefined();
  });

  it('reports end of input as undefined', async () => {
    const input = new PassThrough();
    const reader = lineReader(input);
    input.end('');
    expect(await reader.readLine()).toBeUndefined();
    reader.close();
  });
});
