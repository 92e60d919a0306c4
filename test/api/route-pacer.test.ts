// RoutePacer on a fake clock: tokens, Retry-After pauses and the slow-down on 429.

import { describe, expect, it } from 'vitest';
import { RoutePacer, THROTTLED_FLOOR_PER_MINUTE } from '../../src/api/pacing.js';

function pacer(ratePerMinute: number, burst?: number) {
  let now = 0;
  const p = new RoutePacer({ ratePerMinute, ...(burst === undefined ? {} : { burst }), now: () => now });
  return { p, advance: (ms: number) => (now += ms) };
}

describe('RoutePacer', () => {
  it('hands out a full bucket, then one token per interval', () => {
    const { p, advance } = pacer(60, 2);
    expect(p.waitFor('r')).toBe(0);
    p.take('r');
    p.take('r');
    expect(p.waitFor('r')).toBe(1000);
    advance(400);
    expect(p.waitFor('r')).toBe(600);
    advance(600);
    expect(p.waitFor('r')).toBe(0);
  });

  it('halves a route on 429 once per episode, empties and shrinks its bucket, and never goes below the floor', () => {
    const { p } = pacer(60);
    const early = p.stamp();
    const late = p.stamp();
    expect(p.slowDown('r', late)).toBe(30);
    expect(p.slowDown('r', early)).toBeUndefined(); // sent before the slow-down: the same episode
    expect(p.waitFor('r')).toBe(2000);
    expect(p.waitFor('other')).toBe(0);
    let rate = 30;
    for (let i = 0; i < 10; i++) rate = p.slowDown('r', p.stamp()) ?? rate;
    expect(rate).toBe(THROTTLED_FLOOR_PER_MINUTE);
    expect(p.rateOf('r')).toBe(THROTTLED_FLOOR_PER_MINUTE);
  });

  it('paces a route with pacing off only after its first 429, at 60 a minute', () => {
    const { p } = pacer(0);
    expect(p.waitFor('r')).toBe(0);
    expect(p.slowDown('r', p.stamp())).toBe(60);
    expect(p.waitFor('r')).toBe(1000);
    expect(p.waitFor('other')).toBe(0);
  });

  it('holds a paused route until the pause ends', () => {
    const { p, advance } = pacer(0);
    p.pause('r', 1500);
    expect(p.waitFor('r')).toBe(1500);
    advance(1500);
    expect(p.waitFor('r')).toBe(0);
  });
});
