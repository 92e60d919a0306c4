// Batching at the API's per-call limits: 25 team-integration items and 1000 entities per scope
// write, 1000 entries per select call, 100 repositories per monitoring call. Cases sit on both
// sides of each edge; expectations summarize each call as "method path: what it carries".

import { describe, expect, it } from 'vitest';
import type { Operation, Plan } from '../../src/core/plan-model.js';
import { buildPlan } from '../../src/core/plan.js';
import { desired, liveState, repo, type DesiredSpec, type LiveSpec } from './builders.js';

function summary(op: Operation): string {
  const body = op.body as Record<string, unknown> | undefined;
  let what = '';
  if (body && Array.isArray(body.teams)) {
    const teams = body.teams as { team_id: number; items: { scope?: Record<string, unknown[]>; methodology?: string }[] }[];
    const items = teams.reduce((n, t) => n + t.items.length, 0);
    const entities = teams.reduce((n, t) => n + t.items.reduce((m, i) => m + Object.values(i.scope ?? {}).reduce((k, l) => k + l.length, 0), 0), 0);
    const keys = [...new Set(teams.flatMap((t) => t.items.flatMap((i) => Object.keys(i.scope ?? {}))))];
    const methodology = teams.flatMap((t) => t.items.flatMap((i) => (i.methodology ? [i.methodology] : [])));
    what = `${items} items, ${entities} entities${keys.length > 1 ? ` (${keys.join(', ')})` : ''}${methodology.length > 0 ? ` + ${methodology.join(', ')}` : ''}`;
  } else if (body && Array.isArray(body.entities)) what = `${body.entities.length} entities`;
  else if (body && Array.isArray(body.repositories)) what = `${body.repositories.length} repositories`;
  else if (body) what = JSON.stringify(body);
  return `stage ${op.stage} ${op.method} ${op.path}: ${what}${op.dependsOn.length > 0 ? ` after ${op.dependsOn.join(',')}` : ''}`;
}

function lines(plan: Plan): string[] {
  return [...plan.operations.map(summary), ...plan.errors.map((e) => `error: ${e.message}`)];
}

const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);
const labels = (n: number, prefix = 'l') => range(n).map((i) => `${prefix}${i}`);

/** n teams (100, 101, ...) each adding board "103" on tracker. */
function teamsAddingABoard(n: number): { config: DesiredSpec; live: LiveSpec } {
  const teams: DesiredSpec['teams'] = {};
  const pm: LiveSpec['pm'] = {};
  for (const id of range(n, 100)) {
    teams[id] = { pm: { tracker: { boards: ['103'] } } };
    pm[id] = { 10: {} };
  }
  return { config: { teams }, live: { pm, entities: { 10: { boards: [{ id: '103', selected: true }] } } } };
}

/** n teams each replacing their board 101 with 103 (merge items). */
function teamsSwappingABoard(n: number): { config: DesiredSpec; live: LiveSpec } {
  const { config, live } = teamsAddingABoard(n);
  for (const id of range(n, 100)) (live.pm as Record<number, unknown>)[id] = { 10: { boards: ['101'] } };
  return { config, live };
}

function teamsAddingLabels(counts: number[], live: Record<number, string[]> = {}): { config: DesiredSpec; live: LiveSpec } {
  const teams: DesiredSpec['teams'] = {};
  const pm: LiveSpec['pm'] = {};
  counts.forEach((n, i) => {
    teams[100 + i] = { pm: { tracker: { labels: labels(n, `t${i}-`) } } };
    pm[100 + i] = { 10: { labels: live[100 + i] ?? [] } };
  });
  return { config: { teams }, live: { pm } };
}

function boardsSelected(n: number): { config: DesiredSpec; live: LiveSpec } {
  const ids = range(n, 1).map(String);
  return { config: { collection: { tracker: { boards: ids } } }, live: { entities: { 10: { boards: ids.map((id) => ({ id, selected: false })) } } } };
}

function reposMonitored(n: number): { config: DesiredSpec; live: LiveSpec } {
  const repos = range(n, 1).map((id) => repo(id, `acme/r${id}`, 20, 'not_monitored'));
  return { config: { monitoring: { include: ['acme/*'] } }, live: { repos } };
}

/** Boards 1..selects unselected and wanted, the next `deselects` selected and dropped (no team uses them). */
function boardsSwapped(selects: number, deselects: number): { config: DesiredSpec; live: LiveSpec } {
  const wanted = range(selects, 1).map(String);
  const dropped = range(deselects, selects + 1).map(String);
  const entities = [...wanted.map((id) => ({ id, selected: false })), ...dropped.map((id) => ({ id, selected: true }))];
  return { config: { collection: { tracker: { boards: wanted } } }, live: { entities: { 10: { boards: entities } } } };
}

/** `starts` repositories acme/s* to start monitoring, `stops` acme/x* to stop. */
function reposSwapped(starts: number, stops: number): { config: DesiredSpec; live: LiveSpec } {
  const repos = [
    ...range(starts, 1).map((id) => repo(id, `acme/s${id}`, 20, 'not_monitored')),
    ...range(stops, starts + 1).map((id) => repo(id, `acme/x${id}`, 20, 'monitored')),
  ];
  return { config: { monitoring: { include: ['acme/s*'] } }, live: { repos } };
}

/**
 * The fewest calls a select endpoint or monitoring call set takes when nothing forces an order
 * between its entries, computed here on its own: every entry in calls of `limit`.
 */
const sharedCalls = (entries: number, limit: number) => Math.ceil(entries / limit);

const SCOPE = '/api/v1/pm/config/teams/scope';
const SELECT = '/api/v2/pm/integrations/10/entities/boards';

const cases: { name: string; input: { config: DesiredSpec; live: LiveSpec }; want: string[] }[] = [
  { name: '24 gaining items: one call', input: teamsAddingABoard(24), want: [`stage 1 PATCH ${SCOPE}?mode=merge: 24 items, 24 entities`] },
  { name: '25 gaining items: one call', input: teamsAddingABoard(25), want: [`stage 1 PATCH ${SCOPE}?mode=merge: 25 items, 25 entities`] },
  {
    name: '26 gaining items: two calls',
    input: teamsAddingABoard(26),
    want: [`stage 1 PATCH ${SCOPE}?mode=merge: 25 items, 25 entities`, `stage 1 PATCH ${SCOPE}?mode=merge: 1 items, 1 entities`],
  },
  {
    name: '26 merge items: two merge calls',
    input: teamsSwappingABoard(26),
    want: [`stage 1 PATCH ${SCOPE}?mode=merge: 25 items, 25 entities`, `stage 1 PATCH ${SCOPE}?mode=merge: 1 items, 1 entities`],
  },
  { name: 'scope entities: 500 + 500 fit one call', input: teamsAddingLabels([500, 500]), want: [`stage 1 PATCH ${SCOPE}?mode=merge: 2 items, 1000 entities`] },
  {
    name: 'scope entities: 500 + 501 take two calls',
    input: teamsAddingLabels([500, 501]),
    want: [`stage 1 PATCH ${SCOPE}?mode=merge: 1 items, 500 entities`, `stage 1 PATCH ${SCOPE}?mode=merge: 1 items, 501 entities`],
  },
  {
    name: 'a key gaining to 1001 entities (more than a whole write takes) is added to, in two calls',
    input: teamsAddingLabels([1001]),
    want: [`stage 1 PATCH ${SCOPE}?mode=add: 1 items, 1000 entities`, `stage 1 PATCH ${SCOPE}?mode=add: 1 items, 1 entities`],
  },
  {
    name: 'a key gaining from 500 to 1001 entities: only the 501 new ones are added, in one call',
    input: teamsAddingLabels([1001], { 100: labels(500, 't0-') }),
    want: [`stage 1 PATCH ${SCOPE}?mode=add: 1 items, 501 entities`],
  },
  {
    name: 'a key of 1000 entities that gains is still written whole, in one call',
    input: teamsAddingLabels([1000], { 100: labels(999, 't0-') }),
    want: [`stage 1 PATCH ${SCOPE}?mode=merge: 1 items, 1000 entities`],
  },
  {
    name: 'a key of 1001 entities that also loses entries cannot be written (a losing key is written whole, in one call)',
    input: teamsAddingLabels([1001], { 100: ['old'] }),
    want: ["error: team 100's labels on tracker names 1001 entities and loses entries: a key that loses entries is written whole, and one scope write takes at most 1000 entities"],
  },
  {
    name: 'one scope whose changed keys name 1300 entities together: whole keys in two merge calls, the Scrum re-send on the piece emptying boards',
    input: {
      config: { teams: { 100: { pm: { tracker: { epics: range(500).map((i) => `E${i}`), labels: labels(800) } } } } },
      live: { pm: { 100: { 10: { methodology: 'Scrum', boards: ['101'], labels: ['old'] } } } },
    },
    want: [`stage 1 PATCH ${SCOPE}?mode=merge: 1 items, 500 entities (boards, epics) + Scrum`, `stage 1 PATCH ${SCOPE}?mode=merge: 1 items, 800 entities`],
  },
  { name: '1000 selections: one call', input: boardsSelected(1000), want: [`stage 1 PATCH ${SELECT}: 1000 entities`] },
  { name: '1001 selections: two calls', input: boardsSelected(1001), want: [`stage 1 PATCH ${SELECT}: 1000 entities`, `stage 1 PATCH ${SELECT}: 1 entities`] },
  { name: '100 repositories to monitor: one call', input: reposMonitored(100), want: ['stage 1 PATCH /api/v1/git/repositories: 100 repositories'] },
  {
    name: '101 repositories to monitor: two calls',
    input: reposMonitored(101),
    want: ['stage 1 PATCH /api/v1/git/repositories: 100 repositories', 'stage 1 PATCH /api/v1/git/repositories: 1 repositories'],
  },
  {
    name: 'a Git scope write waits only for the monitoring call that starts its repository',
    input: (() => {
      const { config, live } = reposMonitored(101);
      config.teams = { 42: { git: { repositories: ['acme/r101'] } } };
      live.git = { 42: {} };
      return { config, live };
    })(),
    want: [
      'stage 1 PATCH /api/v1/git/repositories: 100 repositories',
      'stage 1 PATCH /api/v1/git/repositories: 1 repositories',
      'stage 2 PATCH /api/v1/git/config/teams/42/scope?mode=merge: {"repository_ids":[101]} after monitor.2',
    ],
  },
  {
    name: '600 selects + 400 deselects of one (integration, type): one call',
    input: boardsSwapped(600, 400),
    want: Array.from({ length: sharedCalls(1000, 1000) }, () => `stage 1 PATCH ${SELECT}: 1000 entities`),
  },
  {
    name: '600 selects + 401 deselects: two calls, selects first',
    input: boardsSwapped(600, 401),
    want: [`stage 1 PATCH ${SELECT}: 1000 entities`, `stage 1 PATCH ${SELECT}: 1 entities`],
  },
  {
    name: 'a deselect that waits on a scope write keeps selects and deselects apart',
    input: (() => {
      const { config, live } = boardsSwapped(1, 1);
      // Team 42 uses board 2 and the config takes it out: the deselect must wait for that write.
      config.teams = { 42: { pm: { tracker: { boards: [] } } } };
      live.pm = { 42: { 10: { boards: ['2'] } } };
      return { config, live };
    })(),
    want: [
      `stage 1 PATCH ${SELECT}: 1 entities`,
      'stage 1 DELETE /api/v1/pm/config/teams/42/scope?integration_id=10: ',
      `stage 2 PATCH ${SELECT}: 1 entities after pm-scope.delete.42.10`,
    ],
  },
  {
    name: '60 starts + 40 stops: one monitoring call',
    input: reposSwapped(60, 40),
    want: Array.from({ length: sharedCalls(100, 100) }, () => 'stage 1 PATCH /api/v1/git/repositories: 100 repositories'),
  },
  {
    name: '60 starts + 41 stops: two monitoring calls',
    input: reposSwapped(60, 41),
    want: ['stage 1 PATCH /api/v1/git/repositories: 100 repositories', 'stage 1 PATCH /api/v1/git/repositories: 1 repositories'],
  },
  {
    name: 'a stop that waits on a Git scope write keeps starts and stops apart',
    input: (() => {
      const { config, live } = reposSwapped(1, 1);
      config.teams = { 42: { git: { repositories: [] } } };
      live.git = { 42: { repositories: [2] } };
      return { config, live };
    })(),
    want: [
      'stage 1 PATCH /api/v1/git/repositories: 1 repositories',
      'stage 1 PATCH /api/v1/git/config/teams/42/scope?mode=merge: {"repository_ids":[]}',
      'stage 2 PATCH /api/v1/git/repositories: 1 repositories after git-scope.42',
    ],
  },
];

describe('batching at the API limits', () => {
  it.each(cases)('$name', ({ input, want }) => {
    expect(lines(buildPlan(desired(input.config), liveState(input.live)))).toEqual(want);
  });
});
