// --target / --exclude filtering, the items and addresses apply maps results with, totals for
// the safety rails, and the summary.

import { describe, expect, it } from 'vitest';
import { buildPlan, type PlanOptions } from '../../src/core/plan.js';
import { desired, liveState, repo, type DesiredSpec, type LiveSpec } from './builders.js';
import { planLines } from './plan-text.js';

const ENTITIES = {
  10: {
    boards: [
      { id: '101', selected: true, usedBy: [42] },
      { id: '102', selected: true, usedBy: [43] },
      { id: '103', selected: false },
    ],
    labels: ['backend', 'infra'],
  },
};
const SCOPE = '/api/v1/pm/config/teams/scope';

/** A config touching collection, two teams and a repository. */
const CONFIG: DesiredSpec = {
  collection: { tracker: { boards: ['101', '103'] } },
  teams: {
    42: { pm: { tracker: { boards: ['101', '103'], labels: ['infra'] } } },
    43: { pm: { tracker: { boards: ['101'] } } },
  },
  repositories: { 'acme/api': { settings: { default_branch: { branch_name: 'trunk' } } } },
};
const LIVE: LiveSpec = {
  entities: ENTITIES,
  pm: { 42: { 10: { boards: ['101'], labels: ['backend'] } }, 43: { 10: { boards: ['102'] } } },
  repos: [repo(1201, 'acme/api')],
  overrides: { 1201: { default_branch: { branch_name: 'main' }, draft_pull_requests: { labels: ['wip'] } } },
};

const cases: { name: string; options: PlanOptions; want: string[] }[] = [
  {
    name: 'no filter: everything',
    options: {},
    want: [
      '- collection.tracker.boards["102"]',
      '+ collection.tracker.boards["103"]',
      '~ team[42].pm.tracker.boards',
      '~ team[42].pm.tracker.labels',
      '~ team[43].pm.tracker.boards',
      '- repo["acme/api"].settings.draft_pull_requests',
      '~ repo["acme/api"].settings.default_branch',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":42,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"101"},{"entity_provider_id":"103"}],"labels":[{"name":"infra"}]}}]},{"team_id":43,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"101"}]}}]}]}`,
      // An update and a removal: one PUT instead of PATCH + DELETE.
      'stage 1 PUT /api/v1/git/repositories/1201/config {"default_branch":{"branch_name":"trunk"}}',
      'stage 2 PATCH /api/v2/pm/integrations/10/entities/boards {"entities":[{"entity_provider_id":"102","is_selected_for_collection":false}]} after pm-scope.merge.1',
    ],
  },
  {
    name: '--target one scope key: only that key is written (whole)',
    options: { targets: ['team[42].pm.tracker.boards'] },
    want: ['~ team[42].pm.tracker.boards', `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":42,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"101"},{"entity_provider_id":"103"}]}}]}]}`],
  },
  {
    name: '--target collection: the select is sent by itself once no scope write carries it',
    options: { targets: ['collection.tracker.boards["103"]'] },
    want: ['+ collection.tracker.boards["103"]', 'stage 1 PATCH /api/v2/pm/integrations/10/entities/boards {"entities":[{"entity_provider_id":"103","is_selected_for_collection":true}]}'],
  },
  {
    name: '--exclude a team: the deselect it would free is predicted to be refused',
    options: { excludes: ['team[43]', 'repo'] },
    want: [
      '- collection.tracker.boards["102"]',
      '+ collection.tracker.boards["103"]',
      '~ team[42].pm.tracker.boards',
      '~ team[42].pm.tracker.labels',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":42,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"101"},{"entity_provider_id":"103"}],"labels":[{"name":"infra"}]}}]}]}`,
      'stage 2 PATCH /api/v2/pm/integrations/10/entities/boards {"entities":[{"entity_provider_id":"102","is_selected_for_collection":false}]}',
      'error: cannot deselect board "102" on tracker: team 43 (team-43) still uses it after this plan (entity_in_use) @ collection.tracker.boards["102"] (emctl.yaml#collection.tracker.boards:1:1)',
    ],
  },
  {
    name: '--target matching at a component boundary only, and one matching nothing warns',
    options: { targets: ['team[4]', 'repo["acme/api"]'] },
    want: [
      '- repo["acme/api"].settings.draft_pull_requests',
      '~ repo["acme/api"].settings.default_branch',
      'stage 1 PUT /api/v1/git/repositories/1201/config {"default_branch":{"branch_name":"trunk"}}',
      'warning: --target team[4] matches no pending change',
    ],
  },
];

describe('buildPlan: --target and --exclude', () => {
  it.each(cases)('$name', ({ options, want }) => {
    expect(planLines(buildPlan(desired(CONFIG), liveState(LIVE), options))).toEqual(want);
  });
});

// A methodology change left out by a filter must not be made anyway by the write that carries
// the rest: on tracker_a, a write emptying boards without methodology turns the team Kanban, and
// a write that sends methodology sets it. What is preserved is the live methodology.
const METHODOLOGY_ENTITIES = { 10: { boards: [{ id: '101', selected: true }], labels: ['backend'] } };
const methodologyCases: { name: string; config: DesiredSpec; live: LiveSpec; options: PlanOptions; want: string[] }[] = [
  {
    name: 'methodology Scrum -> Kanban excluded while boards are emptied: the write keeps the team Scrum',
    config: { teams: { 42: { pm: { tracker: { methodology: 'Kanban', labels: ['backend'] } } } } },
    live: { entities: METHODOLOGY_ENTITIES, pm: { 42: { 10: { methodology: 'Scrum', boards: ['101'], labels: ['backend'] } } } },
    options: { excludes: ['team[42].pm.tracker.methodology'] },
    want: [
      '- team[42].pm.tracker.boards',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":42,"items":[{"integration_id":10,"scope":{"boards":[]},"methodology":"Scrum"}]}]}`,
    ],
  },
  {
    name: 'methodology Kanban -> Scrum excluded while boards are emptied: no methodology is sent (the team stays Kanban)',
    config: { teams: { 42: { pm: { tracker: { methodology: 'Scrum', labels: ['backend'] } } } } },
    live: { entities: METHODOLOGY_ENTITIES, pm: { 42: { 10: { methodology: 'Kanban', boards: ['101'], labels: ['backend'] } } } },
    options: { excludes: ['team[42].pm.tracker.methodology'] },
    want: ['- team[42].pm.tracker.boards', 'stage 1 DELETE /api/v1/pm/config/teams/42/scope/boards?integration_id=10'],
  },
  {
    name: 'methodology Kanban -> Scrum excluded while the whole scope is cleared: one DELETE (the team stays Kanban)',
    config: { teams: { 42: { pm: { tracker: { methodology: 'Scrum' } } } } },
    live: { entities: METHODOLOGY_ENTITIES, pm: { 42: { 10: { methodology: 'Kanban', boards: ['101'], labels: ['backend'] } } } },
    options: { excludes: ['team[42].pm.tracker.methodology'] },
    want: ['- team[42].pm.tracker.boards', '- team[42].pm.tracker.labels', 'stage 1 DELETE /api/v1/pm/config/teams/42/scope?integration_id=10'],
  },
];

describe('buildPlan: a filtered-out methodology change is not made by the scope write', () => {
  it.each(methodologyCases)('$name', ({ config, live, options, want }) => {
    expect(planLines(buildPlan(desired(config), liveState(live), options))).toEqual(want);
  });
});

describe('buildPlan: what apply and the safety rails read', () => {
  const plan = buildPlan(desired(CONFIG), liveState(LIVE));

  it('maps applied/rejected entries to addresses; the scope write answers for the selection it carries', () => {
    expect(plan.operations.map((op) => ({ id: op.id, items: op.items?.map((i) => `${i.key} -> ${i.address}`) }))).toEqual([
      {
        id: 'pm-scope.merge.1',
        items: [
          '42/10 -> team[42].pm.tracker.boards',
          '42/10 -> team[42].pm.tracker.labels',
          '43/10 -> team[43].pm.tracker.boards',
          '42/10 -> collection.tracker.boards["103"]',
        ],
      },
      { id: 'repo-config.1201.put', items: undefined },
      { id: 'deselect.10.boards.1', items: ['102 -> collection.tracker.boards["102"]'] },
    ]);
    expect(plan.operations[0]?.addresses).toContain('collection.tracker.boards["103"]');
  });

  it('counts existing objects per destructive kind and sums the actions', () => {
    // deselect: 2 selected boards; scope_removal: 42's boards and labels, 43's boards; override_removal: 2 overrides.
    expect(plan.totals).toEqual({ deselect: 2, scope_removal: 3, override_removal: 2 });
    expect(plan.summary).toEqual({ add: 1, remove: 2, update: 4, operations: 3 });
    expect(plan.reads).toEqual([]);
    expect(plan.config_files).toEqual(['emctl.yaml']);
  });

  it('a second plan against the state the first one produces is empty', () => {
    const after: LiveSpec = {
      entities: { 10: { boards: [{ id: '101', selected: true }, { id: '102', selected: false }, { id: '103', selected: true }], labels: ['backend', 'infra'] } },
      pm: { 42: { 10: { boards: ['101', '103'], labels: ['infra'] } }, 43: { 10: { boards: ['101'] } } },
      repos: [repo(1201, 'acme/api')],
      overrides: { 1201: { default_branch: { branch_name: 'trunk' } } },
    };
    expect(planLines(buildPlan(desired(CONFIG), liveState(after)))).toEqual([]);
  });
});
