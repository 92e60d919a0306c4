// Table tests of the Git side of buildPlan: team Git scopes, monitoring, org defaults and
// repository overrides, with the minimal call choice for each.

import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../src/core/plan.js';
import { desired, liveState, repo } from './builders.js';
import { planLines, type PlanCase } from './plan-text.js';
import { renderPlanJson } from '../../src/render/json.js';
import { plainStyle } from '../../src/render/style.js';
import { renderPlanText } from '../../src/render/text.js';

const REPOS = [
  repo(1201, 'acme/api'),
  repo(1202, 'acme/web'),
  repo(1208, 'acme/notifications', 20, 'not_monitored'),
  repo(1213, 'acme/archive-2019', 20, 'not_monitored'),
  repo(1214, 'acme/archive-2020', 20, 'monitored'),
  repo(1215, 'acme/sandbox', 20, 'discovered'),
  repo(1217, 'acme/legacy-billing', 20, 'failing'),
  repo(1218, 'acme/tools', 20, 'monitored'),
  repo(2108, 'acme/tools', 21, 'not_monitored'),
  repo(2101, 'labs/ml-pipeline', 21, 'monitored'),
];
const GIT_SCOPE = '/api/v1/git/config/teams';

const cases: PlanCase[] = [
  // ---- team Git scope ----
  {
    name: 'git scope: a key that only gains is written whole (PATCH mode=merge), never mode=add: the scope ends as this run\'s, not a blend',
    config: { teams: { 42: { git: { repositories: ['acme/api', 'acme/web'], services: [7] } } } },
    live: { repos: REPOS, git: { 42: { repositories: [1201], services: [7] } } },
    want: [
      '~ team[42].git.repositories [changes-team-metrics]',
      `stage 1 PATCH ${GIT_SCOPE}/42/scope?mode=merge {"repository_ids":[1201,1202]}`,
    ],
    options: { impacts: true },
  },
  {
    name: 'git scope: a key losing an id is PATCH mode=merge with that key only; a key not written is empty',
    config: { teams: { 42: { git: { repositories: ['acme/api'] } } } },
    live: { repos: REPOS, git: { 42: { repositories: [1201, 1202], services: [] } } },
    want: [
      '~ team[42].git.repositories [changes-team-metrics] !scope_removal',
      `stage 1 PATCH ${GIT_SCOPE}/42/scope?mode=merge {"repository_ids":[1201]}`,
    ],
    options: { impacts: true },
  },
  {
    name: 'git scope: both keys gain: one PUT of both keys whole',
    config: { teams: { 42: { git: { repositories: [1201, 1202], services: [7, 8] } } } },
    live: { repos: REPOS, git: { 42: { repositories: [1201], services: [7] } } },
    want: ['~ team[42].git.repositories', '~ team[42].git.services', `stage 1 PUT ${GIT_SCOPE}/42/scope {"repository_ids":[1201,1202],"service_ids":[7,8]}`],
  },
  {
    name: 'git scope: both keys change and one loses: one PUT',
    config: { teams: { 42: { git: { repositories: ['acme/web'], services: [7, 8] } } } },
    live: { repos: REPOS, git: { 42: { repositories: [1201], services: [7] } } },
    want: ['~ team[42].git.repositories', '~ team[42].git.services', `stage 1 PUT ${GIT_SCOPE}/42/scope {"repository_ids":[1202],"service_ids":[7,8]}`],
  },
  {
    name: 'git scope: both keys become empty: one DELETE',
    config: { teams: { 42: { git: {} } } },
    live: { repos: REPOS, git: { 42: { repositories: [1201], services: [7] } } },
    want: ['- team[42].git.repositories', '- team[42].git.services', `stage 1 DELETE ${GIT_SCOPE}/42/scope`],
  },
  {
    name: 'git scope in sync; a team whose Git scope is not written is untouched',
    config: { teams: { 42: { git: { repositories: [1201, 'acme/web'], services: [7] } }, 43: { pm: {} } } },
    live: { repos: REPOS, git: { 42: { repositories: [1202, 1201], services: [7] }, 43: { repositories: [1218] } } },
    want: [],
  },
  {
    name: 'git scope naming a repository this plan starts to monitor waits for the start (stage 2)',
    config: { teams: { 42: { git: { repositories: ['acme/api', 'acme/notifications'] } } }, repositories: { 'acme/notifications': { monitored: true } } },
    live: { repos: REPOS, git: { 42: { repositories: [1201] } } },
    want: [
      '~ team[42].git.repositories',
      '+ repo["acme/notifications"].monitored',
      'stage 1 PATCH /api/v1/git/repositories {"repositories":[{"id":1208,"state":"monitored"}]}',
      `stage 2 PATCH ${GIT_SCOPE}/42/scope?mode=merge {"repository_ids":[1201,1208]} after monitor.1`,
    ],
  },
  {
    name: 'git scope naming a repository that is not and will not be monitored is predicted to be refused',
    config: { teams: { 42: { git: { repositories: ['acme/api', 'acme/notifications'] } } } },
    live: { repos: REPOS, git: { 42: { repositories: [1201] } } },
    want: [
      '~ team[42].git.repositories',
      `stage 1 PATCH ${GIT_SCOPE}/42/scope?mode=merge {"repository_ids":[1201,1208]}`,
      "error: repository acme/notifications (1208) cannot be in team 42's Git scope: it is not monitored and this plan does not start monitoring it (the service refuses the write) @ team[42].git.repositories (emctl.yaml#teams.42.git.repositories:1:1)",
    ],
  },
  {
    name: 'stop monitoring goes last, after the Git scope write that drops the repository',
    config: { teams: { 42: { git: { repositories: ['acme/api'] } } }, repositories: { 'acme/web': { monitored: false } } },
    live: { repos: REPOS, git: { 42: { repositories: [1201, 1202] } } },
    want: [
      '~ team[42].git.repositories',
      '- repo["acme/web"].monitored',
      `stage 1 PATCH ${GIT_SCOPE}/42/scope?mode=merge {"repository_ids":[1201]}`,
      'stage 2 PATCH /api/v1/git/repositories {"repositories":[{"id":1202,"state":"not_monitored"}]} after git-scope.42',
    ],
  },
  {
    name: 'repository names: a name on two Git integrations is ambiguous unless integration: is written; unknown names suggest',
    config: {
      teams: { 42: { git: { repositories: ['acme/tools'] } }, 43: { git: { repositories: [{ name: 'acme/tools', integration: 'labs' }, 'acme/ap'] } }, 44: { git: { repositories: [{ name: 'acme/tools', integration: 'code' }] } } },
    },
    live: { repos: REPOS, git: { 42: {}, 43: {}, 44: {} } },
    want: [
      '+ team[44].git.repositories',
      `stage 1 PATCH ${GIT_SCOPE}/44/scope?mode=merge {"repository_ids":[1218]}`,
      'error: repository name "acme/tools" is ambiguous: 1218 on 20 (Acme Code), 2108 on 21 (Acme Labs); add integration: or use the id (emctl.yaml#teams.42.git.repositories.0:1:1)',
      'error: unknown repository "acme/ap"; did you mean "acme/api"? (emctl.yaml#teams.43.git.repositories.1:1:1)',
    ],
  },
  {
    name: 'a team the service does not know: one error even when both its PM and Git scopes are written',
    config: { teams: { 77: { pm: { tracker: {} }, git: { repositories: [] } } } },
    live: { repos: REPOS, pm: { 77: 'not_found' }, git: { 77: 'not_found' } },
    want: ['error: team 77 does not exist (the service answers 404 for it) @ team[77] (emctl.yaml#teams.77:1:1)'],
  },
  // ---- monitoring ----
  {
    name: 'monitoring globs: include and exclude, per-repository monitored: wins; failing counts as monitored; duplicate names addressed by id',
    config: { monitoring: { include: ['acme/*'], exclude: ['acme/archive-*', 'acme/sandbox'] }, repositories: { 'acme/archive-2019': { monitored: true } } },
    live: { repos: REPOS },
    want: [
      '+ repo["acme/archive-2019"].monitored [backfill, counts-against-limit]',
      '- repo["acme/archive-2020"].monitored [stops-collection] !stop_monitoring',
      '+ repo["acme/notifications"].monitored [backfill, counts-against-limit]',
      '+ repo[2108].monitored [backfill, counts-against-limit]',
      '- repo["labs/ml-pipeline"].monitored [stops-collection] !stop_monitoring',
      // No stop waits on a Git scope write: starts and stops share one call.
      'stage 1 PATCH /api/v1/git/repositories {"repositories":[{"id":1208,"state":"monitored"},{"id":1213,"state":"monitored"},{"id":2108,"state":"monitored"},{"id":1214,"state":"not_monitored"},{"id":2101,"state":"not_monitored"}]}',
    ],
    options: { impacts: true },
  },
  {
    name: 'monitoring: ids and `?` globs; an unknown id is an error, a pattern matching nothing a warning',
    config: { monitoring: { include: [1201, 1202, 1214, 'acme/tool?', 'acme/legacy-*', 9999], exclude: ['nothing/*'] } },
    live: { repos: REPOS.filter((r) => r.id !== 2108) },
    want: [
      '- repo["labs/ml-pipeline"].monitored',
      'stage 1 PATCH /api/v1/git/repositories {"repositories":[{"id":2101,"state":"not_monitored"}]}',
      'error: repository 9999 does not exist (emctl.yaml#git.monitoring.include.5:1:1)',
      'warning: monitoring exclude pattern "nothing/*" matches no repository',
    ],
  },
  {
    name: 'monitoring patterns need the complete repository list',
    config: { monitoring: { include: ['*'] } },
    live: { repos: REPOS, repositoriesComplete: false },
    want: ['error: monitoring patterns need the complete repository list, which was not read (emctl.yaml#git.monitoring:1:1)'],
  },
  // ---- org defaults ----
  {
    name: 'org defaults: one PATCH with the changed sections as written; unchanged sections (recompute or not) never sent',
    config: {
      defaults: {
        releases_detection: { method: 'tags', pattern: '^v\\d+', backfill_days: 1 },
        exclude_branches: { patterns: ['^renovate/', '^dependabot/'] },
        active_branches_duration: { days: 7 },
        bot_pr_attribution: { method: 'merge_actor' },
      },
    },
    live: { org: { exclude_branches: { patterns: ['^dependabot/', '^renovate/'] } } },
    want: [
      '~ git.defaults.releases_detection [history-recompute]',
      '~ git.defaults.active_branches_duration',
      'stage 1 PATCH /api/v1/git/config {"releases_detection":{"method":"tags","pattern":"^v\\\\d+","backfill_days":1},"active_branches_duration":{"days":7}}',
    ],
    options: { impacts: true },
  },
  {
    name: 'org defaults: backfill_days never diffs; absent vs null vs "" are one canonical value',
    config: {
      defaults: {
        coding_time_strategy: { method: 'first_commit', backfill_days: 1 },
        draft_pull_requests: { title_pattern: '' },
        default_branch: {},
        releases_detection: { method: 'merge_to_branch', pattern: '^main$' },
      },
    },
    live: { org: { draft_pull_requests: { labels: [], title_pattern: null }, default_branch: { branch_name: null } } },
    want: [],
  },
  // ---- repository overrides ----
  {
    name: 'repo settings: added and changed sections in one PATCH; a changed recompute section carries its backfill_days',
    config: { repositories: { 'acme/api': { settings: { default_branch: { branch_name: 'main' }, coding_time_strategy: { method: 'issue_state_pr', backfill_days: 90 }, exclude_branches: { patterns: ['^tmp/'] } } } } },
    live: { repos: REPOS, overrides: { 1201: { default_branch: { branch_name: 'master' }, exclude_branches: { patterns: ['^tmp/'] } } } },
    want: [
      '~ repo["acme/api"].settings.default_branch',
      '+ repo["acme/api"].settings.coding_time_strategy [history-recompute, backfill]',
      'stage 1 PATCH /api/v1/git/repositories/1201/config {"default_branch":{"branch_name":"main"},"coding_time_strategy":{"method":"issue_state_pr","backfill_days":90}}',
    ],
    options: { impacts: true },
  },
  {
    name: 'repo settings: one override removed of several: DELETE that section',
    config: { repositories: { 'acme/api': { settings: { default_branch: { branch_name: 'main' } } } } },
    live: { repos: REPOS, overrides: { 1201: { default_branch: { branch_name: 'main' }, exclude_branches: { patterns: ['^tmp/'] } } } },
    want: [
      '- repo["acme/api"].settings.exclude_branches [history-recompute, backfill] !override_removal',
      'stage 1 DELETE /api/v1/git/repositories/1201/config/exclude_branches',
    ],
    options: { impacts: true },
  },
  {
    name: 'repo settings: every override goes: ONE DELETE of the config; addressed by id when written by id',
    config: { repositories: { '#1201': { settings: {} } } },
    live: { repos: REPOS, overrides: { 1201: { default_branch: { branch_name: 'main' }, draft_pull_requests: { labels: ['wip'] } } } },
    want: [
      '- repo[1201].settings.draft_pull_requests',
      '- repo[1201].settings.default_branch',
      'stage 1 DELETE /api/v1/git/repositories/1201/config',
    ],
  },
  {
    name: 'repo settings: a change plus two removals is one PUT when what it re-sends is not a recompute section',
    config: { repositories: { 'acme/api': { settings: { default_branch: { branch_name: 'trunk' }, draft_pull_requests: { labels: ['WIP'] } } } } },
    live: {
      repos: REPOS,
      overrides: { 1201: { default_branch: { branch_name: 'main' }, draft_pull_requests: { labels: ['wip'] }, exclude_branches: { patterns: ['^a/'] }, exclude_base_branches: { patterns: ['^b/'] } } },
    },
    want: [
      '~ repo["acme/api"].settings.default_branch',
      '- repo["acme/api"].settings.exclude_branches',
      '- repo["acme/api"].settings.exclude_base_branches',
      'stage 1 PUT /api/v1/git/repositories/1201/config {"default_branch":{"branch_name":"trunk"},"draft_pull_requests":{"labels":["wip"]}}',
    ],
  },
  {
    name: 'repo settings: no PUT when it would re-send an unchanged recompute section: PATCH + DELETE per section',
    config: { repositories: { 'acme/api': { settings: { default_branch: { branch_name: 'trunk' }, exclude_file_extensions: { patterns: ['\\.md$'] } } } } },
    live: {
      repos: REPOS,
      overrides: { 1201: { default_branch: { branch_name: 'main' }, exclude_file_extensions: { patterns: ['\\.md$'] }, exclude_branches: { patterns: ['^a/'] }, draft_pull_requests: { labels: ['x'] } } },
    },
    want: [
      '- repo["acme/api"].settings.draft_pull_requests',
      '~ repo["acme/api"].settings.default_branch',
      '- repo["acme/api"].settings.exclude_branches',
      'stage 1 PATCH /api/v1/git/repositories/1201/config {"default_branch":{"branch_name":"trunk"}}',
      'stage 1 DELETE /api/v1/git/repositories/1201/config/draft_pull_requests',
      'stage 1 DELETE /api/v1/git/repositories/1201/config/exclude_branches',
    ],
  },
  {
    name: 'repo settings in sync; a repository whose settings are not written is never read into the diff',
    config: { repositories: { 'acme/api': { settings: { exclude_branches: { patterns: ['^b/', '^a/'] }, releases_detection: { method: 'api', backfill_days: 1 } } }, 'acme/web': { monitored: true } } },
    live: { repos: REPOS, overrides: { 1201: { exclude_branches: { patterns: ['^a/', '^b/'] }, releases_detection: { method: 'api', pattern: null } } } },
    want: [],
  },
  {
    name: 'repo settings: an organization-only section cannot be overridden',
    config: { repositories: { 'acme/api': { settings: { active_branches_duration: { days: 7 } } as never } } },
    live: { repos: REPOS, overrides: { 1201: {} } },
    want: ['error: "active_branches_duration" is organization-wide only; it cannot be overridden per repository (emctl.yaml#git.repositories.acme/api.settings.active_branches_duration:1:1)'],
  },
];

describe('buildPlan: Git', () => {
  it.each(cases)('$name', ({ config, live, want, options }) => {
    const plan = buildPlan(desired(config), liveState(live));
    expect(planLines(plan, options)).toEqual(want);
  });
});

describe('buildPlan: how team Git scope changes read', () => {
  it('keeps ids in before/after and shows repositories by name: `id (name)` when the config names it by id or the name is on two integrations', () => {
    const plan = buildPlan(
      desired({ teams: { 42: { git: { repositories: ['acme/api', 'labs/ml-pipeline', 1202, 1218], services: [7, 8, 9] } } } }),
      liveState({ repos: REPOS, git: { 42: { repositories: [1201, 1214], services: [7] }, 43: { repositories: [], services: [8] } } }),
    );
    const [repos, services] = plan.changes;
    expect(repos).toMatchObject({
      address: 'team[42].git.repositories',
      before: [1201, 1214],
      after: [1201, 1202, 1218, 2101],
      display: {
        before: ['acme/api', 'acme/archive-2020'],
        after: ['acme/api', '1202 (acme/web)', '1218 (acme/tools)', 'labs/ml-pipeline'],
      },
    });
    // Service names come from the Git scope reads the plan made (any team's); 9 is in none.
    expect(services).toMatchObject({
      address: 'team[42].git.services',
      before: [7],
      after: [7, 8, 9],
      display: { before: ['7 (service-7)'], after: ['7 (service-7)', '8 (service-8)', 9] },
    });
    // The renderers show the names; the saved (JSON) plan keeps the ids in before/after, and the
    // names in display (format_version 2), which `emctl show` renders.
    const text = renderPlanText(plan, plainStyle);
    expect(text).toContain('~ team[42].git.repositories  + "1202 (acme/web)", "1218 (acme/tools)", "labs/ml-pipeline"  - "acme/archive-2020"');
    expect(text).toContain('~ team[42].git.services  + "8 (service-8)", 9');
    const saved = JSON.parse(renderPlanJson(plan)) as { changes: Record<string, unknown>[] };
    expect(saved.changes[0]).toMatchObject({ before: [1201, 1214], after: [1201, 1202, 1218, 2101] });
    expect(saved.changes[0]).toMatchObject({ display: { after: ['acme/api', '1202 (acme/web)', '1218 (acme/tools)', 'labs/ml-pipeline'] } });
  });

  it('shows a whole scope added or removed by names', () => {
    const plan = buildPlan(
      desired({ teams: { 42: { git: { repositories: ['acme/web'] } }, 43: { git: {} } } }),
      liveState({ repos: REPOS, git: { 42: { repositories: [], services: [] }, 43: { repositories: [2101], services: [] } } }),
    );
    const text = renderPlanText(plan, plainStyle);
    expect(text).toContain('+ team[42].git.repositories  ["acme/web"]');
    expect(text).toContain('- team[43].git.repositories  ["labs/ml-pipeline"]');
  });
});
