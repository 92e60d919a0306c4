// Table tests of the PM side of buildPlan: selections, team PM scopes, methodology, the
// predictions about them. Each case is a config, a live state and the plan as text lines.

import { describe, expect, it } from 'vitest';
import { buildPlan, buildPlanStaged } from '../../src/core/plan.js';
import { desired, integration, INTEGRATIONS, liveState } from './builders.js';
import { planLines, type PlanCase } from './plan-text.js';

const SCOPE = '/api/v1/pm/config/teams/scope';
const TRACKER = {
  boards: [
    { id: '101', name: 'Payments board', selected: true, usedBy: [42] },
    { id: '102', name: 'Checkout board', selected: true, usedBy: [43] },
    { id: '103', name: 'Platform board', selected: false },
    { id: '108', name: 'Legacy billing', selected: true, reachable: false },
  ],
  epics: ['EP-7', 'EP-8'],
  labels: ['backend', 'infra', 'mobile'],
  fields: ['customfield_1'],
};
const WORK = {
  projects: [{ id: 'proj-1', selected: true, usedBy: [44] }, { id: 'proj-2', selected: false }],
  teams: [{ id: 'team-1', parent: 'proj-1' }, { id: 'team-3', parent: 'proj-2' }],
  areas: [{ id: 'area-1', teams: ['team-1'] }, { id: 'area-2', teams: ['team-1'] }, { id: 'area-4', teams: ['team-3'] }],
};
const ENTITIES = { 10: TRACKER, 11: WORK };

const cases: PlanCase[] = [
  // ---- selection sets ----
  {
    name: 'selection: one entity added and one removed, in one call (no deselect waits on a scope write)',
    config: { collection: { tracker: { boards: ['101', '103', '108'] } } },
    live: { entities: ENTITIES, pm: { 43: { 10: { boards: ['102'] } } } },
    want: [
      '- collection.tracker.boards["102"] [stops-collection] !deselect',
      '+ collection.tracker.boards["103"] [counts-against-limit]',
      'stage 1 PATCH /api/v2/pm/integrations/10/entities/boards {"entities":[{"entity_provider_id":"103","is_selected_for_collection":true},{"entity_provider_id":"102","is_selected_for_collection":false}]}',
      'error: cannot deselect board "102" on tracker: team 43 (team-43) uses it and the config does not manage that team\'s scope on tracker (entity_in_use) @ collection.tracker.boards["102"] (emctl.yaml#collection.tracker.boards:1:1)',
    ],
    options: { impacts: true },
  },
  {
    name: 'selection in sync, written in another order and by name: nothing to do',
    config: { collection: { tracker: { boards: ['108', { name: 'Checkout board' }, '101'] } } },
    live: { entities: ENTITIES },
    want: [],
  },
  {
    name: 'selection: an unknown board name is an error with its location and a suggestion; the set is not diffed',
    config: { collection: { tracker: { boards: [{ name: 'Paymnts board' }] } } },
    live: { entities: ENTITIES },
    want: ['error: unknown board "Paymnts board" on tracker; did you mean "Payments board"? (emctl.yaml#collection.tracker.boards.0:1:1)'],
  },
  {
    name: 'selection: selecting an entity the provider no longer exposes is predicted to be refused',
    config: { collection: { tracker: { boards: ['101', '102', '108'] } } },
    live: { entities: { 10: { boards: [{ id: '101', selected: true }, { id: '102', selected: true }, { id: '108', selected: false, reachable: false }] } } },
    want: [
      '+ collection.tracker.boards["108"]',
      'stage 1 PATCH /api/v2/pm/integrations/10/entities/boards {"entities":[{"entity_provider_id":"108","is_selected_for_collection":true}]}',
      'error: board "108" on tracker is no longer exposed by the provider: it cannot be selected (entity_not_reachable) @ collection.tracker.boards["108"] (emctl.yaml#collection.tracker.boards.2:1:1)',
    ],
  },
  {
    name: 'selection on a read-only integration is predicted to be refused',
    config: { integrations: { eu: { name: 'Acme Tracker EU' } }, collection: { eu: { boards: ['901'] } } },
    live: { integrations: [...INTEGRATIONS, integration(12, 'tracker_a', 'Acme Tracker EU', 'in-progress')], entities: { 12: { boards: [{ id: '901', selected: false }] } } },
    want: [
      '+ collection.eu.boards["901"]',
      'stage 1 PATCH /api/v2/pm/integrations/12/entities/boards {"entities":[{"entity_provider_id":"901","is_selected_for_collection":true}]}',
      'error: integration 12 (Acme Tracker EU) is in-progress, so it is read-only: the service refuses this write (integration_read_only) @ collection.eu.boards["901"] (emctl.yaml#collection.eu.boards.0:1:1)',
    ],
  },
  {
    name: 'integration alias: unknown alias and an ambiguous display name are errors',
    config: {
      integrations: { tracker: { id: 10 }, dup: { name: 'Twin' } },
      collection: { trackr: { boards: ['101'] }, dup: { boards: ['1'] } },
    },
    live: { integrations: [...INTEGRATIONS, integration(13, 'tracker_a', 'Twin'), integration(14, 'tracker_a', 'Twin')], entities: ENTITIES },
    want: [
      'error: unknown integration alias "trackr"; did you mean "tracker"? (emctl.yaml#collection.trackr.boards:1:1)',
      'error: integration alias "dup": name "Twin" is ambiguous, it matches 13 (Twin), 14 (Twin); use { id: ... } (emctl.yaml#collection.dup.boards:1:1)',
    ],
  },
  {
    name: 'integration: a Git integration where a PM one is needed, and a numeric id used as the alias in addresses',
    config: { collection: { code: { boards: ['1'] }, 10: { boards: ['101', '102', '103', '108'] } } },
    live: { entities: ENTITIES },
    want: [
      '+ collection.10.boards["103"]',
      'stage 1 PATCH /api/v2/pm/integrations/10/entities/boards {"entities":[{"entity_provider_id":"103","is_selected_for_collection":true}]}',
      'error: integration "code" is 20 (Acme Code), a git integration; a pm integration is needed here (emctl.yaml#collection.code.boards:1:1)',
    ],
  },
  // ---- team PM scope: modes ----
  {
    name: 'scope: keys that only gain are written whole (mode=merge), so the key ends as this run\'s list, never a blend with another run\'s',
    config: { teams: { 42: { pm: { tracker: { boards: ['101', '103'], labels: ['backend', 'infra'] } } } } },
    live: { entities: ENTITIES, pm: { 42: { 10: { boards: ['101'], labels: ['backend'] } } } },
    want: [
      '~ team[42].pm.tracker.boards [changes-team-metrics, counts-against-limit]',
      '~ team[42].pm.tracker.labels [changes-team-metrics]',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":42,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"101"},{"entity_provider_id":"103"}],"labels":[{"name":"backend"},{"name":"infra"}]}}]}]}`,
    ],
    options: { impacts: true },
  },
  {
    name: 'scope: a key losing an entry goes as mode=merge with only the changed keys, whole lists',
    config: { teams: { 42: { pm: { tracker: { boards: ['101'], epics: ['EP-8'], labels: ['backend'] } } } } },
    live: { entities: ENTITIES, pm: { 42: { 10: { boards: ['101'], epics: ['EP-7'], labels: ['backend'] } } } },
    want: [
      '~ team[42].pm.tracker.epics [changes-team-metrics] !scope_removal',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":42,"items":[{"integration_id":10,"scope":{"epics":[{"entity_provider_id":"EP-8"}]}}]}]}`,
    ],
    options: { impacts: true },
  },
  {
    name: 'scope: a field whose values change is not an add (merge), and value order does not diff',
    config: { teams: { 42: { pm: { tracker: { fields: [{ id: 'customfield_1', value: ['B', 'A'] }] } } }, 43: { pm: { tracker: { fields: [{ id: 'customfield_1', value: ['B', 'A', 'C'] }] } } } } },
    live: { entities: ENTITIES, pm: { 42: { 10: { fields: [{ id: 'customfield_1', value: ['A', 'B'] }] } }, 43: { 10: { fields: [{ id: 'customfield_1', value: ['A', 'B'] }] } } } },
    want: [
      '~ team[43].pm.tracker.fields',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":43,"items":[{"integration_id":10,"scope":{"fields":[{"entity_provider_id":"customfield_1","value":["A","B","C"]}]}}]}]}`,
    ],
  },
  {
    name: 'scope: a key that only gains but keeps an entry the provider no longer exposes is added to (mode=add, new entries only): a whole write would name it and be refused',
    config: { teams: { 45: { pm: { tracker: { boards: ['103', '108'] } } } } },
    live: { entities: ENTITIES, pm: { 45: { 10: { boards: ['108'] } } } },
    want: [
      '~ team[45].pm.tracker.boards',
      `stage 1 PATCH ${SCOPE}?mode=add {"teams":[{"team_id":45,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"103"}]}}]}]}`,
    ],
  },
  {
    name: 'scope: in one scope, a key added to (it keeps an unreachable board) and a key written whole go in two calls, one per mode, each naming the scope once',
    config: { teams: { 45: { pm: { tracker: { methodology: 'Kanban', boards: ['103', '108'], labels: ['infra'] } } } } },
    live: { entities: ENTITIES, pm: { 45: { 10: { methodology: 'Scrum', boards: ['108'], labels: ['mobile'] } } } },
    want: [
      '~ team[45].pm.tracker.boards',
      '~ team[45].pm.tracker.labels',
      '~ team[45].pm.tracker.methodology',
      // The methodology rides on the first piece; the boards key keeps entries, so no Kanban rule is at stake.
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":45,"items":[{"integration_id":10,"scope":{"labels":[{"name":"infra"}]},"methodology":"Kanban"}]}]}`,
      `stage 1 PATCH ${SCOPE}?mode=add {"teams":[{"team_id":45,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"103"}]}}]}]}`,
    ],
  },
  {
    name: 'scope: an unreachable entity kept in a key that does not change costs nothing: the changed key is written whole',
    config: { teams: { 45: { pm: { tracker: { boards: ['108'], labels: ['infra', 'mobile'] } } } } },
    live: { entities: ENTITIES, pm: { 45: { 10: { boards: ['108'], labels: ['mobile'] } } } },
    want: [
      '~ team[45].pm.tracker.labels',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":45,"items":[{"integration_id":10,"scope":{"labels":[{"name":"infra"},{"name":"mobile"}]}}]}]}`,
    ],
  },
  {
    name: 'ownership: a key not written is empty, a team or integration not written is untouched',
    config: { teams: { 42: { pm: { tracker: { boards: ['101'] } } } } },
    live: { entities: ENTITIES, pm: { 42: { 10: { boards: ['101'], labels: ['backend'] }, 11: { project_team_areas: [{ project: 'proj-1', team: 'team-1', areas: ['area-1'] }] } }, 43: { 10: { boards: ['102'] } } } },
    want: [
      '- team[42].pm.tracker.labels',
      // A lone clear costs one call either way; the DELETE of that key says what it does.
      'stage 1 DELETE /api/v1/pm/config/teams/42/scope/labels?integration_id=10',
    ],
  },
  {
    name: 'ownership: {} is unscoped; a Kanban team is cleared with one DELETE of its whole scope',
    config: { teams: { 43: { pm: { tracker: {} } } } },
    live: { entities: ENTITIES, pm: { 43: { 10: { methodology: 'Kanban', boards: ['102'], epics: ['EP-7'] } } } },
    want: [
      '- team[43].pm.tracker.boards',
      '- team[43].pm.tracker.epics',
      'stage 1 DELETE /api/v1/pm/config/teams/43/scope?integration_id=10',
    ],
  },
  {
    name: 'methodology preserved: unscoping a Scrum team (methodology not managed) sends its methodology, never a DELETE',
    config: { teams: { 43: { pm: { tracker: {} } } } },
    live: { entities: ENTITIES, pm: { 43: { 10: { methodology: 'Scrum', boards: ['102'], epics: ['EP-7'] } } } },
    want: [
      '- team[43].pm.tracker.boards',
      '- team[43].pm.tracker.epics',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":43,"items":[{"integration_id":10,"scope":{"boards":[],"epics":[]},"methodology":"Scrum"}]}]}`,
    ],
  },
  {
    name: 'methodology preserved: emptying boards of a team managed as Scrum re-sends Scrum',
    config: { teams: { 42: { pm: { tracker: { methodology: 'Scrum', labels: ['backend'] } } } } },
    live: { entities: ENTITIES, pm: { 42: { 10: { methodology: 'Scrum', boards: ['101'], labels: ['backend'] } } } },
    want: [
      '- team[42].pm.tracker.boards',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":42,"items":[{"integration_id":10,"scope":{"boards":[]},"methodology":"Scrum"}]}]}`,
    ],
  },
  {
    name: 'unscoping a Scrum team scoped by labels only: DELETE of that key, which leaves methodology alone',
    config: { teams: { 48: { pm: { tracker: {} } } } },
    live: { entities: ENTITIES, pm: { 48: { 10: { methodology: 'Scrum', labels: ['infra'] } } } },
    want: ['- team[48].pm.tracker.labels', 'stage 1 DELETE /api/v1/pm/config/teams/48/scope/labels?integration_id=10'],
  },
  {
    name: 'methodology: managed on an integration the team has no item for yet is an add',
    config: { teams: { 49: { pm: { tracker: { methodology: 'Scrum', boards: ['101'] } } } } },
    live: { entities: ENTITIES, pm: { 49: {} } },
    want: [
      '+ team[49].pm.tracker.boards',
      '+ team[49].pm.tracker.methodology',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":49,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"101"}]},"methodology":"Scrum"}]}]}`,
    ],
  },
  {
    name: 'methodology: a change alone is an item with methodology and no scope',
    config: { teams: { 42: { pm: { tracker: { methodology: 'Kanban', boards: ['101'] } } } } },
    live: { entities: ENTITIES, pm: { 42: { 10: { methodology: 'Scrum', boards: ['101'] } } } },
    want: [
      '~ team[42].pm.tracker.methodology',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":42,"items":[{"integration_id":10,"methodology":"Kanban"}]}]}`,
    ],
  },
  {
    name: 'a gaining key and a losing key of two teams share one merge call, and a methodology change alone rides in it',
    config: {
      teams: {
        42: { pm: { tracker: { boards: ['101', '103'] } } },
        43: { pm: { tracker: { boards: ['101'] } } },
        44: { pm: { tracker: { methodology: 'Scrum' } } },
      },
    },
    live: { entities: ENTITIES, pm: { 42: { 10: { boards: ['101'] } }, 43: { 10: { boards: ['102'] } }, 44: { 10: { methodology: 'Kanban' } } } },
    want: [
      '~ team[42].pm.tracker.boards',
      '~ team[43].pm.tracker.boards',
      '~ team[44].pm.tracker.methodology',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":42,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"101"},{"entity_provider_id":"103"}]}}]},{"team_id":43,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"101"}]}}]},{"team_id":44,"items":[{"integration_id":10,"methodology":"Scrum"}]}]}`,
    ],
  },
  {
    name: 'scope: one team on two integrations, a gaining key and a changed team-area entry: one call, one team entry with both items',
    config: { teams: { 44: { pm: { tracker: { boards: ['103'] }, work: { project_team_areas: [{ project: 'proj-1', team: 'team-1', areas: ['area-1', 'area-2'] }] } } } } },
    live: { entities: ENTITIES, pm: { 44: { 10: {}, 11: { project_team_areas: [{ project: 'proj-1', team: 'team-1', areas: ['area-1'] }] } } } },
    want: [
      '+ team[44].pm.tracker.boards',
      '~ team[44].pm.work.project_team_areas',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":44,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"103"}]}},{"integration_id":11,"scope":{"project_team_areas":[{"project":{"entity_provider_id":"proj-1"},"team":{"entity_provider_id":"team-1"},"areas":[{"entity_provider_id":"area-1"},{"entity_provider_id":"area-2"}]}]}}]}]}`,
    ],
  },
  {
    name: 'scope: two new scopes of one team share its team entry in one call',
    config: { teams: { 44: { pm: { tracker: { boards: ['103'] }, work: { project_team_areas: [{ project: 'proj-1', team: 'team-1', areas: ['area-1'] }] } } } } },
    live: { entities: ENTITIES, pm: { 44: { 10: {}, 11: {} } } },
    want: [
      '+ team[44].pm.tracker.boards',
      '+ team[44].pm.work.project_team_areas',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":44,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"103"}]}},{"integration_id":11,"scope":{"project_team_areas":[{"project":{"entity_provider_id":"proj-1"},"team":{"entity_provider_id":"team-1"},"areas":[{"entity_provider_id":"area-1"}]}]}}]}]}`,
    ],
  },
  // ---- implied selection, ordering ----
  {
    name: 'no select for what a scope write selects: the scope call carries the selection change',
    config: { collection: { tracker: { boards: ['101', '102', '103', '108'] } }, teams: { 42: { pm: { tracker: { boards: ['101', '103'] } } } } },
    live: { entities: ENTITIES, pm: { 42: { 10: { boards: ['101'] } } } },
    want: [
      '+ collection.tracker.boards["103"]',
      '~ team[42].pm.tracker.boards',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":42,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"101"},{"entity_provider_id":"103"}]}}]}]}`,
    ],
  },
  {
    name: 'tracker_b: a project named in a scope is selected by it; a team outside its project is refused',
    config: {
      collection: { work: { projects: ['proj-1', 'proj-2'] } },
      teams: { 46: { pm: { work: { project_team_areas: [{ project: 'proj-2', team: 'team-3', areas: ['area-4'] }] } } }, 47: { pm: { work: { project_team_areas: [{ project: 'proj-1', team: 'team-3', areas: ['area-1'] }] } } } },
    },
    live: { entities: ENTITIES, pm: { 46: { 11: {} }, 47: { 11: {} } } },
    want: [
      '+ collection.work.projects["proj-2"]',
      '+ team[46].pm.work.project_team_areas',
      '+ team[47].pm.work.project_team_areas',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":46,"items":[{"integration_id":11,"scope":{"project_team_areas":[{"project":{"entity_provider_id":"proj-2"},"team":{"entity_provider_id":"team-3"},"areas":[{"entity_provider_id":"area-4"}]}]}}]},{"team_id":47,"items":[{"integration_id":11,"scope":{"project_team_areas":[{"project":{"entity_provider_id":"proj-1"},"team":{"entity_provider_id":"team-3"},"areas":[{"entity_provider_id":"area-1"}]}]}}]}]}`,
      'error: team "team-3" on work belongs to project "proj-2", not "proj-1" (the service refuses it as invalid_scope) (emctl.yaml#teams.47.pm.work.project_team_areas.0:1:1)',
      'error: area "area-1" on work does not belong to team "team-3" (the service refuses it as invalid_scope) (emctl.yaml#teams.47.pm.work.project_team_areas.0:1:1)',
    ],
  },
  {
    name: 'a deselect waits for the scope write that stops using the entity',
    config: { collection: { tracker: { boards: ['101', '108'] } }, teams: { 43: { pm: { tracker: { boards: ['101'] } } } } },
    live: { entities: ENTITIES, pm: { 43: { 10: { boards: ['102'] } } } },
    want: [
      '- collection.tracker.boards["102"]',
      '~ team[43].pm.tracker.boards',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":43,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"101"}]}}]}]}`,
      'stage 2 PATCH /api/v2/pm/integrations/10/entities/boards {"entities":[{"entity_provider_id":"102","is_selected_for_collection":false}]} after pm-scope.merge.1',
    ],
  },
  {
    name: 'a deselect of an entity the managed team keeps using is predicted to be refused',
    config: { collection: { tracker: { boards: ['101', '108'] } }, teams: { 43: { pm: { tracker: { boards: ['102'] } } } } },
    live: { entities: ENTITIES, pm: { 43: { 10: { boards: ['102'] } } } },
    want: [
      '- collection.tracker.boards["102"]',
      'stage 1 PATCH /api/v2/pm/integrations/10/entities/boards {"entities":[{"entity_provider_id":"102","is_selected_for_collection":false}]}',
      'error: team 43 scopes board "102" on tracker, which collection.tracker.boards leaves out; a scope write selects what it names @ team[43].pm.tracker.boards (emctl.yaml#teams.43.pm.tracker.boards:1:1)',
      'error: cannot deselect board "102" on tracker: team 43 (team-43) still uses it after this plan (entity_in_use) @ collection.tracker.boards["102"] (emctl.yaml#collection.tracker.boards:1:1)',
    ],
  },
  // ---- predictions and names ----
  {
    name: 'a key that loses entries and keeps one the provider no longer exposes cannot be written (a whole write must re-send it): refused, with the way out',
    config: { teams: { 45: { pm: { tracker: { boards: ['108'], labels: ['mobile'] } } } } },
    live: { entities: ENTITIES, pm: { 45: { 10: { boards: ['108', '101'], labels: ['mobile'] } } } },
    want: [
      '~ team[45].pm.tracker.boards',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":45,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"108"}]}}]}]}`,
      'error: team 45\'s boards on tracker names board "108", which the provider no longer exposes: the service refuses the item (entity_not_found); the key loses entries, so it is written whole, and a whole write must name every entry it keeps: take "108" out of the config to write it @ team[45].pm.tracker.boards (emctl.yaml#teams.45.pm.tracker.boards:1:1)',
    ],
  },
  {
    name: 'two kept entries the provider no longer exposes in a key that loses one: each is named, with the way out',
    config: { teams: { 45: { pm: { tracker: { boards: ['108', '109'] } } } } },
    live: {
      entities: { 10: { boards: [{ id: '101', selected: true }, { id: '108', selected: true, reachable: false }, { id: '109', selected: true, reachable: false }] } },
      pm: { 45: { 10: { boards: ['108', '109', '101'] } } },
    },
    want: [
      '~ team[45].pm.tracker.boards',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":45,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"108"},{"entity_provider_id":"109"}]}}]}]}`,
      'error: team 45\'s boards on tracker names board "108", which the provider no longer exposes: the service refuses the item (entity_not_found); the key loses entries, so it is written whole, and a whole write must name every entry it keeps: take "108" out of the config to write it @ team[45].pm.tracker.boards (emctl.yaml#teams.45.pm.tracker.boards:1:1)',
      'error: team 45\'s boards on tracker names board "109", which the provider no longer exposes: the service refuses the item (entity_not_found); the key loses entries, so it is written whole, and a whole write must name every entry it keeps: take "109" out of the config to write it @ team[45].pm.tracker.boards (emctl.yaml#teams.45.pm.tracker.boards:1:1)',
    ],
  },
  {
    name: 'a team the service does not know is an error; a differing team name is a warning',
    config: { teams: { 77: { pm: { tracker: { boards: ['101'] } } }, 42: { name: 'Payments', pm: { tracker: { boards: ['101'] } } } } },
    live: { entities: ENTITIES, pm: { 77: 'not_found', 42: { 10: { boards: ['101'] } } }, teamNames: { 42: 'Payments team' } },
    want: [
      'error: team 77 does not exist (the service answers 404 for it) @ team[77] (emctl.yaml#teams.77:1:1)',
      'warning: team 42 is named "Payments team" in the service, not "Payments" @ team[42]',
    ],
  },
  {
    name: 'scope names: an epic by name resolves, an ambiguous name and a key the provider lacks are errors',
    config: {
      teams: {
        42: { pm: { tracker: { epics: [{ name: 'Checkout' }] } } },
        43: { pm: { tracker: { epics: [{ name: 'Twin' }] } } },
        44: { pm: { work: { epics: ['EP-7'] } } },
      },
    },
    live: {
      entities: { 10: { epics: [{ id: 'EP-7', name: 'Checkout' }, { id: 'EP-8', name: 'Twin' }, { id: 'EP-9', name: 'Twin' }] }, 11: WORK },
      pm: { 42: { 10: {} }, 43: { 10: {} }, 44: { 11: {} } },
    },
    want: [
      '+ team[42].pm.tracker.epics',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":42,"items":[{"integration_id":10,"scope":{"epics":[{"entity_provider_id":"EP-7"}]}}]}]}`,
      'error: epic name "Twin" on tracker is ambiguous: "EP-8", "EP-9"; use the id (emctl.yaml#teams.43.pm.tracker.epics.0:1:1)',
      'error: scope key "epics" is not writable on work (tracker_b) (emctl.yaml#teams.44.pm.work.epics:1:1)',
    ],
  },
  {
    name: 'scope write on a read-only integration is predicted to be refused',
    config: { integrations: { eu: { id: 12 } }, teams: { 42: { pm: { eu: { boards: ['901'] } } } } },
    live: { integrations: [...INTEGRATIONS, integration(12, 'tracker_a', 'Acme Tracker EU', 'inactive')], entities: { 12: { boards: [{ id: '901', selected: false }] } }, pm: { 42: { 12: {} } } },
    want: [
      '+ team[42].pm.eu.boards',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":42,"items":[{"integration_id":12,"scope":{"boards":[{"entity_provider_id":"901"}]}}]}]}`,
      'error: integration 12 (Acme Tracker EU) is inactive, so it is read-only: the service refuses this write (integration_read_only) @ team[42].pm.eu.boards (emctl.yaml#teams.42.pm.eu.boards:1:1)',
    ],
  },
];

describe('buildPlan: PM', () => {
  it.each(cases)('$name', ({ config, live, want, options }) => {
    const plan = buildPlan(desired(config), liveState(live));
    expect(planLines(plan, options)).toEqual(want);
  });
});

describe('buildPlan: PM scope write mode after the reachability re-read', () => {
  // The boards list was read with include_invalid, so which boards are unreachable is not known
  // until the shell reads it again; the first plan writes the gaining key whole and asks for that
  // re-read, and the plan made after it adds to the key instead (it keeps unreachable 108).
  const config = desired({ teams: { 45: { pm: { tracker: { boards: ['103', '108'] } } } } });
  it('is merge before the re-read (asking for it) and add after it, with no predicted refusal', () => {
    const live = liveState({ entities: ENTITIES, pm: { 45: { 10: { boards: ['108'] } } } });
    const boards = live.entityLists.find((l) => l.integrationId === 10 && l.type === 'boards');
    if (!boards) throw new Error('no boards list');
    const known = boards.unreachableIds;
    delete boards.unreachableIds;
    boards.includesUnreachable = true;
    const staged = buildPlanStaged(config, live);
    expect(staged.plan.unknownReachability).toEqual([{ integrationId: 10, type: 'boards' }]);
    expect(planLines(staged.plan)).toEqual([
      '~ team[45].pm.tracker.boards',
      `stage 1 PATCH ${SCOPE}?mode=merge {"teams":[{"team_id":45,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"103"},{"entity_provider_id":"108"}]}}]}]}`,
    ]);
    boards.unreachableIds = known ?? [];
    const again = staged.predictAgain();
    expect(again.unknownReachability).toBeUndefined();
    expect(planLines(again)).toEqual([
      '~ team[45].pm.tracker.boards',
      `stage 1 PATCH ${SCOPE}?mode=add {"teams":[{"team_id":45,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"103"}]}}]}]}`,
    ]);
  });
});
