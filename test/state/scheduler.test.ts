// ReadScheduler: routes side by side, a cap per route, nothing new after a failure.

import { describe, expect, it } from 'vitest';
import { ReadAborted, ReadScheduler, allOrFirstFailure } from '../../src/state/scheduler.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('ReadScheduler', () => {
  it('caps reads in flight per route, while other routes still run', async () => {
    const scheduler = new ReadScheduler(2);
    const inFlight: Record<string, number> = { a: 0, b: 0 };
    const peak: Record<string, number> = { a: 0, b: 0 };
    const task = (route: 'a' | 'b') => async () => {
      inFlight[route]! += 1;
      peak[route] = Math.max(peak[route]!, inFlight[route]!);
      await tick();
      inFlight[route]! -= 1;
      return route;
    };
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => scheduler.run('a', task('a'))),
      ...Array.from({ length: 3 }, () => scheduler.run('b', task('b'))),
    ]);
    expect(results.filter((r) => r === 'a')).toHaveLength(6);
    expect(peak).toEqual({ a: 2, b: 2 });
  });

  it('starts nothing after a failure and reports the first real cause', async () => {
    const scheduler = new ReadScheduler(1);
    let started = 0;
    const ok = () => scheduler.run('r', async () => {
      started += 1;
      await tick();
      return 1;
    });
    const failing = scheduler.run('r', async () => {
      started += 1;
      throw new Error('boom: 500 on GET /x');
    });
    const rest = [ok(), ok(), ok()];
    await expect(allOrFirstFailure([failing, ...rest])).rejects.toThrow('boom: 500 on GET /x');
    expect(started).toBe(1);
    await expect(rest[0]).rejects.toBeInstanceOf(ReadAborted);
    expect(scheduler.failed).toBe(true);
  });
});
