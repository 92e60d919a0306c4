// Activity data stored by column (typed arrays, one slot per pull request) and indexed so a query
// touches only the pull requests it needs: by author, by repository, each list sorted by the PR's
// earliest event so a time window is two binary searches away. Built once when activity is loaded;
// 500,000 pull requests take about 100 bytes each here (the bench measures it).

import type { Activity } from './types.js';

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

/**
 * Ids of one kind (repositories, authors) numbered densely, so per-call lookups are array reads
 * on small integers instead of Map lookups on arbitrary ids.
 */
export interface Slots {
  /** slot -> id */
  ids: number[];
  /** id -> slot */
  slotOf: Map<number, number>;
  /** slot -> the PRs with that id, sorted by earliest event. */
  lists: PrList[];
}

export interface ActivityIndex {
  size: number;
  /** Repository slot and author slot of each PR (see `repos` and `authors`). */
  repo: Int32Array;
  author: Int32Array;
  repos: Slots;
  authors: Slots;
  /** Branch name of each PR (mostly distinct names: kept as the fixture's strings). */
  branch: string[];
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
  contributors: Map<number, ContributorRec>;
  /** team id -> ids of the contributors whose team_ids list it. */
  teamMembers: Map<number, number[]>;
  /** All release times (sorted) and per repository. */
  releasesAll: Float64Array;
  releasesByRepo: Map<number, Float64Array>;
}

const NUMBER_COLUMNS: readonly NumberColumn[] = ['additions', 'deletions', 'commits', 'reviews', 'reviewComments', 'newWork', 'refactor', 'rework'];

function time(value: unknown): number {
  return typeof value === 'string' ? parseTimestamp(value) : NaN;
}

/** Two digits at `at` as a number, NaN when they are not digits. */
function digits2(s: string, at: number): number {
  const a = s.charCodeAt(at) - 48;
  const b = s.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : NaN;
}

const SEPARATORS: [number, number][] = [[4, 45], [7, 45], [10, 84], [13, 58], [16, 58]]; // - - T : :

/**
 * Epoch ms of an ISO 8601 timestamp. The shape activity data carries (`YYYY-MM-DDTHH:MM:SS[.fff]Z`)
 * is read digit by digit, three times faster than Date.parse over a million PRs; any other shape
 * (offsets, dates alone, out-of-range fields) goes to Date.parse.
 */
export function parseTimestamp(s: string): number {
  const last = s.length - 1;
  if (last < 19 || s.charCodeAt(last) !== 90 || !SEPARATORS.every(([at, code]) => s.charCodeAt(at) === code)) return Date.parse(s);
  const year = digits2(s, 0) * 100 + digits2(s, 2);
  const month = digits2(s, 5);
  const day = digits2(s, 8);
  const hour = digits2(s, 11);
  const minute = digits2(s, 14);
  const second = digits2(s, 17);
  let ms = 0;
  if (last > 19) {
    // A fraction: `.` and 1+ digits, milliseconds from the first three.
    if (s.charCodeAt(19) !== 46 || last === 20) return Date.parse(s);
    for (let k = 20, scale = 100; k < last; k++, scale /= 10) {
      const digit = s.charCodeAt(k) - 48;
      if (!(digit >= 0 && digit <= 9)) return Date.parse(s);
      if (scale >= 1) ms += digit * scale;
    }
  }
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= 28 && hour <= 23 && minute <= 59 && second <= 59)) return Date.parse(s);
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
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
  for (const c of NUMBER_COLUMNS) numbers[c] = new Float64Array(n);
  const ix: ActivityIndex = {
    size: n,
    repo: new Int32Array(n),
    author: new Int32Array(n),
    repos: { ids: [], slotOf: new Map(), lists: [] },
    authors: { ids: [], slotOf: new Map(), lists: [] },
    // Filled by push: `new Array(n)` of this size would be a slow dictionary-mode array.
    branch: [],
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
    contributors: new Map(),
    teamMembers: new Map(),
    releasesAll: new Float64Array(0),
    releasesByRepo: new Map(),
  };
  const baseIds = new Map<string, number>();
  const labelNames: string[] = [];
  const labels: number[] = [];
  const authorCounts: number[] = [];
  const repoCounts: number[] = [];
  for (let i = 0; i < n; i++) {
    const pr = prs[i]!;
    const repo = slot(ix.repos, pr.repository_id);
    const author = slot(ix.authors, pr.author_id);
    ix.repo[i] = repo;
    ix.author[i] = author;
    repoCounts[repo] = (repoCounts[repo] ?? 0) + 1;
    authorCounts[author] = (authorCounts[author] ?? 0) + 1;
    ix.branch.push(pr.branch);
    ix.base[i] = typeof pr.base_branch === 'string' ? intern(baseIds, ix.baseBranches, pr.base_branch) : -1;
    for (const label of pr.labels ?? []) labels.push(intern(ix.labelIdOf, labelNames, label));
    ix.labelStart[i + 1] = labels.length;
    // Field by field rather than through a table: a keyed read of 500,000 objects is several
    // times slower than a named one.
    const firstCommit = (times.firstCommit[i] = time(pr.first_commit_at));
    const opened = (times.opened[i] = time(pr.opened_at));
    const firstReview = (times.firstReview[i] = time(pr.first_review_at));
    const approved = (times.approved[i] = time(pr.approved_at));
    const merged = (times.merged[i] = time(pr.merged_at));
    const released = (times.released[i] = time(pr.released_at));
    times.end[i] = Number.isNaN(released) ? merged : released;
    let lo = Infinity;
    let hi = -Infinity;
    for (const t of [firstCommit, opened, firstReview, approved, merged, released]) {
      if (t < lo) lo = t;
      if (t > hi) hi = t;
    }
    ix.lo[i] = lo;
    ix.hi[i] = hi;
    numbers.additions[i] = num(pr.additions);
    numbers.deletions[i] = num(pr.deletions);
    numbers.commits[i] = num(pr.commits);
    numbers.reviews[i] = num(pr.reviews);
    numbers.reviewComments[i] = num(pr.review_comments);
    numbers.newWork[i] = num(pr.new_work_lines);
    numbers.refactor[i] = num(pr.refactor_lines);
    numbers.rework[i] = num(pr.rework_lines);
    ix.tools.coding_assistant[i] = pr.coding_assistant ?? 0;
    ix.tools.ai_review[i] = pr.ai_review ?? 0;
    ix.tools.agentic_pr[i] = pr.agentic_pr ?? 0;
  }
  ix.labelIds = Int32Array.from(labels);

  // PRs are renumbered by their earliest event, so a time window is a contiguous run of slots
  // (sequential memory reads) and the per-author and per-repository lists, filled in slot
  // order, come out sorted without sorting each.
  const order = orderBy(ix.lo);
  renumber(ix, order);
  ix.all = { idx: order, span: 0 };
  for (let k = 0; k < n; k++) order[k] = k;
  ix.authors.lists = authorCounts.map((count) => ({ idx: new Int32Array(count), span: 0 }));
  ix.repos.lists = repoCounts.map((count) => ({ idx: new Int32Array(count), span: 0 }));
  const authorFill = new Int32Array(authorCounts.length);
  const repoFill = new Int32Array(repoCounts.length);
  for (let i = 0; i < n; i++) {
    const span = ix.hi[i]! - ix.lo[i]!;
    if (span > ix.all.span) ix.all.span = span;
    place(ix.authors.lists[ix.author[i]!]!, authorFill, ix.author[i]!, i, span);
    place(ix.repos.lists[ix.repo[i]!]!, repoFill, ix.repo[i]!, i, span);
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

/**
 * Positions 0..n-1 sorted by `keys` (ties by position). When the keys are whole seconds in a span
 * small enough, each (key, position) pair packs into one exact double and a native numeric sort
 * does the work; otherwise a comparator sort.
 */
function orderBy(keys: Float64Array): Int32Array {
  const n = keys.length;
  const order = new Int32Array(n);
  let min = Infinity;
  let max = -Infinity;
  let wholeSeconds = true;
  for (let i = 0; i < n; i++) {
    const k = keys[i]!;
    if (k < min) min = k;
    if (k > max) max = k;
    if (k % 1000 !== 0) wholeSeconds = false;
  }
  if (n > 0 && wholeSeconds && Number.isFinite(min) && Number.isFinite(max) && ((max - min) / 1000 + 1) * n < Number.MAX_SAFE_INTEGER) {
    const packed = new Float64Array(n);
    for (let i = 0; i < n; i++) packed[i] = ((keys[i]! - min) / 1000) * n + i;
    packed.sort();
    for (let k = 0; k < n; k++) order[k] = packed[k]! % n;
    return order;
  }
  for (let i = 0; i < n; i++) order[i] = i;
  return order.sort((a, b) => keys[a]! - keys[b]! || a - b);
}

// The column with its entries in `order` (entry k = old entry order[k]); one function per array
// type, so each loop stays monomorphic.
function permutedF64(column: Float64Array, order: Int32Array): Float64Array {
  const out = new Float64Array(order.length);
  for (let k = 0; k < order.length; k++) out[k] = column[order[k]!]!;
  return out;
}
function permutedI32(column: Int32Array, order: Int32Array): Int32Array {
  const out = new Int32Array(order.length);
  for (let k = 0; k < order.length; k++) out[k] = column[order[k]!]!;
  return out;
}
function permutedU8(column: Uint8Array, order: Int32Array): Uint8Array {
  const out = new Uint8Array(order.length);
  for (let k = 0; k < order.length; k++) out[k] = column[order[k]!]!;
  return out;
}

/** Moves every per-PR column to the new numbering (PR order[k] becomes PR k). */
function renumber(ix: ActivityIndex, order: Int32Array): void {
  ix.repo = permutedI32(ix.repo, order);
  ix.author = permutedI32(ix.author, order);
  ix.base = permutedI32(ix.base, order);
  ix.lo = permutedF64(ix.lo, order);
  ix.hi = permutedF64(ix.hi, order);
  for (const c of EVENT_COLUMNS) ix.times[c] = permutedF64(ix.times[c], order);
  for (const c of NUMBER_COLUMNS) ix.numbers[c] = permutedF64(ix.numbers[c], order);
  for (const w of ['coding_assistant', 'ai_review', 'agentic_pr'] as const) ix.tools[w] = permutedU8(ix.tools[w], order);
  const branch: string[] = [];
  const labelStart = new Int32Array(order.length + 1);
  const labelIds = new Int32Array(ix.labelIds.length);
  let at = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    branch.push(ix.branch[i]!);
    for (let l = ix.labelStart[i]!; l < ix.labelStart[i + 1]!; l++) labelIds[at++] = ix.labelIds[l]!;
    labelStart[k + 1] = at;
  }
  ix.branch = branch;
  ix.labelStart = labelStart;
  ix.labelIds = labelIds;
}

function slot(slots: Slots, id: number): number {
  let at = slots.slotOf.get(id);
  if (at === undefined) {
    at = slots.ids.length;
    slots.ids.push(id);
    slots.slotOf.set(id, at);
  }
  return at;
}

function place(list: PrList, fill: Int32Array, key: number, i: number, span: number): void {
  list.idx[fill[key]!++] = i;
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
