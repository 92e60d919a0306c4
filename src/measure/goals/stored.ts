// Goals judged on stored history (`emctl goals --from STORE`, DESIGN.md section 12): no API call and
// no key. The goals share their reads as they share requests live; each read picks the stored
// series of its grouping, roll-up and filters (store/read.ts, the reader of `measurements --from`
// too). A bucket stored before it ended (`complete` false) is in progress: shown, never judged; a
// judged bucket no fetch stored after it ended is an error, since the fetch did not run. Teams and
// repositories the config does not resolve to ids are found by the names they were stored with,
// the store standing in for the service's lists; `teams: all` is every stored group.

import { EmctlError } from '../../contract/errors.js';
import type { MeasurementResult } from '../result-model.js';
import { canonicalFilters } from '../store/filters.js';
import type { NewestBucket } from '../store/read.js';
import type { StoreTarget } from '../store/target.js';
import { dayRange, fetchedLabel } from '../render/dates.js';
import { judgeGoal, type JudgedGoal } from './judge.js';
import { placeGoal, shareRequests, type PlacedGoal, type SharedRequest } from './requests.js';
import type { GoalSpec } from './spec.js';
import { bucketWord } from './words.js';

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

/** `goal \`review-speed\` (branch.time_to_review:p75 by team)`. */
const goalTitle = (goal: GoalSpec) => `goal \`${goal.name}\` (${goal.metric.key} by ${goal.groupBy})`;

/** A goal whose judged bucket no fetch stored after it ended: `partialAt` when one stored it before. */
interface Unstored {
  placed: PlacedGoal;
  newest: NewestBucket | undefined;
  partialAt?: string;
}

/**
 * Goals whose judged bucket no fetch stored after it ended: nothing stored of it, or only values
 * fetched before it ended (partial, never judged). The fetch that stores it did not run (or
 * failed), and the cron that judges them must not pass on "no data". One error for all of them.
 */
function unstoredError(unstored: readonly Unstored[]): EmctlError | undefined {
  const first = unstored[0];
  if (first === undefined) return undefined;
  const newestText = (newest: NewestBucket | undefined, goal: GoalSpec) =>
    newest === undefined ? 'nothing of it is stored' : `the newest stored is the ${bucketWord(goal)} of ${dayRange(newest.after, newest.before, true)} (fetched ${fetchedLabel(newest.fetchedAt)})`;
  const judged = ({ goal, window }: PlacedGoal) => `the ${bucketWord(goal)} of ${dayRange(window.judged.after, window.judged.before, true)}`;
  const partialText = (placed: PlacedGoal, at: string) => `${judged(placed)}, the ${bucketWord(placed.goal)} judged, was stored only before it ended (fetched ${fetchedLabel(at)})`;
  const fetch = 'run the fetch that stores it (emctl measurements ... --out) and judge again';
  if (unstored.length === 1) {
    const { placed, newest, partialAt } = first;
    const reason = partialAt !== undefined ? partialText(placed, partialAt) : `the store holds nothing for ${judged(placed)}, the ${bucketWord(placed.goal)} judged; ${newestText(newest, placed.goal)}`;
    return new EmctlError('config', `${goalTitle(placed.goal)}: ${reason}: ${fetch}`);
  }
  const words = new Set(unstored.map(({ placed }) => bucketWord(placed.goal)));
  const word = words.size === 1 ? [...words][0] : 'bucket';
  const head = unstored.some((u) => u.partialAt !== undefined) ? `no fetch stored the judged ${word} after it ended` : `the store holds no row of the judged ${word}`;
  return new EmctlError(
    'config',
    `${head} for ${unstored.length} goals: run the fetch that stores them (emctl measurements ... --out) and judge again`,
    unstored.map(({ placed, newest, partialAt }) =>
      partialAt !== undefined ? `${goalTitle(placed.goal)}: ${partialText(placed, partialAt)}` : `${goalTitle(placed.goal)}: nothing stored for ${judged(placed)}; ${newestText(newest, placed.goal)}`,
    ),
  );
}

export async function judgeStored(target: StoreTarget, goals: readonly GoalSpec[], ctx: StoredContext): Promise<JudgedGoal[]> {
  const requests = shareRequests(goals.map((goal) => placeGoal(goal, goal.spec.teamIds, ctx.now, { names: goal.spec.teamNames ?? [], all: goal.spec.allTeams ?? false })));
  const reads = requests.map((request) => ({
    label: `goal${request.goals.length > 1 ? 's' : ''} ${request.goals.map((g) => `\`${g.goal.name}\``).join(', ')}: `,
    request: {
      ...(ctx.source === undefined ? {} : { source: ctx.source }),
      metrics: request.spec.metrics.map((m) => m.key),
      groupBy: request.spec.groupBy,
      rollUp: request.spec.rollUp,
      filters: filtersOf(request),
      window: request.goals[0]?.window.request ?? { after: '', before: '' },
    },
    // The goals of one request share their roll-up and moment, so their judged bucket.
    ...(request.goals[0] === undefined ? {} : { required: request.goals[0].window.judged }),
  }));
  // The reader, and the engine's driver with it, load only when a store is read (DESIGN.md section 10).
  const { readStored } = await import('../store/read.js');
  const read = await readStored(target, reads, ctx.env, ctx.now);
  const unstored = requests.flatMap((request, i) => {
    const lacking = new Map((read[i]?.lacking ?? []).map((l) => [l.metric, l]));
    return request.goals.flatMap((placed): Unstored[] => {
      const l = lacking.get(placed.goal.metric.key);
      return l === undefined ? [] : [{ placed, newest: l.newest, ...(l.partialAt === undefined ? {} : { partialAt: l.partialAt }) }];
    });
  });
  const refused = unstoredError(unstored);
  if (refused !== undefined) throw refused;
  const judged: JudgedGoal[] = [];
  requests.forEach((request, i) => {
    const result = read[i]?.result;
    if (!result) return;
    const groups = storedGroups(request, result);
    for (const placed of request.goals) judged.push(judgeGoal(placed.goal, placed.window, { result, ...(groups ? { groups } : {}) }));
  });
  return judged;
}
