// Activity data stored by column (typed arrays, one slot per pull request) and indexed so a query
// touches only the pull requests it needs: by author, by repository, each list sorted by the PR's
// earliest event so a time window is two binary searches away. Built once when activity is loaded;
// 500,000 pull requests take about 100 bytes each here (the bench measures it).

import type { Activity, ActivityPullRequest } from './types.js';

/** The pull requests of one author or one repository, sorted by `lo` (earliest event). */
export interface PrList {
  idx: Int32Array;
  /** The longest `hi - lo` in the list: no PR starting before `after - span` can reach `after`. */
  span: number;
}

export interface ContributorRec {
  id: number;
  name: string;
  teamIds: number[];
}

/** Timestamp columns a metric can be placed by (epoch ms, NaN = did not happen). */
export type EventColumn = 'firstCommit' | 'opened' | 'firstReview' | 'approved' | 'merged' | 'released' | 'end';
export const EVENT_COLUMNS: readonly EventColumn[] = ['firstCommit', 'opened', 'firstReview', 'approved', 'merged', 'released', 'end'];

export type NumberColumn = 'additions' | 'deletions' | 'commits' | 'reviews' | 'reviewComments' | 'newWork' | 'refactor' | 'rework';

export interface ActivityIndex {
  size: number;
  repo: Float64Array;
  author: Float64Array;
  /** Interned branch names (`branches[branch[i]]`). */
  branch: Int32Array;
  branches: string[];
  /** Interned base branch names; -1 = none given. */
  base: Int32Array;
  baseBranches: string[];
  /** Labels of PR i: labelIds[labelStart[i] .. labelStart[i+1]). */
  labelStart: Int32Array;
  labelIds: Int32Array;
  labelIdOf: Map<string, number>;
  times: Record<EventColumn, Float64Array>;
  numbers: Record<NumberColumn, Float64Array>;
  /** AI dev tool id per workflow type, 0 = none (tool ids are 1-92). */
  tools: { coding_assistant: Uint8Array; ai_review: Uint8Array; agentic_pr: Uint8Array };
  /** Earliest and latest event of each PR (epoch ms). */
  lo: Float64Array;
  hi: Float64Array;
  all: PrList;
  byAuthor: Map<number, PrList>;
  byRepo: Map<number, PrList>;
  contributors: Map<number, ContributorRec>;
  /** team id -> ids of the contributors whose team_ids list it. */
  teamMembers: Map<number, number[]>;
  /** All release times (sorted) and per repository. */
  releasesAll: Float64Array;
  releasesByRepo: Map<number, Float64Array>;
}

const NUMBER_FIELDS: Record<NumberColumn, keyof ActivityPullRequest> = {
  additions: 'additions',
  deletions: 'deletions',
  commits: 'commits',
  reviews: 'reviews',
  reviewComments: 'review_comments',
  newWork: 'new_work_lines',
  refactor: 'refactor_lines',
  rework: 'rework_lines',
};

const TIME_FIELDS: Record<Exclude<EventColumn, 'end'>, keyof ActivityPullRequest> = {
  firstCommit: 'first_commit_at',
  opened: 'opened_at',
  firstReview: 'first_review_at',
  approved: 'approved_at',
  merged: 'merged_at',
  released: 'released_at',
};

function time(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : NaN;
}

function num(value: unknown): number {
  return typeof value === 'number' ? value : NaN;
}

function intern(table: Map<string, number>, names: string[], name: string): number {
  let id = table.get(name);
  if (id === undefined) {
    id = names.length;
    names.push(name);
    table.set(name, id);
  }
  return id;
}

export function indexActivity(activity: Activity): ActivityIndex {
  const prs = activity.pull_requests ?? [];
  const n = prs.length;
  const times = {} as Record<EventColumn, Float64Array>;
  for (const c of EVENT_COLUMNS) times[c] = new Float64Array(n);
  const numbers = {} as Record<NumberColumn, Float64Array>;
  for (const c of Object.keys(NUMBER_FIELDS) as NumberColumn[]) numbers[c] = new Float64Array(n);
  const ix: ActivityIndex = {
    size: n,
    repo: new Float64Array(n),
    author: new Float64Array(n),
    branch: new Int32Array(n),
    branches: [],
    base: new Int32Array(n),
    baseBranches: [],
    labelStart: new Int32Array(n + 1),
    labelIds: new Int32Array(0),
    labelIdOf: new Map(),
    times,
    numbers,
    tools: { coding_assistant: new Uint8Array(n), ai_review: new Uint8Array(n), agentic_pr: new Uint8Array(n) },
    lo: new Float64Array(n),
    hi: new Float64Array(n),
    all: { idx: new Int32Array(0), span: 0 },
    byAuthor: new Map(),
    byRepo: new Map(),
    contributors: new Map(),
    teamMembers: new Map(),
    releasesAll: new Float64Array(0),
    releasesByRepo: new Map(),
  };
  const branchIds = new Map<string, number>();
  const baseIds = new Map<string, number>();
  const labelNames: string[] = [];
  const labels: number[] = [];
  const authorCounts = new Map<number, number>();
  const repoCounts = new Map<number, number>();
  const timeEntries = Object.entries(TIME_FIELDS) as [Exclude<EventColumn, 'end'>, keyof ActivityPullRequest][];
  const numberEntries = Object.entries(NUMBER_FIELDS) as [NumberColumn, keyof ActivityPullRequest][];
  for (let i = 0; i < n; i++) {
    const pr = prs[i]!;
    ix.repo[i] = pr.repository_id;
    ix.author[i] = pr.author_id;
    ix.branch[i] = intern(branchIds, ix.branches, pr.branch);
    ix.base[i] = typeof pr.base_branch === 'string' ? intern(baseIds, ix.baseBranches, pr.base_branch) : -1;
    for (const label of pr.labels ?? []) labels.push(intern(ix.labelIdOf, labelNames, label));
    ix.labelStart[i + 1] = labels.length;
    let lo = Infinity;
    let hi = -Infinity;
    for (const [column, field] of timeEntries) {
      const t = time(pr[field]);
      times[column][i] = t;
      if (t < lo) lo = t;
      if (t > hi) hi = t;
    }
    times.end[i] = Number.isNaN(times.released[i]!) ? times.merged[i]! : times.released[i]!;
    ix.lo[i] = lo;
    ix.hi[i] = hi;
    for (const [column, field] of numberEntries) numbers[column][i] = num(pr[field]);
    ix.tools.coding_assistant[i] = pr.coding_assistant ?? 0;
    ix.tools.ai_review[i] = pr.ai_review ?? 0;
    ix.tools.agentic_pr[i] = pr.agentic_pr ?? 0;
    authorCounts.set(pr.author_id, (authorCounts.get(pr.author_id) ?? 0) + 1);
    repoCounts.set(pr.repository_id, (repoCounts.get(pr.repository_id) ?? 0) + 1);
  }
  ix.labelIds = Int32Array.from(labels);

  // One sort of every PR by its earliest event; the per-author and per-repository lists are then
  // filled in that order, so they come out sorted without sorting each.
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => ix.lo[a]! - ix.lo[b]! || a - b);
  ix.all = { idx: order, span: 0 };
  ix.byAuthor = allocateLists(authorCounts);
  ix.byRepo = allocateLists(repoCounts);
  const authorFill = new Map<number, number>();
  const repoFill = new Map<number, number>();
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    const span = ix.hi[i]! - ix.lo[i]!;
    if (span > ix.all.span) ix.all.span = span;
    place(ix.byAuthor, authorFill, ix.author[i]!, i, span);
    place(ix.byRepo, repoFill, ix.repo[i]!, i, span);
  }

  for (const c of activity.contributors ?? []) {
    ix.contributors.set(c.id, { id: c.id, name: c.name, teamIds: [...c.team_ids] });
    for (const team of c.team_ids) {
      const members = ix.teamMembers.get(team);
      if (members) members.push(c.id);
      else ix.teamMembers.set(team, [c.id]);
    }
  }

  const releases = activity.releases ?? [];
  const perRepo = new Map<number, number[]>();
  const all: number[] = [];
  for (const r of releases) {
    const t = Date.parse(r.at);
    if (Number.isNaN(t)) continue;
    all.push(t);
    const list = perRepo.get(r.repository_id);
    if (list) list.push(t);
    else perRepo.set(r.repository_id, [t]);
  }
  ix.releasesAll = Float64Array.from(all).sort();
  for (const [repo, list] of perRepo) ix.releasesByRepo.set(repo, Float64Array.from(list).sort());
  return ix;
}

function allocateLists(counts: Map<number, number>): Map<number, PrList> {
  const lists = new Map<number, PrList>();
  for (const [key, count] of counts) lists.set(key, { idx: new Int32Array(count), span: 0 });
  return lists;
}

function place(lists: Map<number, PrList>, fill: Map<number, number>, key: number, i: number, span: number): void {
  const list = lists.get(key)!;
  const at = fill.get(key) ?? 0;
  list.idx[at] = i;
  fill.set(key, at + 1);
  if (span > list.span) list.span = span;
}

/** First position in `list` whose `lo` is >= t. */
function lowerBound(ix: ActivityIndex, list: Int32Array, t: number): number {
  let a = 0;
  let b = list.length;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (ix.lo[list[mid]!]! < t) a = mid + 1;
    else b = mid;
  }
  return a;
}

/** Calls fn for each PR of the list whose events span [after, before) (it may still have none inside). */
export function forEachInWindow(ix: ActivityIndex, list: PrList, after: number, before: number, fn: (i: number) => void): void {
  const idx = list.idx;
  const end = lowerBound(ix, idx, before);
  for (let k = lowerBound(ix, idx, after - list.span); k < end; k++) {
    const i = idx[k]!;
    if (ix.hi[i]! >= after) fn(i);
  }
}
