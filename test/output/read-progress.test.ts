// The read progress line on a fake clock: on a terminal one line rewritten in place once a read has
// lasted a second, with calls done / total, the busiest route and an ETA from the pacing; elsewhere
// one plain line every 30 s; erased when the read ends. No real time passes.

import { describe, expect, it } from 'vitest';
import { duration, fitLine, ReadProgress, type ProgressClock, type RouteCalls } from '../../src/output/read-progress.js';

function fakeClock(): ProgressClock & { advance(ms: number): void } {
  let now = 0;
  const timers: { every: number; next: number; tick: () => void; on: boolean }[] = [];
  return {
    now: () => now,
    every(ms, tick) {
      const t = { every: ms, next: now + ms, tick, on: true };
      timers.push(t);
      return () => void (t.on = false);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.on && t.next <= end).sort((a, b) => a.next - b.next)[0];
        if (!due) break;
        now = due.next;
        due.next += due.every;
        due.tick();
      }
      now = end;
    },
  };
}

const CONFIGS = 'GET /api/v1/git/repositories/{id}/config';
const SCOPES = 'GET /api/v1/git/config/teams/{team_id}/scope';

/** A terminal this wide unless a test says otherwise: wide enough for every whole line below. */
function setup(tty: boolean, columns = 160) {
  const clock = fakeClock();
  let out = '';
  const routes = new Map<string, RouteCalls>();
  const set = (route: string, c: Partial<RouteCalls>) => routes.set(route, { route, done: 0, waiting: 0, inFlight: 0, ratePerMinute: 60, etaMs: 0, ...routes.get(route), ...c });
  const progress = new ReadProgress({ write: (s: string) => (out += s), isTTY: tty, columns }, clock, () => [...routes.values()]);
  return { clock, progress, set, out: () => out, clear: () => (out = '') };
}

describe('ReadProgress on a terminal', () => {
  it('says nothing for the first second, then one line rewritten in place with counts, route and ETA', () => {
    const { clock, progress, set, out } = setup(true);
    set(SCOPES, { done: 0 });
    progress.start();
    set(CONFIGS, { done: 10, waiting: 8, etaMs: 8000 });
    for (let i = 0; i < 200; i++) progress.hold(CONFIGS);
    set(SCOPES, { done: 3, inFlight: 1 });
    clock.advance(999);
    expect(out()).toBe('');
    clock.advance(1);
    // 200 held back at 60 a minute (200 s) after the 8 waiting (8 s): 208 s. Over a minute, so the
    // estimate is said once, on a line of its own, before the progress line.
    const first = `reading: 13/222 calls, ${CONFIGS}, about 3m 28s left`;
    expect(out()).toBe(`This read takes about 3m 28s: 222 calls at 60 calls a minute per route (the service's limit).\n\r${first}`);
    for (let i = 0; i < 60; i++) progress.release(CONFIGS);
    set(CONFIGS, { done: 70 });
    clock.advance(250);
    const second = `reading: 73/222 calls, ${CONFIGS}, about 2m 28s left`;
    expect(out().split('\r').at(-1)).toBe(second);
    clock.advance(5000);
    expect(out().match(/This read takes/g)).toHaveLength(1);
    progress.stop();
    expect(out().endsWith(`\r${' '.repeat(second.length)}\r`)).toBe(true);
  });

  it('against a local emulator, the estimate and the line say what lifts the pacing (issue 31 item 11)', () => {
    const clock = fakeClock();
    let out = '';
    const routes: RouteCalls[] = [{ route: CONFIGS, done: 0, waiting: 300, inFlight: 0, ratePerMinute: 60, etaMs: 300_000 }];
    const progress = new ReadProgress({ write: (s: string) => (out += s), isTTY: true, columns: 160 }, clock, () => routes, { pacingHint: '--rate-limit 0 lifts the pacing for a local emulator' });
    progress.start();
    clock.advance(1000);
    expect(out).toContain('This read takes about 5m 0s: 300 calls at 60 calls a minute per route (the service\'s limit); --rate-limit 0 lifts the pacing for a local emulator.\n');
    clock.advance(250);
    expect(out.split('\r').at(-1)).toBe(`reading: 0/300 calls, ${CONFIGS}, about 5m 0s left (--rate-limit 0 lifts the pacing for a local emulator)`);
    progress.stop();
  });

  it('a read under a minute gets no estimate, and one that said its own (export) gets no second', () => {
    const { clock, progress, set, out, clear } = setup(true);
    set(CONFIGS, { waiting: 50, etaMs: 50_000 });
    progress.start();
    clock.advance(10_000);
    expect(out()).not.toContain('This read takes');
    progress.stop();
    clear();
    set(CONFIGS, { waiting: 500, etaMs: 500_000 });
    progress.estimate('Reading 500 repository configurations: about 9 min.\n');
    progress.start();
    clock.advance(10_000);
    expect(out().match(/Reading 500|This read takes/g)).toEqual(['Reading 500']);
    progress.stop();
  });

  it('counts only this read: calls done before it started are not shown', () => {
    const { clock, progress, set } = setup(true);
    set(SCOPES, { done: 40 });
    progress.start();
    set(SCOPES, { done: 42, waiting: 2 });
    clock.advance(1000);
    expect(progress.line()).toBe(`reading: 2/4 calls, ${SCOPES}, about 0s left`);
  });

  it('a route that is not paced: the ETA from the speed seen so far', () => {
    const { clock, progress, set } = setup(true);
    progress.start();
    clock.advance(10_000);
    set(CONFIGS, { done: 50, waiting: 50, ratePerMinute: 0 });
    expect(progress.line()).toBe(`reading: 50/100 calls, ${CONFIGS}, about 10s left`);
    set(SCOPES, { waiting: 1, ratePerMinute: 0 });
    expect(progress.line()).toBe(`reading: 50/101 calls, ${CONFIGS}, time left not known yet`);
  });

  it('a notice erases the line first; the next tick draws it again', () => {
    const { clock, progress, set, out, clear } = setup(true);
    progress.start();
    set(SCOPES, { waiting: 5, etaMs: 5000 });
    clock.advance(1000);
    clear();
    progress.say('Note: slowing down\n');
    expect(out()).toMatch(/^\r +\rNote: slowing down\n$/);
    clock.advance(250);
    expect(out()).toMatch(/Note: slowing down\n\rreading: 0\/5 calls/);
  });
});

describe('ReadProgress in a narrow terminal', () => {
  const ROUTE = 'GET /api/v1/git/repositories/{repo_id}/config';
  const HINT = '--rate-limit 0 lifts the pacing for a local emulator';

  it('every redraw fits the width (one column free), so it never wraps and leaves a copy', () => {
    for (const columns of [80, 60, 40, 30, 12]) {
      const clock = fakeClock();
      let out = '';
      const routes: RouteCalls[] = [{ route: ROUTE, done: 131, waiting: 238, inFlight: 0, ratePerMinute: 60, etaMs: 233_000 }];
      const progress = new ReadProgress({ write: (s: string) => (out += s), isTTY: true, columns }, clock, () => routes, { pacingHint: HINT });
      progress.start();
      clock.advance(10_000);
      progress.stop();
      const drawn = out.split(/\r|\n/).filter((l) => l.startsWith('reading'));
      expect(drawn.length, String(columns)).toBeGreaterThan(30);
      for (const line of drawn) expect(line.length, `${columns}: ${line}`).toBeLessThanOrEqual(columns - 1);
    }
  });

  it('a terminal that does not say its width is taken to be 80 columns', () => {
    const clock = fakeClock();
    let out = '';
    const routes: RouteCalls[] = [{ route: ROUTE, done: 131, waiting: 238, inFlight: 0, ratePerMinute: 60, etaMs: 233_000 }];
    const progress = new ReadProgress({ write: (s: string) => (out += s), isTTY: true }, clock, () => routes, { pacingHint: HINT });
    progress.start();
    clock.advance(1250);
    const line = out.split('\r').at(-1) ?? '';
    expect(line).toBe('reading: 0/238 calls, GET /api/v1/git/re…es/{repo_id}/config, about 3m 53s left');
    expect(line.length).toBe(79);
  });

  it.each([
    // width, what is kept
    [200, `reading: 131/369 calls, ${ROUTE}, about 3m 53s left (${HINT})`],
    [120, `reading: 131/369 calls, ${ROUTE}, about 3m 53s left`],
    [79, 'reading: 131/369 calls, GET /api/v1/git/r…s/{repo_id}/config, about 3m 53s left'],
    [70, fitted(70)],
    [50, 'reading: 131/369 calls, about 3m 53s left'],
    [30, 'reading: 131/369 calls, about…'],
  ])('fitLine at %i columns', (width, expected) => {
    const line = fitLine({ counts: 'reading: 131/369 calls', route: ROUTE, left: ', about 3m 53s left', hint: ` (${HINT})` }, width);
    expect(line).toBe(expected);
    expect(line.length).toBeLessThanOrEqual(width);
  });

  function fitted(width: number): string {
    // The route's middle elided, its method and its last part kept.
    const room = width - 'reading: 131/369 calls'.length - ', about 3m 53s left'.length - 2;
    const tail = Math.ceil((room - 1) / 2);
    return `reading: 131/369 calls, ${ROUTE.slice(0, room - 1 - tail)}…${ROUTE.slice(ROUTE.length - tail)}, about 3m 53s left`;
  }
});

describe('ReadProgress elsewhere (CI)', () => {
  it('one plain line every 30 s, no carriage return, nothing to erase', () => {
    const { clock, progress, set, out } = setup(false);
    progress.start();
    set(CONFIGS, { done: 30, waiting: 8, etaMs: 8000 });
    clock.advance(29_999);
    expect(out()).toBe('');
    clock.advance(1);
    set(CONFIGS, { done: 38, waiting: 0, etaMs: 0 });
    clock.advance(30_000);
    expect(out()).toBe(`reading: 30/38 calls, ${CONFIGS}, about 8s left\nreading: 38/38 calls\n`);
    progress.stop();
    expect(out()).not.toContain('\r');
  });
});

describe('duration', () => {
  it.each([
    [0, '0s'],
    [999, '1s'],
    [59_000, '59s'],
    [60_000, '1m 0s'],
    [370_000, '6m 10s'],
    [3_720_000, '1h 2m'],
  ])('%i ms is %s', (ms, text) => {
    expect(duration(ms)).toBe(text);
  });
});
