// Ctrl-C in the middle of an apply: no new operation starts, those in flight finish, the journal is
// complete and parseable, the summary is printed, and emctl exits 1.

import { afterEach, expect, it } from 'vitest';
import { applyWorld, journalPathOf, readJournal, type ApplyWorld } from '../apply/cli-helpers.js';
import { writeRequests } from '../apply/helpers.js';

let world: ApplyWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Repositories whose override sets the branch the config writes. */
function developOverrides(w: ApplyWorld): number {
  return (w.emulator.store.toFixture().repository_overrides ?? []).filter((o) => JSON.stringify(o).includes('"develop"')).length;
}

/** Resolves once the emulator has applied two more of the config's writes (it applies, then waits out its latency, then answers). */
async function twoWritesApplied(w: ApplyWorld, before: number): Promise<void> {
  while (developOverrides(w) < before + 2) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Resolves once the emulator has logged a write. */
async function firstWrite(w: ApplyWorld): Promise<void> {
  while ((await writeRequests(w.emulator)).length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
}

const repos = ['acme/web', 'acme/api', 'acme/mobile-ios', 'acme/mobile-android', 'acme/checkout', 'acme/identity', 'acme/search'];
const CONFIG = `version: 1
git:
  repositories:
${repos.map((r) => `    ${r}:\n      settings:\n        default_branch: { branch_name: develop }`).join('\n')}
`;

it('stops starting operations on Ctrl-C, lets in-flight ones finish and leaves a complete journal', async () => {
  // Every response takes 150 ms and two calls run at a time: the interrupt comes once the service
  // has seen the first write (not after a fixed time, which a loaded machine could pass before
  // any call or after the last), so some operations have started and others have not.
  world = await applyWorld(CONFIG, { emulator: { latencyMs: 150 } });
  const w = world;
  const result = await world.run(['--concurrency', '2', 'apply', '-c', 'emctl.yaml', '--auto-approve'], {
    // Handler 0 is the plan's read ("nothing was written"); handler 1 is the apply's.
    onInterruptRegistered: (fire, index) => {
      if (index === 1) void firstWrite(w).then(fire);
    },
  });

  expect(result.code).toBe(1);
  expect(result.stderr).toContain('Interrupted: starting no new operations');
  expect(result.stderr).toContain('apply interrupted');
  expect(result.stdout).toMatch(/^Applied \d+, rejected 0, skipped \d+\.$/m);
  expect(result.stdout).toContain('not started: interrupted');

  const events = await readJournal(journalPathOf(result.stdout));
  const kinds = events.map((e) => e.event);
  expect(kinds[0]).toBe('apply-start');
  expect(kinds).toContain('interrupt');
  expect(events.at(-1)).toMatchObject({ event: 'apply-end', interrupted: true });

  const started = events.filter((e) => e.event === 'operation-start').map((e) => e.op);
  const ended = events.filter((e) => e.event === 'operation-end').map((e) => e.op);
  expect(ended.sort()).toEqual([...started].sort());
  expect(started.length).toBeGreaterThan(0);
  const total = Number(events[0]?.operations);
  expect(total).toBeGreaterThanOrEqual(repos.length);
  expect(started.length).toBeLessThan(total);
  // Every call that started reached the service and finished; nothing else was sent.
  expect((await writeRequests(world.emulator)).length).toBe(started.length);
  const skipped = events.filter((e) => e.event === 'item' && e.status === 'skipped');
  expect(new Set(skipped.map((e) => e.op)).size).toBe(total - started.length);

  // What was not applied is what a new plan shows.
  const plan = await world.run(['plan', '-c', 'emctl.yaml', '--format', 'json']);
  expect((JSON.parse(plan.stdout) as { changes: unknown[] }).changes).toHaveLength(skipped.length);
});

it('exits at once on a second Ctrl-C, saying the calls in flight may or may not have been applied', async () => {
  // Both interrupts come once the service has applied two writes: each answer then waits out the
  // emulator's 1 s latency, so both calls are still in flight, however busy the machine.
  world = await applyWorld(CONFIG, { emulator: { latencyMs: 1000 } });
  const w = world;
  const before = developOverrides(w);
  const result = await world.run(['--concurrency', '2', 'apply', '-c', 'emctl.yaml', '--auto-approve', '--journal', 'j.jsonl'], {
    onInterruptRegistered: (fire, index) => {
      if (index === 1) void twoWritesApplied(w, before).then(() => (fire(), fire()));
    },
  });

  expect(result.exitedNow).toBe(1);
  expect(result.stderr).toContain('Ctrl-C again to exit now');
  expect(result.stderr).toMatch(/Second interrupt: exiting now\. 2 calls in flight may or may not have been applied; the journal .*j\.jsonl records what was/);
  const events = await readJournal(`${world.dir}/j.jsonl`);
  const interrupts = events.filter((e) => e.event === 'interrupt');
  expect(interrupts).toEqual([expect.objectContaining({ in_flight: 2 }), expect.objectContaining({ in_flight: 2, forced: true })]);
  expect(interrupts[0]).not.toHaveProperty('forced');
  // The journal ends at the forced exit: nothing is recorded as if the process had lived on.
  expect(events.at(-1)).toMatchObject({ event: 'interrupt', forced: true });
});
