// Pure helpers of the config checks: monitoring globs, plan addresses (the Python regex dialect
// is tested in test/contract/python-regex.test.ts).

import { describe, expect, test } from 'vitest';
import { globProblem } from '../../src/config/glob.js';
import { compileGlob } from '../../src/core/glob-match.js';
import { addressProblem } from '../../src/config/semantic/addresses.js';
import type { PlainMap } from '../../src/config/yaml/source.js';

describe('monitoring globs', () => {
  test.each([
    ['acme/*', 'acme/api', true],
    ['acme/*', 'acme/group/api', true],
    ['acme/archive-*', 'acme/archive-2019', true],
    ['acme/archive-*', 'acme/api', false],
    ['acme/?pi', 'acme/api', true],
    ['acme/api', 'acme/api-v2', false],
    ['acme.io/*', 'acmexio/a', false],
  ])('%j on %j: %s', (glob, name, expected) => {
    expect(compileGlob(glob)(name)).toBe(expected);
  });

  test.each([
    ['acme/[ab]*', 'uses `[...]` or `{...}`, which are not supported (use `*` and `?`)'],
    ['acme/{a,b}', 'uses `[...]` or `{...}`, which are not supported (use `*` and `?`)'],
    [' acme/*', 'has leading or trailing spaces'],
    ['acme/\\*', 'uses `\\`, which is not supported (repository names need no escaping)'],
    ['acme/*', undefined],
  ])('%j: %s', (glob, problem) => {
    expect(globProblem(glob)).toBe(problem);
  });
});

describe('plan addresses', () => {
  const doc: PlainMap = {
    integrations: { tracker: { id: 10 } },
    collection: { tracker: { boards: ['101'] } },
    teams: { '42': { pm: { tracker: { methodology: 'Scrum' }, '11': {} }, git: { repositories: [] } } },
    git: { defaults: { releases_detection: { method: 'api' } }, repositories: { 'acme/api': { settings: {} }, '1234': { monitored: true } } },
  };

  test.each([
    'collection',
    'collection.tracker',
    'collection.tracker.boards',
    'collection.tracker.boards["999"]',
    'team[42]',
    'team[42].pm',
    'team[42].pm.tracker',
    'team[42].pm.tracker.boards',
    'team[42].pm.tracker.methodology',
    'team[42].pm.11.project_team_areas',
    'team[42].git',
    'team[42].git.services',
    'git',
    'git.defaults',
    'git.defaults.releases_detection',
    'repo["acme/api"]',
    'repo["acme/api"].settings',
    'repo["acme/api"].settings.default_branch',
    'repo[1234].monitored',
  ])('%s names something the config writes', (address) => {
    expect(addressProblem(doc, address)).toBeUndefined();
  });

  test.each([
    ['team[43]', 'the config writes no team 43'],
    ['team[42].pm.11.methodology', "team 42's `11` scope does not write `methodology`"],
    ['team[42].pm.tracker.boardz', '`team[42].pm.tracker.boardz` is not a plan address: a PM scope has boards, epics, labels, fields, project_team_areas, methodology; did you mean `boards`?'],
    ['collection.tracker.projects', 'the config does not write collection.tracker.projects'],
    ['collection.work', 'the config writes no collection for `work`'],
    ['git.defaults.active_branches_duration', 'the config does not write git.defaults.active_branches_duration'],
    ['git.defaults.release_detection', '`release_detection` is not a settings section; did you mean `releases_detection`?'],
    ['git.monitoring', 'the config writes no `git.monitoring`'],
    ['repo["acme/apo"]', 'the config writes no repository `acme/apo`; did you mean `acme/api`?'],
    ['repo["acme/web"]', 'the config writes no repository `acme/web`'],
    ['repo["acme/api"].monitored', 'the config does not write `monitored` for repository `acme/api` (nor git.monitoring)'],
    ['repo[1234].settings', 'the config does not write `settings` for repository 1234'],
    ['repo["acme/api"].settings.issue_start_time', '`issue_start_time` is not a repository settings section'],
    ['team[42].pm.tracker.boards.x', '`team[42].pm.tracker.boards.x` is not a plan address: nothing is addressed below `team[42].pm.tracker.boards`'],
    ['repos["acme/api"]', '`repos["acme/api"]` is not a plan address (e.g. team[42].pm.tracker.boards, repo["acme/api"].settings.default_branch, git.defaults.releases_detection)'],
    ['team[x]', '`team[x]` is not a plan address (e.g. team[42].pm.tracker.boards, repo["acme/api"].settings.default_branch, git.defaults.releases_detection)'],
  ])('%s is refused: %s', (address, problem) => {
    expect(addressProblem(doc, address)).toBe(problem);
  });
});
