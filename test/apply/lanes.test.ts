// Per-route lanes and the dependency graph (src/apply/schedule.ts runInLanes), on operations whose
// calls the test finishes by hand: which operation is running at each moment is exact.

import { describe, expect, it } from 'vitest';
import { runInLanes } from '../../src/apply/schedule.js';
import type { Operation } from '../../src/core/plan-model.js';

function op(id: string, route: string, stage = 1, dependsOn: string[] = []): Operation {
  return { id, stage, method: 'PATCH', path: `/${id}`, route, addresses: [`a.${id}`], dependsOn, description: `write ${id}` };
}

/** Runs `ops`; each call stays open until the test ends it with `finish(id, ok)`. */
function harness(ops: Operation[], perRoute: number, hold: () => string | undefined = () => undefined) {
  const running: string[] = [];
  const started: string[] = [];
  const skipped: [string, string][] = [];
  const pending = new Map<string, (ok: boolean) => void>();
  const done = runInLanes(ops, {
    perRoute,
    holdReason: hold,
    skip: (o, reason) => skipped.push([o.id, reason]),
    run: (o) => {
      running.push(o.id);
      started.push(o.id);
      return new Promise<boolean>((resolve) => pending.set(o.id, resolve));
    },
  });
  const finish = async (id: string, ok = true): Promise<void> => {
    const resolve = pending.get(id);
    if (!resolve) throw new Error(`${id} is not running (running: ${running.join(', ')})`);
    pending.delete(id);
    running.splice(running.indexOf(id), 1);
    resolve(ok);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { running, started, skipped, finish, done };
}

describe('runInLanes', () => {
  it('gives each route its own lane: a busy route does not hold up another', async () => {
    const h = harness([op('a1', 'A'), op('a2', 'A'), op('a3', 'A'), op('b1', 'B'), op('b2', 'B')], 1);
    expect(h.running).toEqual(['a1', 'b1']);
    await h.finish('b1');
    expect(h.running).toEqual(['a1', 'b2']);
    await h.finish('b2');
    await h.finish('a1');
    await h.finish('a2');
    await h.finish('a3');
    await h.done;
    expect(h.started).toEqual(['a1', 'b1', 'b2', 'a2', 'a3']);
  });

  it('starts an operation as soon as what it depends on succeeded, not when the whole stage is done', async () => {
    const h = harness([op('m1', 'M'), op('m2', 'M'), op('s1', 'S', 2, ['m1']), op('s2', 'S', 2, ['m2'])], 2);
    expect(h.running).toEqual(['m1', 'm2']);
    await h.finish('m1');
    expect(h.running).toEqual(['m2', 's1']);
    await h.finish('s1');
    await h.finish('m2');
    await h.finish('s2');
    await h.done;
  });

  it('waits for every dependency, and skips transitively what depends on a failure', async () => {
    const h = harness([op('x', 'A'), op('y', 'B'), op('z', 'C', 2, ['x', 'y']), op('w', 'D', 3, ['z'])], 4);
    await h.finish('x');
    expect(h.running).toEqual(['y']);
    await h.finish('y', false);
    await h.done;
    expect(h.skipped).toEqual([
      ['z', 'depends on "write y" (y), which failed'],
      ['w', 'depends on "write z" (z), which was not applied'],
    ]);
  });

  it('starts nothing once held, and what depends on an operation never started gets the hold reason', async () => {
    let stop: string | undefined = undefined;
    const h = harness([op('a1', 'A'), op('a2', 'A'), op('b', 'B', 2, ['a2'])], 1, () => stop);
    stop = 'not started: interrupted';
    await h.finish('a1');
    await h.done;
    expect(h.started).toEqual(['a1']);
    expect(h.skipped).toEqual([
      ['a2', 'not started: interrupted'],
      ['b', 'not started: interrupted'],
    ]);
  });

  it('refuses a plan whose dependencies are not in an earlier stage (no cycle can run)', async () => {
    await expect(runInLanes([op('a', 'A', 1, ['b']), op('b', 'B', 1, ['a'])], { perRoute: 1, holdReason: () => undefined, skip: () => {}, run: async () => true })).rejects.toThrow(
      /not in a runnable order/,
    );
  });

  it('ends at once on an empty plan', async () => {
    await runInLanes([], { perRoute: 1, holdReason: () => undefined, skip: () => {}, run: async () => true });
  });
});
