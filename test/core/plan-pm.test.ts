// Table tests of the PM side of buildPlan: selections, team PM scopes, methodology.

import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../src/core/plan.js';
import { desired, liveState, type DesiredSpec, type LiveSpec } from './builders.js';
import { planLines, type TextOptions } from './plan-text.js';

interface Case {
  name: string;
  config: DesiredSpec;
  live: LiveSpec;
  want: string[];
  options?: TextOptions;
}

const BOARDS = { 10: { boards: [{ id: '101', selected: true }, { id: '102', selected: true }, { id: '103', selected: false }], epics: ['EP-7', 'EP-8'], labels: ['backend', 'infra'] } };

const cases: Case[] = [
  {
    name: 'selection: add and remove one entity each, select first and deselect last',
    config: { collection: { tracker: { boards: ['101', '103'] } } },
    live: { entities: BOARDS },
    want: [
      '- collection.tracker.boards["102"]',
      '+ collection.tracker.boards["103"]',
      'stage 1 PATCH /api/v2/pm/integrations/10/entities/boards {"entities":[{"entity_provider_id":"103","is_selected_for_collection":true}]}',
      'stage 2 PATCH /api/v2/pm/integrations/10/entities/boards {"entities":[{"entity_provider_id":"102","is_selected_for_collection":false}]}',
    ],
  },
  {
    name: 'selection in sync: nothing',
    config: { collection: { tracker: { boards: ['102', '101'] } } },
    live: { entities: BOARDS },
    want: [],
  },
  {
    name: 'scope: a key that only gains is mode=add with only the new entries',
    config: { teams: { 42: { pm: { tracker: { boards: ['101', '102'] } } } } },
    live: { entities: BOARDS, pm: { 42: { 10: { boards: ['101'] } } } },
    want: [
      '~ team[42].pm.tracker.boards',
      'stage 1 PATCH /api/v1/pm/config/teams/scope?mode=add {"teams":[{"team_id":42,"items":[{"integration_id":10,"scope":{"boards":[{"entity_provider_id":"102"}]}}]}]}',
    ],
  },
];

describe('buildPlan: PM', () => {
  it.each(cases)('$name', ({ config, live, want, options }) => {
    const plan = buildPlan(desired(config), liveState(live));
    expect(planLines(plan, options)).toEqual(want);
  });
});
