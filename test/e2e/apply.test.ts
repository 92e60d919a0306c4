// `emctl apply` end to end: the real CLI, in-process, against a real emulator over HTTP.
// Plan-first mode: confirmation rules, idempotency, the journal, and the key never leaking.

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_KEY, apiRequests } from '../helpers/emulator.js';
import { applyWorld, journalFiles, journalPathOf, readJournal, SMALL_CONFIG, type ApplyWorld } from '../apply/cli-helpers.js';
import { writeRequests } from '../apply/helpers.js';

let world: ApplyWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function smallWorld(): Promise<ApplyWorld> {
  world = await applyWorld(SMALL_CONFIG);
  return world;
}

describe('emctl apply (plan first)', () => {
  it('applies every change, after which a plan is empty and a second apply writes nothing', async () => {
    const w = await smallWorld();
    const first = await w.run(['apply', '-c', 'emctl.yaml', '--auto-approve']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Plan: ');
    expect(first.stdout).toMatch(/^Applied \d+, rejected 0, skipped 0\.$/m);
    const writesAfterFirst = (await writeRequests(w.emulator)).length;
    expect(writesAfterFirst).toBeGreaterThan(0);

    const plan = await w.run(['plan', '-c', 'emctl.yaml', '--detailed-exitcode']);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('No changes.');

    const second = await w.run(['apply', '-c', 'emctl.yaml', '--auto-approve']);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('No changes.');
    expect((await writeRequests(w.emulator)).length).toBe(writesAfterFirst);
    expect(await journalFiles(w.dir)).toHaveLength(1);
  });

  it('writes a journal with one line per operation attempt and per item result', async () => {
    const w = await smallWorld();
    const result = await w.run(['apply', '-c', 'emctl.yaml', '--auto-approve', '--journal', 'logs/apply.jsonl']);
    expect(result.code).toBe(0);
    expect(journalPathOf(result.stdout)).toBe(join(w.dir, 'logs', 'apply.jsonl'));
    const events = await readJournal(join(w.dir, 'logs', 'apply.jsonl'));
    expect(events[0]).toMatchObject({ event: 'apply-start' });
    expect(events.at(-1)).toMatchObject({ event: 'apply-end', rejected: 0, skipped: 0, interrupted: false });
    for (const e of events) expect(Date.parse(String(e.at))).not.toBeNaN();
    const starts = events.filter((e) => e.event === 'operation-start');
    const ends = events.filter((e) => e.event === 'operation-end');
    expect(starts.length).toBe(ends.length);
    expect(starts.length).toBe((await writeRequests(w.emulator)).length);
    const items = events.filter((e) => e.event === 'item');
    expect(items.every((i) => i.status === 'applied' && typeof i.address === 'string')).toBe(true);
    expect(items.length).toBe(Number(events.at(-1)?.applied));
  });

  it('refuses to start when the journal cannot be written, before any write', async () => {
    const w = await smallWorld();
    await writeFile(join(w.dir, 'blocker'), 'a file, not a directory');
    const result = await w.run(['apply', '-c', 'emctl.yaml', '--auto-approve', '--journal', 'blocker/j.jsonl']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('cannot write the journal');
    expect(await writeRequests(w.emulator)).toEqual([]);
  });

  it('without a terminal, refuses to apply unless --auto-approve is given', async () => {
    const w = await smallWorld();
    const result = await w.run(['apply', '-c', 'emctl.yaml']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('pass --auto-approve');
    expect(await writeRequests(w.emulator)).toEqual([]);
    expect(await journalFiles(w.dir)).toEqual([]);
  });

  it('on a terminal, applies only after the answer "yes"', async () => {
    const w = await smallWorld();
    const result = await w.run(['apply', '-c', 'emctl.yaml'], { tty: true, input: ['yes'] });
    expect(result.stdout).toContain("Apply these changes? Only 'yes' will be accepted:");
    expect(result.code).toBe(0);
    expect((await w.run(['plan', '-c', 'emctl.yaml'])).stdout).toContain('No changes.');
  });

  it('on a terminal, shows a progress line on stderr for a long apply, and not without one', async () => {
    const repos = ['acme/web', 'acme/api', 'acme/mobile-ios', 'acme/mobile-android', 'acme/checkout', 'acme/identity'];
    const config = `version: 1\ngit:\n  repositories:\n${repos.map((r) => `    ${r}:\n      settings:\n        default_branch: { branch_name: develop }`).join('\n')}\n`;
    const quiet = await applyWorld(config);
    try {
      const piped = await quiet.run(['apply', '-c', 'emctl.yaml', '--auto-approve']);
      expect(piped.code).toBe(0);
      expect(piped.stderr).toBe('');
    } finally {
      await quiet.close();
    }
    world = await applyWorld(config);
    const result = await world.run(['apply', '-c', 'emctl.yaml'], { tty: true, input: ['yes'] });
    expect(result.code).toBe(0);
    const total = (await writeRequests(world.emulator)).length;
    expect(total).toBeGreaterThanOrEqual(5);
    expect(result.stderr).toContain(`\rapplying 1/${total} operations`);
    expect(result.stderr).toContain(`\rapplying ${total}/${total} operations`);
  });

  it.each([['y'], ['YES please'], [''], [undefined]])('on a terminal, any other answer (%s) cancels with exit 1 and writes nothing', async (answer) => {
    const w = await smallWorld();
    const result = await w.run(['apply', '-c', 'emctl.yaml'], { tty: true, input: answer === undefined ? [] : [answer] });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Apply cancelled.');
    expect(await writeRequests(w.emulator)).toEqual([]);
  });

  it('on a terminal, Ctrl-C at the prompt cancels with exit 1 and writes nothing', async () => {
    const w = await smallWorld();
    const result = await w.run(['apply', '-c', 'emctl.yaml'], {
      tty: true,
      holdInput: true,
      // Handler 0 is the plan's read; handler 1 the prompt's.
      onInterruptRegistered: (fire, index) => void (index === 1 && setTimeout(fire, 20)),
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Apply cancelled.');
    expect(await writeRequests(w.emulator)).toEqual([]);
    expect(await journalFiles(w.dir)).toEqual([]);
  });

  it('exits 1 before any write when the service would refuse a change', async () => {
    // Integration 12 is still being connected: read-only.
    world = await applyWorld(`version: 1
integrations:
  eu: { id: 12 }
teams:
  44:
    pm:
      eu:
        boards: ["901"]
`);
    const result = await world.run(['apply', '-c', 'emctl.yaml', '--auto-approve']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nothing was written');
    // Listed once, in the plan shown above the error, as `emctl plan` does.
    expect((result.stdout + result.stderr).match(/integration_read_only/g)).toHaveLength(1);
    expect(await writeRequests(world.emulator)).toEqual([]);
  });

  it('never shows the API key: not in output, -v request logs, the journal or a plan file', async () => {
    const w = await smallWorld();
    const plan = await w.run(['-v', 'plan', '-c', 'emctl.yaml', '--out', 'plan.json']);
    const apply = await w.run(['-v', 'apply', 'plan.json', '--journal', 'j.jsonl']);
    expect(apply.code).toBe(0);
    expect(apply.stderr).toMatch(/PATCH \/api\//);
    const files = await Promise.all(['plan.json', 'j.jsonl'].map((f) => readFile(join(w.dir, f), 'utf8')));
    for (const text of [plan.stdout, plan.stderr, apply.stdout, apply.stderr, ...files]) {
      expect(text).not.toContain(TEST_KEY);
    }
    expect((await apiRequests(w.emulator.url)).length).toBeGreaterThan(0);
  });
});
