// Small pure helpers: address prefixes, did-you-mean, globs, repository and integration names,
// and the canonical form of settings sections.

import { describe, expect, it } from 'vitest';
import { matchesAddressPrefix } from '../../src/core/address.js';
import { repoAddress } from '../../src/core/kinds/shared/addresses.js';
import { selectionAddress } from '../../src/core/kinds/selection/address.js';
import { canonicalSection, sectionsEqual } from '../../src/core/kinds/shared/settings-section.js';
import { didYouMean, indexRepositories, resolveIntegration, resolveRepository } from '../../src/core/resolve.js';
import { compileGlob } from '../../src/core/glob-match.js';
import { desired, INTEGRATIONS, repo } from './builders.js';

describe('matchesAddressPrefix', () => {
  it.each([
    ['team[42].pm.tracker.boards', 'team[42]', true],
    ['team[42].pm.tracker.boards', 'team[42].pm', true],
    ['team[42].pm.tracker.boards', 'team[42].pm.tracker.boards', true],
    ['team[420].pm.tracker.boards', 'team[42]', false],
    ['team[42].pm.trackers.boards', 'team[42].pm.tracker', false],
    ['collection.tracker.boards["101"]', 'collection.tracker.boards', true],
    ['collection.tracker.boards["101"]', 'collection', true],
    ['repo["acme/api"].settings.default_branch', 'repo["acme/api"].', true],
    ['repo["acme/api-v2"].monitored', 'repo["acme/api', false],
    ['team[42]', '', false],
  ])('%s under %s: %s', (address, prefix, want) => {
    expect(matchesAddressPrefix(address, prefix)).toBe(want);
  });

  it('quotes names as JSON does', () => {
    expect(repoAddress({ name: 'a"b' })).toBe('repo["a\\"b"]');
    expect(repoAddress({ id: 7 })).toBe('repo[7]');
    expect(selectionAddress('work', 'projects', 'proj-1')).toBe('collection.work.projects["proj-1"]');
  });
});

describe('didYouMean', () => {
  it.each([
    ['Paymnts', ['Payments', 'Platform'], 'Payments'],
    ['payments', ['Payments'], 'Payments'],
    ['xyz', ['Payments', 'Platform'], undefined],
    ['trakcer', ['tracker', 'work', 'code'], 'tracker'],
  ] as [string, string[], string | undefined][])('%s among %j: %s', (input, candidates, want) => {
    expect(didYouMean(input, candidates)).toBe(want);
  });
});

describe('compileGlob', () => {
  it.each([
    ['acme/*', 'acme/api', true],
    ['acme/*', 'labs/api', false],
    ['acme/archive-20??', 'acme/archive-2019', true],
    ['acme/archive-20??', 'acme/archive-219', false],
    ['acme/a.i', 'acme/abi', false],
    ['*', 'anything/at-all', true],
  ])('%s matches %s: %s', (glob, name, want) => {
    expect(compileGlob(glob)(name)).toBe(want);
  });
});

describe('resolveRepository and resolveIntegration', () => {
  const index = indexRepositories([repo(1218, 'acme/tools', 20), repo(2108, 'acme/tools', 21), repo(1201, 'acme/api', 20)]);
  const config = desired({ integrations: { code: { id: 20 }, labs: { name: 'Acme Labs' }, gone: { id: 99 } } });

  it('resolves by id, by unique name, by name and integration', () => {
    expect(resolveRepository({ id: 1201 }, index, config, INTEGRATIONS).value?.name).toBe('acme/api');
    expect(resolveRepository({ name: 'acme/api' }, index, config, INTEGRATIONS).value?.id).toBe(1201);
    expect(resolveRepository({ name: 'acme/tools', integration: 'labs' }, index, config, INTEGRATIONS).value?.id).toBe(2108);
    expect(resolveRepository({ name: 'acme/tools', integration: 20 }, index, config, INTEGRATIONS).value?.id).toBe(1218);
  });

  it('explains what fails', () => {
    expect(resolveRepository({ id: 5 }, index, config, INTEGRATIONS).error).toBe('repository 5 does not exist');
    expect(resolveRepository({ name: 'acme/api', integration: 'labs' }, index, config, INTEGRATIONS).error).toBe('repository "acme/api" is not on integration 21 (Acme Labs)');
    expect(resolveIntegration(config, 'gone', INTEGRATIONS).error).toBe('integration alias "gone" names id 99, which does not exist or is deleted');
    expect(resolveIntegration(config, 77, INTEGRATIONS).error).toBe('integration 77 does not exist or is deleted');
    expect(resolveIntegration(config, 'labs', INTEGRATIONS, 'pm').error).toBe('integration "labs" is 21 (Acme Labs), a git integration; a pm integration is needed here');
  });
});

describe('canonicalSection', () => {
  it('drops backfill_days, makes defaults explicit, sorts pattern sets, folds label case', () => {
    expect(canonicalSection('releases_detection', { method: 'api', backfill_days: 1 })).toEqual({ method: 'api', pattern: null });
    expect(canonicalSection('draft_pull_requests', { labels: ['WIP', 'draft', 'wip'], title_pattern: '' })).toEqual({ labels: ['draft', 'wip'], title_pattern: null });
    expect(canonicalSection('exclude_branches', {})).toEqual({ patterns: [] });
    expect(canonicalSection('default_branch', { branch_name: '' })).toEqual({ branch_name: null });
  });

  it('compares by meaning', () => {
    expect(sectionsEqual('exclude_file_extensions', { patterns: ['b', 'a', 'a'] }, { patterns: ['a', 'b'] })).toBe(true);
    expect(sectionsEqual('coding_time_strategy', { method: 'first_commit', backfill_days: 90 }, { method: 'first_commit' })).toBe(true);
    expect(sectionsEqual('releases_detection', { method: 'tags', pattern: '^v' }, { method: 'tags', pattern: '^v\\d' })).toBe(false);
  });
});
