// Terraform habits get a pointer, not just "unknown" (DESIGN 9): each one through the real CLI.
// Nothing is read or written.

import { describe, expect, it } from 'vitest';
import { runEmctl } from '../helpers/cli.js';

const cases: { habit: string; args: string[]; pointer: string }[] = [
  { habit: 'plan -json', args: ['plan', '-json'], pointer: '(use --format json)' },
  { habit: 'plan --json', args: ['plan', '--json'], pointer: '(use --format json)' },
  { habit: 'drift -json', args: ['drift', '-json'], pointer: '(use --format json)' },
  { habit: 'show plan.json -json', args: ['show', 'plan.json', '-json'], pointer: '(use --format json)' },
  {
    habit: 'apply --target',
    args: ['apply', '--target', 'team[42]'],
    pointer: '(apply takes no --target: plan the subset with "emctl plan --target ADDR --out plan.json", then "emctl apply plan.json")',
  },
  {
    habit: 'apply -target=',
    args: ['apply', '-target=team[42]'],
    pointer: '(apply takes no --target: plan the subset with "emctl plan --target ADDR --out plan.json", then "emctl apply plan.json")',
  },
  {
    habit: 'apply --exclude',
    args: ['apply', '--exclude', 'repo'],
    pointer: '(apply takes no --exclude: plan the subset with "emctl plan --exclude ADDR --out plan.json", then "emctl apply plan.json")',
  },
  { habit: 'init', args: ['init'], pointer: '(emctl needs no init: there are no providers, modules or backend to set up; start with "emctl validate"' },
  {
    habit: 'destroy',
    args: ['destroy'],
    pointer: '(emctl has no destroy: to clear objects, write them empty in the config (`boards: []`, `repositories: []`, `settings: {}`) and run "emctl plan", then "emctl apply"',
  },
  { habit: 'fmt', args: ['fmt'], pointer: '(emctl has no fmt: "emctl validate" checks the config' },
  { habit: 'state list', args: ['state', 'list'], pointer: '(emctl keeps no state file: every plan reads live state from the service; "emctl export" prints it as a config)' },
  { habit: 'import', args: ['import', 'repo["acme/api"]', '1201'], pointer: '(emctl has no import: "emctl export --out emctl.yaml" writes the live organization as a config to manage)' },
  {
    habit: 'drift --detailed-exitcode',
    args: ['drift', '--detailed-exitcode'],
    pointer: '(drift always exits 2 when live state differs (0 when it does not): no flag needed)',
  },
];

describe('Terraform habits', () => {
  it.each(cases)('$habit: exit 1 with a pointer', async ({ args, pointer }) => {
    const r = await runEmctl(args);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(pointer);
  });

  it('an option that is no habit keeps the plain error; a command without --format gets no --format pointer', async () => {
    const r = await runEmctl(['export', '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`error: unknown option '--json'\n(run "emctl export --help" for usage)\n`);
  });
});
