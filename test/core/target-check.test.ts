// --target / --exclude: the syntax check (pure, a table) and the "matches nothing" check through
// the real CLI against the in-process emulator (the bundled Acme organization).

import { describe, expect, it } from 'vitest';
import { addressSyntaxProblem, unmatchedAddresses } from '../../src/core/target-check.js';
import { runEmctl } from '../helpers/cli.js';

describe('addressSyntaxProblem', () => {
  const valid = [
    'collection',
    'collection.tracker',
    'collection.tracker.boards',
    'collection.tracker.boards["101"]',
    'collection.10.projects["P1"]',
    'team[42]',
    'team[42].pm',
    'team[42].pm.tracker',
    'team[42].pm.tracker.boards',
    'team[42].pm.work.project_team_areas',
    'team[42].pm.tracker.methodology',
    'team[42].git',
    'team[42].git.services',
    'git',
    'git.defaults',
    'git.defaults.active_branches_duration',
    'repo["acme/api"]',
    'repo[1234].settings',
    'repo["acme/api"].settings.default_branch',
    'repo["acme/api"].monitored',
    'team[42].', // a trailing dot is ignored, as by the matcher
  ];
  for (const address of valid) it(`accepts ${address}`, () => expect(addressSyntaxProblem(address)).toBeUndefined());

  const invalid: [string, RegExp][] = [
    ['foo bar', /starts with collection, team\[ID\], git.defaults or repo/],
    ['teams[47]', /did you mean "team\[47\]"\?/],
    ['team[abc]', /addressed by its id or its name: team\[42\], team\["Payments"\]/],
    ['team[42]x', /unexpected "x"/],
    ['team[42].pm.tracker.board', /"board" is not a PM scope key/],
    ['team[42].git.repos', /"repos" is not a Git scope key/],
    ['team[42].scope', /not part of a team/],
    ['collection.tracker.epics', /not a selectable entity type/],
    ['collection.tracker.boards[101]', /double quotes/],
    ['git.monitoring', /git.defaults.SECTION/],
    ['git.defaults.default_branches', /not a settings section/],
    ['repo[acme/api]', /name in double quotes or its id/],
    ['repo["acme/api"].settings.active_branches_duration', /not a repository settings section/],
    ['repo["acme/api"].monitored.x', /nothing under it/],
    ['', /empty/],
  ];
  for (const [address, problem] of invalid) it(`refuses ${JSON.stringify(address)}`, () => expect(addressSyntaxProblem(address)).toMatch(problem));
});

describe('unmatchedAddresses', () => {
  const known = ['collection.tracker.boards', 'collection.tracker.boards["101"]', 'team[42].pm.tracker.boards', 'team[42].git.repositories', 'repo["acme/api"]'];
  it.each([
    ['team[42]', true],
    ['team[42].pm.tracker.boards', true],
    ['repo["acme/api"].settings.default_branch', true], // under a known repository
    ['collection.tracker.boards["101"]', true],
    ['collection.tracker.boards["999"]', false], // a selection set does not stand for every id
    ['team[4]', false], // no match at a non-boundary
    ['team[42].pm.work', false],
  ])('%s matched: %s', (address, matched) => {
    expect(unmatchedAddresses(known, [{ flag: '--target', address }]).length === 0).toBe(matched);
  });

  it('names the closest addresses, at the depth written', () => {
    const [u] = unmatchedAddresses(known, [{ flag: '--exclude', address: 'team[43]' }]);
    expect(u).toEqual({ flag: '--exclude', address: 'team[43]', closest: expect.arrayContaining(['team[42]']) });
  });
});

describe('emctl plan --target / --exclude', () => {
  const plan = (...extra: string[]) => runEmctl(['--emulator', 'default', 'plan', '-c', 'examples/acme/emctl.yaml', '--detailed-exitcode', ...extra]);

  it('a malformed address: exit 1 with the syntax, before anything is read', async () => {
    const r = await plan('--target', 'foo bar', '--exclude', 'teams[47]');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('2 addresses are not valid (nothing was read)');
    expect(r.stderr).toContain('--target "foo bar"');
    expect(r.stderr).toContain('did you mean "team[47]"?');
    expect(r.stderr).toContain('repo["NAME"] | repo[ID]');
  });

  it('an address that matches nothing: exit 1 with the closest addresses, never "No changes"', async () => {
    // The example keys its teams by name: a team is addressed as the config keys it.
    const r = await plan('--target', 'team["Growht"]', '--target', 'team["Payments"].pm.trackr.boards', '--target', 'collection.tracker.boards["999"]');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('3 addresses match nothing in the config or the live state');
    expect(r.stderr).toMatch(/--target team\["Growht"\]: closest: team\["Growth"\]/);
    expect(r.stderr).toMatch(/--target team\["Payments"\]\.pm\.trackr\.boards: closest: team\["Payments"\]\.pm\.tracker\.boards/);
    expect(r.stderr).toMatch(/--target collection\.tracker\.boards\["999"\]: closest: collection\.tracker\.boards\["\d+"\]/);
  });

  it('addresses that exist plan as before: changes pending (2), in-sync objects give no changes (0)', async () => {
    const pending = await plan('--target', 'team["Growth"]');
    expect(pending.stderr).toBe('');
    expect(pending.code).toBe(2);
    expect(pending.stdout).toContain('+ team["Growth"].pm.tracker.boards');
    // In sync, and a live repository the config does not name: known, so no error.
    const inSync = await plan('--target', 'team["Payments"].pm.tracker', '--exclude', 'repo["acme/docs"]');
    expect(inSync.code, inSync.stderr).toBe(0);
    expect(inSync.stdout).toMatch(/No changes in scope: \d+ objects? read; the rest was not checked\./);
    expect(inSync.stdout).not.toContain('matches the configuration');
  });
});
