// RoutePacer on a fake clock: tokens, Retry-After pauses, the slow-down on 429 and the climb back.

import { describe, expect, it } from 'vitest';
import { RECOVERY_STEP, RoutePacer, THROTTLED_FLOOR_PER_MINUTE } from '../../src/api/pacing.js';
import { FakeClock } from '../helpers/fake-clock.js';

function pacer(ratePerMinute: number, burst?: number) {
  const clock = new FakeClock(0);
  const p = new RoutePacer({ ratePerMinute, ...(burst === undefined ? {} : { burst }), clock });
  return { p, advance: (ms: number) => clock.advance(ms) };
}

/** Spends a route's one 429 at the configured pace that does not halve it. */
function forgive(p: RoutePacer, route = 'r'): void {
  expect(p.slowDown(route, p.stamp())).toBeUndefined();
}

describe('RoutePacer', () => {
  it('hands out a full bucket but one token (the margin), then one token per interval', () => {
    const { p, advance } = pacer(60, 3);
    expect(p.waitFor('r')).toBe(0);
    p.take('r');
    expect(p.waitFor('r')).toBe(0);
    p.take('r');
    expect(p.waitFor('r')).toBe(1000); // one token left, kept in hand
    advance(400);
    expect(p.waitFor('r')).toBe(600);
    advance(600);
    expect(p.waitFor('r')).toBe(0);
    p.take('r');
    expect(p.waitFor('r')).toBe(1000);
  });

  it('keeps half a second of its pace in hand when that is more than a token, never the whole bucket', () => {
    const { p } = pacer(600, 10); // 100 ms a token: a margin of 5
    for (let i = 0; i < 5; i++) {
      expect(p.waitFor('r')).toBe(0);
      p.take('r');
    }
    expect(p.waitFor('r')).toBe(100); // 5 left, all kept in hand
    const small = pacer(600, 3).p; // the margin is cut to the bucket less one: 2
    expect(small.waitFor('r')).toBe(0);
    small.take('r');
    expect(small.waitFor('r')).toBe(100);
  });

  it('keeps no margin with a bucket of one', () => {
    const { p, advance } = pacer(60, 1);
    expect(p.waitFor('r')).toBe(0);
    p.take('r');
    expect(p.waitFor('r')).toBe(1000);
    advance(1000);
    expect(p.waitFor('r')).toBe(0);
  });

  it('takes the first 429 at the configured pace as a bucket out of step: emptied, not halved', () => {
    const { p, advance } = pacer(60);
    const early = p.stamp();
    expect(p.slowDown('r', p.stamp())).toBeUndefined();
    expect(p.slowDown('r', early)).toBeUndefined(); // the same episode
    expect(p.rateOf('r')).toBe(60);
    expect(p.waitFor('r')).toBe(2000); // empty, and a token in hand before the next call
    advance(2000);
    expect(p.waitFor('r')).toBe(0);
    expect(p.slowDown('r', p.stamp())).toBe(30); // the second one halves
    expect(p.slowDown('other', p.stamp())).toBeUndefined(); // each route has its own
  });

  it('halves a route on 429 once per episode, empties and shrinks its bucket, and never goes below the floor', () => {
    const { p } = pacer(60);
    forgive(p);
    const early = p.stamp();
    const late = p.stamp();
    expect(p.slowDown('r', late)).toBe(30);
    expect(p.slowDown('r', early)).toBeUndefined(); // sent before the slow-down: the same episode
    expect(p.waitFor('r')).toBe(4000); // two tokens at 30 a minute: the one it takes, the one in hand
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
    expect(p.waitFor('r')).toBe(2000); // the token it takes and the one in hand
    expect(p.waitFor('other')).toBe(0);
  });

  it('holds a paused route until the pause ends', () => {
    const { p, advance } = pacer(0);
    p.pause('r', 1500);
    expect(p.waitFor('r')).toBe(1500);
    advance(1500);
    expect(p.waitFor('r')).toBe(0);
  });

  describe('climbs back after a quiet spell', () => {
    /** Sends n calls on `route`, each as soon as its token is there, each answered without a 429. */
    function send(p: RoutePacer, advance: (ms: number) => void, route: string, n: number): void {
      for (let i = 0; i < n; i++) {
        advance(p.waitFor(route));
        p.take(route);
        p.answered(route, p.stamp());
      }
    }

    it('by a tenth of the set pace per bucketful of calls without a 429, up to the set pace', () => {
      const { p, advance } = pacer(600, 10);
      forgive(p);
      p.slowDown('r', p.stamp());
      expect(p.rateOf('r')).toBe(300);
      // The quiet spell is the bucket (10 calls here): 9 change nothing, the 10th raises the pace.
      const rates: number[] = [];
      for (let call = 1; call <= 60; call++) {
        send(p, advance, 'r', 1);
        rates.push(p.rateOf('r'));
      }
      expect(rates.slice(0, 9).every((r) => r === 300)).toBe(true);
      expect(rates[9]).toBeCloseTo(300 + 600 * RECOVERY_STEP);
      expect(rates[19]).toBeCloseTo(420);
      // Back at the set pace after five spells, and no higher.
      expect(rates[49]).toBeCloseTo(600);
      expect(rates[59]).toBeCloseTo(600);
      expect(p.rateOf('other')).toBe(600);
    });

    it.each([7, 13, 600, 3600])('never above the set pace, even by rounding (--rate-limit %i)', (limit) => {
      const { p, advance } = pacer(limit, limit);
      forgive(p);
      p.slowDown('r', p.stamp());
      p.slowDown('r', p.stamp());
      const seen: number[] = [];
      for (let call = 1; call <= limit * 12; call++) {
        send(p, advance, 'r', 1);
        seen.push(p.rateOf('r'));
      }
      // The set pace as the pacer holds it (an untouched route), compared exactly: never passed.
      const set = p.rateOf('other');
      expect(set).toBeCloseTo(limit, 9);
      expect(Math.max(...seen)).toBe(set);
      expect(p.rateOf('r')).toBe(set);
    });

    it('a 429 in the spell halves again and starts the spell over', () => {
      const { p, advance } = pacer(600, 10);
      forgive(p);
      p.slowDown('r', p.stamp());
      send(p, advance, 'r', 9);
      expect(p.slowDown('r', p.stamp())).toBe(150);
      send(p, advance, 'r', 9);
      expect(p.rateOf('r')).toBe(150);
      send(p, advance, 'r', 1);
      expect(p.rateOf('r')).toBeCloseTo(210);
    });

    it('answers of calls sent before the slow-down do not count toward the spell', () => {
      const { p, advance } = pacer(600, 10);
      const old = Array.from({ length: 20 }, () => p.stamp());
      forgive(p);
      p.slowDown('r', p.stamp());
      for (const sentAt of old) p.answered('r', sentAt);
      expect(p.rateOf('r')).toBe(300);
      send(p, advance, 'r', 10);
      expect(p.rateOf('r')).toBeCloseTo(360);
    });

    it('a 429 of a call sent before the climb halves the climbed pace', () => {
      const { p, advance } = pacer(600, 10);
      forgive(p);
      p.slowDown('r', p.stamp());
      send(p, advance, 'r', 5);
      const before = p.stamp(); // in flight while the spell ends
      send(p, advance, 'r', 5);
      expect(p.rateOf('r')).toBeCloseTo(360);
      expect(p.slowDown('r', before)).toBeCloseTo(180);
    });

    it('a route with pacing off climbs back to 60 a minute at most, its bucket a minute of it', () => {
      const { p, advance } = pacer(0);
      p.slowDown('r', p.stamp());
      p.slowDown('r', p.stamp());
      expect(p.rateOf('r')).toBe(30);
      // Its bucket holds a minute of 30 a minute: 30 calls of quiet, then 30 + 6.
      send(p, advance, 'r', 29);
      expect(p.rateOf('r')).toBe(30);
      send(p, advance, 'r', 1);
      expect(p.rateOf('r')).toBeCloseTo(36);
      send(p, advance, 'r', 500);
      expect(p.rateOf('r')).toBeCloseTo(60);
    });
  });
});
