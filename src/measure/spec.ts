// One validation for a measurements request, whether it comes from flags or from a report in the
// config (DESIGN.md §6.1): metric names and the aggregations each takes (from the spec's tables,
// with did-you-mean), group-by and roll-up values, dates and `last`, the id lists and their limits,
// order and limit, format and out. Pure: problems come back as data with the report key they
// concern, so `validate` can place them at file:line:column and the CLI can name the flag. config/
// sits below this room and gets it as a function (src/workflows/config-checks.ts).

import { API_LIMITS } from '../contract/types.js';
import { METRIC_AGGS, GROUP_BYS, ROLL_UPS, V1_METRICS, V2_METRICS, metricKey, v1Metric, v2Metric } from '../contract/metrics.js';
import type { GroupBy, RollUp } from '../contract/metrics.js';
import type { ResultMetric } from './result-model.js';
import type { ReportDefinition } from '../core/model.js';
import { editDistance } from '../core/resolve.js';
import { isDate } from '../contract/calendar.js';
import { DATE_PATTERN, DEFAULT_LAST, LAST_PATTERN, countBuckets } from '../contract/measurement-window.js';
import type { OutputFormat } from './output-formats.js';
import { checkOutput } from './spec-output.js';
import { hint, quote, type Report, type SpecContext } from './spec-problem.js';
import { checkIds, checkRepositories, checkTeams, checkWithChildren } from './spec-selection.js';

// The checks of each part of a request live next door; what they define is exported from here too.

/** Group-bys of the v1 API (endpoint 14). */
export const V1_GROUP_BYS: readonly GroupBy[] = ['organization', 'team', 'repository', 'contributor'];

/** The API's cap on labels. */
export const LABELS_MAX = 3;

export interface SpecProblem {
  /** Where in the report: ['metrics', 2], ['teams', 0], ['last'], ... ([] = the report itself). */
  path: (string | number)[];
  message: string;
  /** The config's JSON schema reports this problem too (validate shows it once, from the schema). */
  schema?: boolean;
}

/** The window as asked for; `windowOf` turns it into dates once "now" is known. */
export type SpecWindow = { last: string } | { after: string; before: string };

/** A checked request: ids of the group dimension may exceed 50 (they are batched), others may not. */
export interface MeasureSpec {
  metrics: ResultMetric[];
  groupBy: GroupBy;
  rollUp: RollUp;
  window: SpecWindow;
  /** Team ids, names already resolved through the config. */
  teamIds: number[];
  /**
   * What only the service's team list resolves (team-selection.ts, before any measurement call):
   * names the config does not give, and `all` (every listed team but the service's own two).
   * Absent where nothing is left to resolve (a request read back from a store).
   */
  teamNames?: string[];
  allTeams?: boolean;
  /** Repositories by id, and by name (resolved online against the repository list). */
  repositoryIds: number[];
  repositoryNames: string[];
  contributorIds: number[];
  serviceIds: number[];
  labels: string[];
  /** A metric key (`name` or `name:agg`) of `metrics`. */
  orderBy: string | undefined;
  orderDir: 'asc' | 'desc';
  limit: number | undefined;
  format: OutputFormat;
  out: string | undefined;
  /** The page's heading when the report gives one (else the renderers name the metrics and grouping). */
  title: string | undefined;
  /** `with_direct_children`: each team's values take in its direct child teams' contributors. */
  withChildren: boolean;
}

export interface SpecResult {
  spec?: MeasureSpec;
  problems: SpecProblem[];
}

/** Parses `NAME[:AGG]`; the aggregation is the part after the last colon. */
export function splitMetric(text: string): { name: string; agg: string | undefined } {
  const colon = text.lastIndexOf(':');
  return colon < 0 ? { name: text.trim(), agg: undefined } : { name: text.slice(0, colon).trim(), agg: text.slice(colon + 1).trim() };
}

/**
 * Did-you-mean for metric names: the closest whole name, else the one name whose last dotted part
 * is within two edits of the input's (`branch.cycle_tim` -> `branch.computed.cycle_time`).
 */
export function metricHint(name: string, names: readonly string[]): string {
  const whole = hint(name, names);
  if (whole !== '') return whole;
  const tail = (n: string) => n.slice(n.lastIndexOf('.') + 1).toLowerCase();
  const mine = tail(name);
  if (mine.length < 4) return '';
  const near = names.filter((n) => editDistance(tail(n), mine) <= 2);
  return near.length === 1 && near[0] !== undefined ? `; did you mean ${quote(near[0])}?` : '';
}

const V2_NAMES = V2_METRICS.map((m) => m.name);
const V1_NAMES = V1_METRICS.map((m) => m.name);

/**
 * The definition with every value of the wrong type left out: a report comes from YAML of any
 * shape, and the config's schema check already reports wrong types.
 */
function wellTyped(raw: ReportDefinition): ReportDefinition {
  const d = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'number';
  for (const key of ['group_by', 'roll_up', 'after', 'before', 'last', 'order_by', 'order_dir', 'format', 'out', 'title']) {
    if (typeof d[key] === 'string') out[key] = d[key];
  }
  for (const key of ['metrics', 'labels']) {
    if (Array.isArray(d[key])) out[key] = (d[key] as unknown[]).map((v) => (typeof v === 'string' ? v : String(v)));
  }
  for (const key of ['repositories', 'contributors', 'services']) {
    if (Array.isArray(d[key])) out[key] = (d[key] as unknown[]).filter(isScalar);
  }
  if (d.teams === 'managed' || d.teams === 'all') out.teams = d.teams;
  else if (Array.isArray(d.teams)) out.teams = d.teams.filter(isScalar);
  if (typeof d.limit === 'number') out.limit = d.limit;
  if (typeof d.with_children === 'boolean') out.with_children = d.with_children;
  return out as ReportDefinition;
}

export function checkSpec(raw: ReportDefinition, ctx: SpecContext): SpecResult {
  const def = wellTyped(raw);
  const problems: SpecProblem[] = [];
  const problem = (path: (string | number)[], message: string, schema = false) =>
    problems.push(schema ? { path, message, schema } : { path, message });

  const metrics = checkMetrics(def, ctx, problem);

  let groupBy: GroupBy = 'organization';
  if (def.group_by !== undefined) {
    if ((GROUP_BYS as string[]).includes(def.group_by)) groupBy = def.group_by as GroupBy;
    else problem(['group_by'], `unknown group-by ${quote(def.group_by)}: one of ${GROUP_BYS.join(', ')}${hint(def.group_by, GROUP_BYS)}`, true);
  }
  if (ctx.api === 'v1' && !V1_GROUP_BYS.includes(groupBy)) {
    problem(['group_by'], `the v1 API groups by ${V1_GROUP_BYS.join(', ')} only, not ${quote(groupBy)}`);
  }

  let rollUp: RollUp = 'custom';
  if (def.roll_up !== undefined) {
    if ((ROLL_UPS as string[]).includes(def.roll_up)) rollUp = def.roll_up as RollUp;
    else problem(['roll_up'], `unknown roll-up ${quote(def.roll_up)}: one of ${ROLL_UPS.join(', ')}${def.roll_up === '1m' ? '; did you mean `1mo`?' : hint(def.roll_up, ROLL_UPS)}`, true);
  }

  const window = checkWindow(def, problem);
  if (problems.every((p) => p.path[0] !== 'last' && p.path[0] !== 'after' && p.path[0] !== 'before')) checkBucketCount(window, rollUp, def, problem);

  const teams = checkTeams(def, ctx, groupBy, problem);
  const repos = checkRepositories(def, groupBy, problem);
  const contributorIds = checkIds(def.contributors, 'contributors', 'contributor', groupBy === 'contributor', problem);
  const serviceIds = checkIds(def.services, 'services', 'service', false, problem);
  if (ctx.api === 'v1' && groupBy === 'contributor' && def.contributors === undefined) {
    // The v2 call pages through every contributor; the v1 report has no paging, so it needs the ids.
    problem(['contributors'], 'the v1 API groups by contributor only for named contributors: give their ids (e.g. --contributor 501,502 or `contributors: [501, 502]`), or leave out --api v1');
  }

  const labels = def.labels ?? [];
  if (labels.length > LABELS_MAX) problem(['labels'], `at most ${LABELS_MAX} labels per request (the API's limit); got ${labels.length}`, true);
  labels.forEach((l, i) => {
    if (typeof l !== 'string' || l.trim() === '') problem(['labels', i], 'a label must be a non-empty string', true);
  });

  if (ctx.api === 'v1' && labels.length > 0) problem(['labels'], 'the v1 API has no label filter');
  if (ctx.api === 'v1' && ctx.serverExport) problem([], '--server-export is the v2 export (endpoint 17); the v1 API always writes a file, which emctl downloads');

  let orderBy: string | undefined;
  if (def.order_by !== undefined) {
    const { name, agg } = splitMetric(def.order_by);
    const key = metricKey(name, agg);
    const keys = metrics.map((m) => m.key);
    if (keys.includes(key)) orderBy = key;
    else problem(['order_by'], `order_by ${quote(def.order_by)} is not one of the requested metrics (${keys.join(', ') || 'none'})${hint(key, keys)}`);
  }
  let orderDir: 'asc' | 'desc' = 'asc';
  if (def.order_dir !== undefined) {
    if (def.order_dir === 'asc' || def.order_dir === 'desc') orderDir = def.order_dir;
    else problem(['order_dir'], `order_dir must be asc or desc; got ${quote(def.order_dir)}`, true);
  }
  if (def.order_dir !== undefined && def.order_by === undefined) problem(['order_dir'], 'order_dir needs order_by (the metric to order the groups by)');

  let limit: number | undefined;
  if (def.limit !== undefined) {
    if (Number.isInteger(def.limit) && def.limit > 0) limit = def.limit;
    else problem(['limit'], `limit must be an integer >= 1; got ${String(def.limit)}`, true);
  }

  if (ctx.serverExport && limit !== undefined) {
    problem(['limit'], "the service's export file holds every group of each call; --limit applies to emctl's own formats (leave out --server-export)");
  }

  const { format, out, title } = checkOutput(def, ctx, problem);
  const withChildren = checkWithChildren(def, ctx, groupBy, problem);

  if (problems.length > 0) return { problems };
  return {
    spec: {
      metrics,
      groupBy,
      rollUp,
      window,
      teamIds: teams.ids,
      teamNames: teams.names,
      allTeams: teams.all,
      repositoryIds: repos.ids,
      repositoryNames: repos.names,
      contributorIds,
      serviceIds,
      labels,
      orderBy,
      orderDir,
      limit,
      format,
      out,
      title,
      withChildren,
    },
    problems,
  };
}

function checkMetrics(def: ReportDefinition, ctx: SpecContext, problem: Report): ResultMetric[] {
  const out: ResultMetric[] = [];
  const list = def.metrics ?? [];
  if (list.length === 0) {
    problem(['metrics'], 'name at least one metric (NAME or NAME:AGG, e.g. branch.computed.cycle_time:p75)', def.metrics !== undefined);
    return out;
  }
  const seen = new Set<string>();
  list.forEach((text, i) => {
    const { name, agg } = splitMetric(text);
    const info = ctx.api === 'v1' ? v1Metric(name) : v2Metric(name);
    if (!info) {
      const other = ctx.api === 'v1' ? v2Metric(name) : v1Metric(name);
      const why = other ? ` (it is a ${ctx.api === 'v1' ? 'v2' : 'v1'} metric; ${ctx.api === 'v1' ? 'leave out --api v1' : 'use --api v1'})` : '';
      problem(['metrics', i], `unknown ${ctx.api} metric ${quote(name)}${why}${why ? '' : metricHint(name, ctx.api === 'v1' ? V1_NAMES : V2_NAMES)}`);
      return;
    }
    if (agg !== undefined) {
      if (ctx.api === 'v1') {
        problem(['metrics', i], `the v1 API takes plain metric names (durations are means): write ${quote(name)}, not ${quote(text)}`);
        return;
      }
      if (info.aggs.length === 0 && agg !== 'default') {
        problem(['metrics', i], `${quote(name)} takes no aggregation; write ${quote(name)}`);
        return;
      }
      if (info.aggs.length > 0 && agg !== 'default' && !(info.aggs as string[]).includes(agg)) {
        const allowed = info.aggs.join(', ');
        problem(['metrics', i], `${quote(name)} takes ${allowed}; got ${quote(agg)}${(METRIC_AGGS as readonly string[]).includes(agg) || agg === 'default' ? '' : hint(agg, info.aggs)}`);
        return;
      }
    }
    const key = metricKey(name, agg);
    if (seen.has(key)) {
      problem(['metrics', i], `${quote(key)} is requested twice`);
      return;
    }
    seen.add(key);
    out.push({ name, agg, key, unit: info.unit });
  });
  return out;
}

function checkWindow(def: ReportDefinition, problem: Report): SpecWindow {
  const hasRange = def.after !== undefined || def.before !== undefined;
  if (def.last !== undefined) {
    if (hasRange) problem([def.after !== undefined ? 'after' : 'before'], '`last` and `after`/`before` exclude each other: give a window ending today (last) or two dates');
    if (!LAST_PATTERN.test(def.last)) {
      problem(['last'], `last must be N days, weeks or months: e.g. 90d, 12w, 6mo; got ${quote(def.last)}`, true);
    }
    return { last: def.last };
  }
  if (!hasRange) return { last: DEFAULT_LAST };
  let ok = true;
  for (const key of ['after', 'before'] as const) {
    const value = def[key];
    if (value === undefined) {
      const other = key === 'after' ? 'before' : 'after';
      problem([other], `${other} needs ${key} too (a window is [after, before))`);
      ok = false;
    } else if (!isDate(value)) {
      problem([key], `${key} must be a date written yyyy-mm-dd; got ${quote(value)}`, !DATE_PATTERN.test(value) ? true : false);
      ok = false;
    }
  }
  const after = def.after ?? '';
  const before = def.before ?? '';
  if (ok && before <= after) problem(['before'], `before (${before}) must be later than after (${after}); the window is [after, before)`);
  return { after, before };
}

const DAY_MS = 86_400_000;
const DAYS_PER_UNIT = { d: 1, w: 7, mo: 28 } as const;

/**
 * The service answers at most API_LIMITS.measurementBucketsMax buckets at once. A `last` window's
 * dates depend on today, so it is counted at its fewest days (a month as 28): never a false error.
 */
function checkBucketCount(window: SpecWindow, rollUp: RollUp, def: ReportDefinition, problem: Report): void {
  const max = API_LIMITS.measurementBucketsMax;
  let count: number;
  if ('last' in window) {
    const m = LAST_PATTERN.exec(window.last);
    if (!m) return;
    const n = Number(m[1]);
    const unit = m[2] as keyof typeof DAYS_PER_UNIT;
    const days = n * DAYS_PER_UNIT[unit];
    if (rollUp === '1mo') count = unit === 'mo' ? n : Math.floor(days / 31);
    else count = countBuckets(0, days * DAY_MS, rollUp, max);
  } else {
    count = countBuckets(Date.parse(`${window.after}T00:00:00Z`), Date.parse(`${window.before}T00:00:00Z`), rollUp, max);
  }
  if (count > max) {
    const span = 'last' in window ? `last ${window.last}` : `${window.after} to ${window.before}`;
    problem(
      [def.roll_up !== undefined ? 'roll_up' : 'last' in window ? 'last' : 'after'],
      `${span} cut by roll-up ${rollUp} makes more than ${max} time buckets; the service answers at most ${max} at once: use a coarser roll-up or a shorter window`,
    );
  }
}

