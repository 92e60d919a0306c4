// The bundled example, end to end: examples/acme/emctl.yaml applied to the example organization
// (examples/acme/emulator.yaml) leaves nothing to do: a second plan is empty and a second apply
// sends no write. This is what `npm run demo` shows.

import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { applyWorld, journalPathOf, readJournal, type ApplyWorld } from '../apply/cli-helpers.js';
import { writeRequests } from '../apply/helpers.js';
import { TEST_KEY } from '../helpers/emulator.js';

const EXAMPLE_CONFIG = fileURLToPath(new URL('../../examples/acme/emctl.yaml', import.meta.url));

let world: ApplyWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

it('applies the full example config to the example organization, after which nothing is left to do', async () => {
  world = await applyWorld('version: 1\n');
  const planned = await world.run(['plan', '-c', EXAMPLE_CONFIG, '--format', 'json']);
  expect(planned.code).toBe(0);
  const plan = JSON.parse(planned.stdout) as { changes: unknown[]; operations: unknown[] };
  expect(plan.changes.length).toBeGreaterThan(5);

  const applied = await world.run(['apply', '-c', EXAMPLE_CONFIG, '--auto-approve']);
  expect(applied.stderr).toBe('');
  expect(applied.code).toBe(0);
  expect(applied.stdout).toContain(`Applied ${plan.changes.length}, rejected 0, skipped 0.`);
  const journal = await readJournal(journalPathOf(applied.stdout));
  expect(journal.filter((e) => e.event === 'operation-start')).toHaveLength(plan.operations.length);
  expect(JSON.stringify(journal)).not.toContain(TEST_KEY);

  const writes = (await writeRequests(world.emulator)).length;
  expect(writes).toBe(plan.operations.length);
  const again = await world.run(['plan', '-c', EXAMPLE_CONFIG, '--detailed-exitcode']);
  expect(again.code).toBe(0);
  expect(again.stdout).toContain('No changes.');
  const second = await world.run(['apply', '-c', EXAMPLE_CONFIG, '--auto-approve']);
  expect(second.code).toBe(0);
  expect((await writeRequests(world.emulator)).length).toBe(writes);
});
