// Endpoints 10-12 over real HTTP: repository configuration with source/global_default, overrides
// (PUT/PATCH/DELETE/DELETE one section), organization defaults, section validation, and the history
// recomputes each change records.

import { describe, expect, test } from 'vitest';
import { call, clientFor, hasIssueAt, sharedEmulator } from '../helpers.js';

const emu = sharedEmulator();

const config = (repo: number, method = 'GET', body?: unknown) => call(emu, method, `/api/v1/git/repositories/${repo}/config`, { body });
async function recomputes(): Promise<string[]> {
  const r = await call(emu, 'GET', '/_emulator/recomputes');
  return r.body.items.map((e: { section: string; repository_id: number | null; backfill_days: number | null }) => `${e.section} ${e.repository_id} ${e.backfill_days}`);
}
const sources = (settings: Record<string, { source: string }>) => Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, v.source]));

describe('repository configuration', () => {
  test('GET: the seven sections, source repository with global_default, global without', async () => {
    const r = await config(1202);
    expect(r.body.repository_name).toBe('acme/web');
    expect(Object.keys(r.body.settings)).toEqual(['releases_detection', 'draft_pull_requests', 'default_branch', 'exclude_branches', 'exclude_base_branches', 'exclude_file_extensions', 'coding_time_strategy']);
    expect(r.body.settings.releases_detection).toEqual({
      value: { method: 'merge_to_branch', pattern: '^release/.*' },
      source: 'repository',
      global_default: { method: 'tags', pattern: '^v\\d+\\.\\d+\\.\\d+$' },
    });
    expect(r.body.settings.default_branch).toEqual({ value: { branch_name: null }, source: 'global' });
  });

  test('PATCH overrides the sections sent; others unchanged; recompute with backfill_days (default 90)', async () => {
    const client = await clientFor(emu);
    const r = await client.patchRepositoryConfig(1201, { releases_detection: { method: 'api' }, exclude_branches: { patterns: ['^tmp/'] } });
    expect(sources(r.settings)).toMatchObject({ releases_detection: 'repository', exclude_branches: 'repository', default_branch: 'repository', coding_time_strategy: 'global' });
    expect(r.settings.releases_detection?.value).toEqual({ method: 'api', pattern: null });
    expect(await recomputes()).toEqual(['releases_detection 1201 90', 'exclude_branches 1201 null']);
  });

  test('PUT replaces the override set: sections not sent return to the default', async () => {
    const r = await config(2101, 'PUT', { coding_time_strategy: { method: 'first_commit', backfill_days: 1 } });
    expect(sources(r.body.settings)).toMatchObject({ coding_time_strategy: 'repository', exclude_file_extensions: 'global' });
    // coding_time_strategy changed (recorded with backfill 1); the exclude_file_extensions override was removed.
    expect(await recomputes()).toEqual(['exclude_file_extensions 2101 null', 'coding_time_strategy 2101 1']);
  });

  test('a write that does not change a value records nothing', async () => {
    await config(1202, 'PATCH', { releases_detection: { method: 'merge_to_branch', pattern: '^release/.*', backfill_days: 90 } });
    await config(1201, 'PATCH', { default_branch: { branch_name: 'main' } });
    expect(await recomputes()).toEqual([]);
  });

  test('DELETE one section: override removed (recompute); a section not overridden changes nothing', async () => {
    const client = await clientFor(emu);
    const r = await client.deleteRepositoryOverride(1202, 'releases_detection');
    expect(r.settings.releases_detection).toEqual({ value: { method: 'tags', pattern: '^v\\d+\\.\\d+\\.\\d+$' }, source: 'global' });
    await client.deleteRepositoryOverride(1202, 'exclude_branches');
    expect(await recomputes()).toEqual(['releases_detection 1202 90']);
  });

  test('DELETE all overrides: the repository follows the default, including later changes', async () => {
    await config(2101, 'DELETE');
    expect(await recomputes()).toEqual(['exclude_file_extensions 2101 null', 'coding_time_strategy 2101 90']);
    await call(emu, 'PATCH', '/api/v1/git/config', { body: { coding_time_strategy: { method: 'issue_state_pr' } } });
    const r = await config(2101);
    expect(r.body.settings.coding_time_strategy).toEqual({ value: { method: 'issue_state_pr' }, source: 'global' });
  });

  test.each([
    [999999, 'GET', 404],
    [0, 'GET', 422],
    ['abc', 'GET', 422],
    [999999, 'PATCH', 404],
  ])('repo %s %s -> %i', async (repo, method, status) => {
    const r = await call(emu, method, `/api/v1/git/repositories/${repo}/config`, method === 'PATCH' ? { body: {} } : {});
    expect(r.status).toBe(status);
  });

  test('DELETE of an unknown section -> 400', async () => {
    const r = await call(emu, 'DELETE', '/api/v1/git/repositories/1202/config/bot_pr_attribution');
    expect(r.status).toBe(400);
    expect(hasIssueAt(r.body, ['path', 'section'])).toBe(true);
  });
});

describe('section validation (400 on repository and organization writes)', () => {
  test.each([
    ['unknown section', { release_detection: { method: 'tags' } }, ['body', 'release_detection']],
    ['org-only section on a repository', { active_branches_duration: { days: 7 } }, ['body', 'active_branches_duration']],
    ['method missing', { releases_detection: { pattern: 'x' } }, ['body', 'releases_detection', 'method']],
    ['deployment is read-only', { releases_detection: { method: 'deployment' } }, ['body', 'releases_detection', 'method']],
    ['tags without pattern', { releases_detection: { method: 'tags' } }, ['body', 'releases_detection', 'pattern']],
    ['pr_to_branch without pattern', { releases_detection: { method: 'pr_to_branch' } }, ['body', 'releases_detection', 'pattern']],
    ['api with pattern', { releases_detection: { method: 'api', pattern: 'x' } }, ['body', 'releases_detection', 'pattern']],
    ['backfill_days 30', { coding_time_strategy: { method: 'first_commit', backfill_days: 30 } }, ['body', 'coding_time_strategy', 'backfill_days']],
    ['bad coding method', { coding_time_strategy: { method: 'first_push' } }, ['body', 'coding_time_strategy', 'method']],
    ['regex that does not compile', { exclude_branches: { patterns: ['ok', '([a-z'] } }, ['body', 'exclude_branches', 'patterns', 1]],
    ['bad title regex', { draft_pull_requests: { title_pattern: '*wip' } }, ['body', 'draft_pull_requests', 'title_pattern']],
    ['unknown field in a section', { default_branch: { branch: 'main' } }, ['body', 'default_branch', 'branch']],
    ['section not an object', { default_branch: 'main' }, ['body', 'default_branch']],
    ['body not an object', ['default_branch'], ['body']],
  ])('%s', async (_name, body, loc) => {
    const r = await config(1201, 'PATCH', body);
    expect(r.status).toBe(400);
    expect(hasIssueAt(r.body, loc)).toBe(true);
  });

  test.each([
    ['days 5', { active_branches_duration: { days: 5 } }, 400],
    ['days 3', { active_branches_duration: { days: 3 } }, 200],
    ['days 14', { active_branches_duration: { days: 14 } }, 200],
    ['issue_start_time bad', { issue_start_time: { method: 'first' } }, 400],
    ['bot_pr_attribution none', { bot_pr_attribution: { method: 'none' } }, 200],
    ['Python named groups', { releases_detection: { method: 'tags', pattern: '^v(?P<major>\\d+)\\.(?P=major)$' } }, 200],
    ['Python \\A and \\Z', { include_file_extensions: { patterns: ['\\A.*\\.py\\Z'] } }, 200],
    ['inline flags', { exclude_branches: { patterns: ['(?i)^WIP/'] } }, 200],
    // The same dialect as `emctl validate` (src/contract/python-regex.ts): Python 3.11 takes these.
    ['scoped flags', { exclude_branches: { patterns: ['(?i:wip)/'] } }, 200],
    ['atomic group', { exclude_branches: { patterns: ['(?>tmp|temp)/'] } }, 200],
    ['possessive quantifier', { exclude_base_branches: { patterns: ['^a*+b'] } }, 200],
    ['verbose flag', { exclude_file_extensions: { patterns: ['(?x) \\. lock $  # lock files'] } }, 200],
    ['variable-width look-behind', { exclude_branches: { patterns: ['(?<=a+)b'] } }, 400],
    ['class escape as a range end', { exclude_branches: { patterns: ['[\\d-z]'] } }, 400],
    ['backfill_days 1', { releases_detection: { method: 'tags', pattern: '^v', backfill_days: 1 } }, 200],
  ])('org PATCH %s -> %i', async (_name, body, status) => {
    const r = await call(emu, 'PATCH', '/api/v1/git/config', { body });
    expect(r.status).toBe(status);
  });

  test('malformed JSON -> 400', async () => {
    const r = await call(emu, 'PATCH', '/api/v1/git/config', { raw: '{"default_branch": ' });
    expect(r.status).toBe(400);
    expect(r.body.detail[0].type).toBe('json_invalid');
  });
});

describe('organization configuration', () => {
  test('GET: all eleven sections, flat', async () => {
    const client = await clientFor(emu);
    const r = await client.getOrgConfig();
    expect(Object.keys(r.settings).sort()).toEqual([
      'active_branches_duration', 'bot_pr_attribution', 'coding_time_strategy', 'default_branch', 'draft_pull_requests', 'exclude_base_branches',
      'exclude_branches', 'exclude_file_extensions', 'include_file_extensions', 'issue_start_time', 'releases_detection',
    ]);
    expect(r.settings.active_branches_duration).toEqual({ days: 14 });
    expect(r.settings.include_file_extensions).toEqual({ patterns: ['.*$'] });
  });

  test('PATCH writes sections sent; one org-level recompute per changed recompute section; overrides unaffected', async () => {
    const r = await call(emu, 'PATCH', '/api/v1/git/config', {
      body: {
        releases_detection: { method: 'pr_to_branch', pattern: '^production$', backfill_days: 1 },
        exclude_branches: { patterns: ['^dependabot/.*', '^renovate/.*'] }, // unchanged
        active_branches_duration: { days: 3 }, // not a recompute section
        include_file_extensions: { patterns: ['\\.(ts|py)$'] },
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.settings.releases_detection).toEqual({ method: 'pr_to_branch', pattern: '^production$' });
    expect(await recomputes()).toEqual(['releases_detection null 1', 'include_file_extensions null null']);
    const web = await config(1202);
    expect(web.body.settings.releases_detection).toMatchObject({ source: 'repository', value: { method: 'merge_to_branch' }, global_default: { method: 'pr_to_branch' } });
  });

  test('unknown query parameter on a Git route -> 422', async () => {
    const r = await call(emu, 'GET', '/api/v1/git/config?verbose=1');
    expect(r.status).toBe(422);
  });
});
