// Goals judged on stored history (`emctl goals --from STORE`, DESIGN.md section 12): no API call and
// no key. The goals share their reads as they share requests live; each read picks the stored
// series of its grouping, roll-up and filters (store/read-series.ts), and a bucket stored before it
// ended (`complete` false) is in progress: shown, never judged. Teams and repositories the config
// does not resolve to ids are found by the names they were stored with, the store standing in for
// the service's lists; `teams: all` is every stored group.

import { EmctlError } from '../../contract/errors.js';
import type { MeasurementResult } from '../result-model.js';
import { canonicalFilters } from '../store/filters.js';
import type { StoreTarget } from '../store/target.js';
import { judgeGoal, type JudgedGoal } from './judge.js';
import { placeGoal, shareRequests, type SharedRequest } from './requests.js';
import type { GoalSpec } from './spec.js';

export interface StoredContext {
  now: Date;
  /** The service's `source` in the store (--base-url's origin, `emulator:FIXTURE`); undefined: the one it holds. */
  source: string | undefined;
  env: Record<string, string | undefined>;
}

/** The request's filters as the store keys them; names only the service resolves cannot be matched there. */
function filtersOf(request: SharedRequest): string {
  const { spec } = request;
  const first = request.goals[0];
  const names = (first?.teamNames.length ?? 0) > 0 || first?.allTeams === true;
  if (spec.groupBy !== 'team' && names) {
    throw new EmctlError('config', `goal \`${first?.goal.name ?? ''}\`: with --from, a teams filter names teams by id or by a config \`name:\` (the store keeps filters by id)`);
  }
  if (spec.groupBy !== 'repository' && spec.repositoryNames.length > 0) {
    throw new EmctlError('config', `goal \`${first?.goal.name ?? ''}\`: with --from, a repositories filter names repositories by id (the store keeps filters by id)`);
  }
  return canonicalFilters(spec.groupBy, { ...spec, contributorIds: [], serviceIds: [], labels: [], withChildren: false });
}

/** The groups a goal names, as stored ids: given ids, and names found among the stored names; undefined: every stored group. */
function storedGroups(request: SharedRequest, result: MeasurementResult): (number | string)[] | undefined {
  const { spec } = request;
  const first = request.goals[0];
  if (spec.groupBy === 'organization' || first?.allTeams === true) return undefined;
  const given = spec.groupBy === 'team' ? spec.teamIds : spec.repositoryIds;
  const names = spec.groupBy === 'team' ? (first?.teamNames ?? []) : spec.repositoryNames;
  if (spec.groupBy === 'repository' && given.length + names.length === 0) return undefined;
  const byName = new Map<string, number | string>();
  for (const element of result.elements) for (const row of element.rows) if (row.name !== undefined) byName.set(row.name, row.group);
  const missing = names.filter((n) => !byName.has(n));
  if (missing.length > 0) {
    const noun = spec.groupBy === 'team' ? 'team' : 'repository';
    throw new EmctlError('config', `goal \`${first?.goal.name ?? ''}\`: no ${noun} named ${missing.map((n) => `\`${n}\``).join(', ')} in the config or among the stored ${noun} names (${[...byName.keys()].slice(0, 20).join(', ') || 'none'})`);
  }
  return [...new Set([...given, ...names.map((n) => byName.get(n) as number | string)])];
}

export async function judgeStored(target: StoreTarget, goals: readonly GoalSpec[], ctx: StoredContext): Promise<JudgedGoal[]> {
  const requests = shareRequests(goals.map((goal) => placeGoal(goal, goal.spec.teamIds, ctx.now, { names: goal.spec.teamNames ?? [], all: goal.spec.allTeams ?? false })));
  const selections = requests.map((request) => ({
    label: `goal${request.goals.length > 1 ? 's' : ''} ${request.goals.map((g) => `\`${g.goal.name}\``).join(', ')}: `,
    selection: {
      ...(ctx.source === undefined ? {} : { source: ctx.source }),
      metrics: request.spec.metrics.map((m) => m.key),
      groupBy: request.spec.groupBy,
      rollUp: request.spec.rollUp,
      filters: filtersOf(request),
      window: request.goals[0]?.window.request ?? { after: '', before: '' },
    },
  }));
  // The reader, and the engine's driver with it, load only when a store is read (DESIGN.md section 10).
  const { readSeries } = await import('../store/read-series.js');
  const results = await readSeries(target, selections, ctx.env, ctx.now);
  const judged: JudgedGoal[] = [];
  requests.forEach((request, i) => {
    const result = results[i];
    if (!result) return;
    const groups = storedGroups(request, result);
    for (const placed of request.goals) judged.push(judgeGoal(placed.goal, placed.window, { result, ...(groups ? { groups } : {}) }));
  });
  return judged;
}
