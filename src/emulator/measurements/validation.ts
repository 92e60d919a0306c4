// Request bodies of the measurement endpoints (api-spec.md 14, 16, 17) -> the engine's
// MeasurementQuery, every default filled in. Every problem of a body is reported at once as a 422
// in the Pydantic shape, at the field's loc (e.g. ["body","requested_metrics",0,"agg"]). Leniencies
// of api-notes.md: lax ids and booleans, `agg: "default"` on any metric (key `name:default`),
// unknown v2 metric names accepted (the engine answers 0). Choices where the spec is silent are
// listed in docs/assumptions.md ("Measurements (emulator and client)").

import { GROUP_BYS, ROLL_UPS, WORKFLOW_TYPES, isDevToolId, metricKey, v1Metric, v2Metric, type GroupBy, type MetricAgg, type RollUp } from '../../contract/metrics.js';
import type { ExportFileFormat, TimeRange } from '../../contract/measurement-types.js';
import { dateMs, intList, laxBool, laxInt, list, oneOf, required, str, type Loc } from './fields.js';
import { isoDay } from '../metrics/buckets.js';
import type { MeasurementQuery, QueryMetric, QueryWorkflowFilter } from '../metrics/types.js';
import { Issues, isObject, noExtraFields } from '../route/params.js';

/** The emulator's own copy of the spec's limits (v2 measurements). */
const IDS_MAX = 50;
const LABELS_MAX = 3;
const STATUS = 422;
/**
 * Time buckets (answer elements) one request may ask for, over all its ranges: about 13 years by
 * day. The spec gives none; without one, `1d` from 0001 to 9999 would hold the server for minutes.
 */
export const MAX_BUCKETS = 5000;
const SENT_AGGS = ['p75', 'p50', 'p90', 'avg', 'default'] as const;

const V2_FIELDS = [
  'requested_metrics', 'time_ranges', 'group_by', 'roll_up', 'order_by', 'order_dir', 'limit', 'offset', 'return_no_data',
  'with_direct_children', 'team_git_scope_disabled', 'team_ids', 'contributor_ids', 'repository_ids', 'service_ids', 'labels',
  'dev_tool_ids', 'workflows_filters', 'additional_group_by_settings',
];
const V1_FIELDS = [
  'requested_metrics', 'add_context', 'group_by', 'roll_up', 'order_by', 'contributor_ids', 'repository_ids', 'team_ids', 'service_ids',
  'before', 'after', 'time_ranges', 'limit', 'offset', 'return_no_data', 'file_format',
];
const V1_GROUP_BYS = ['contributor', 'repository', 'team', 'organization', 'service'] as const;
export type V1GroupBy = (typeof V1_GROUP_BYS)[number];

const B: Loc = ['body'];
const devTool = (n: number) => (isDevToolId(n) ? undefined : `${n} is not an AI dev tool id (1 to 92, 44 absent)`);

function bodyObject(issues: Issues, body: unknown): Record<string, unknown> {
  if (isObject(body)) return body;
  issues.add(B, 'dict_type', 'Input should be a valid dictionary');
  issues.throwIfAny(STATUS);
  return {};
}

function requestedMetricsV2(issues: Issues, v: unknown): QueryMetric[] | undefined {
  if (!required(issues, [...B, 'requested_metrics'], v)) return undefined;
  const items = list(issues, [...B, 'requested_metrics'], v, { min: 1 });
  if (!items) return undefined;
  const out: QueryMetric[] = [];
  items.forEach((item, i) => {
    const loc = [...B, 'requested_metrics', i];
    if (!isObject(item)) return issues.add(loc, 'dict_type', 'Input should be a valid dictionary');
    noExtraFields(issues, loc, item, ['name', 'agg']);
    const name = required(issues, [...loc, 'name'], item.name) ? str(issues, [...loc, 'name'], item.name) : undefined;
    const sent = oneOf(issues, [...loc, 'agg'], item.agg, SENT_AGGS);
    if (name === undefined || (item.agg !== undefined && sent === undefined)) return;
    const info = v2Metric(name);
    if (info && sent !== undefined && sent !== 'default' && !info.aggs.includes(sent)) {
      const allowed = info.aggs.length === 0 ? 'takes no aggregation' : `takes ${info.aggs.join(', ')}`;
      return issues.add([...loc, 'agg'], 'value_error', `Value error, ${name} ${allowed} (or default), not ${sent}`);
    }
    out.push({ name, agg: sent === 'default' ? undefined : (sent as MetricAgg | undefined), key: metricKey(name, sent) });
  });
  return out.length === items.length ? out : undefined;
}

/** The buckets a range is cut into, counted without cutting it (an upper bound for 1mo). */
function bucketCount(range: TimeRange, rollUp: RollUp): number {
  const days = (Date.parse(range.before) - Date.parse(range.after)) / 86_400_000;
  if (rollUp === '1d') return Math.ceil(days);
  if (rollUp === '1w') return Math.ceil(days / 7);
  if (rollUp === '1mo') return Math.ceil(days / 28);
  return 1;
}

function checkBucketCount(issues: Issues, ranges: TimeRange[] | undefined, rollUp: RollUp): void {
  if (!ranges) return;
  const total = ranges.reduce((n, r) => n + bucketCount(r, rollUp), 0);
  if (total > MAX_BUCKETS) {
    issues.add([...B, 'time_ranges'], 'value_error', `Value error, the time ranges cut by roll_up ${rollUp} make ${total} time buckets; at most ${MAX_BUCKETS} are answered at once`);
  }
}

function dateRanges(issues: Issues, v: unknown, read: (issues: Issues, loc: Loc, v: unknown, side: 'after' | 'before') => number | undefined): TimeRange[] | undefined {
  const items = list(issues, [...B, 'time_ranges'], v, { min: 1 });
  if (!items) return undefined;
  const out: TimeRange[] = [];
  items.forEach((item, i) => {
    const loc = [...B, 'time_ranges', i];
    if (!isObject(item)) return issues.add(loc, 'dict_type', 'Input should be a valid dictionary');
    noExtraFields(issues, loc, item, ['after', 'before']);
    const after = required(issues, [...loc, 'after'], item.after) ? read(issues, [...loc, 'after'], item.after, 'after') : undefined;
    const before = required(issues, [...loc, 'before'], item.before) ? read(issues, [...loc, 'before'], item.before, 'before') : undefined;
    if (after === undefined || before === undefined) return;
    if (before <= after) return issues.add([...loc, 'before'], 'value_error', 'Value error, before must be greater than after');
    out.push({ after: isoDay(after), before: isoDay(before) });
  });
  return out.length === items.length ? out : undefined;
}

/** v2 dates: yyyy-mm-dd, a real calendar day. */
function v2Date(issues: Issues, loc: Loc, v: unknown): number | undefined {
  const text = str(issues, loc, v);
  if (text === undefined) return undefined;
  const ms = dateMs(text);
  if (ms === undefined) issues.add(loc, 'date_from_datetime_parsing', 'Input should be a valid date in the format YYYY-MM-DD');
  return ms;
}

/** The metric key `order_by` names: a key as rows carry it, or the plain name of one requested metric. */
function metricRef(issues: Issues, loc: Loc, v: unknown, metrics: QueryMetric[] | undefined): string | undefined {
  const text = str(issues, loc, v);
  if (text === undefined || metrics === undefined) return undefined;
  if (metrics.some((m) => m.key === text)) return text;
  const byName = metrics.filter((m) => m.name === text);
  if (byName.length === 1) return byName[0]!.key;
  const keys = metrics.map((m) => m.key).join(', ');
  issues.add(loc, 'value_error', byName.length > 1 ? `Value error, ${text} is requested with several aggregations; name one of ${keys}` : `Value error, must be one of requested_metrics (${keys})`);
  return undefined;
}

function workflowsFilters(issues: Issues, v: unknown): MeasurementQuery['workflowsFilters'] {
  if (v === undefined) return undefined;
  const loc = [...B, 'workflows_filters'];
  if (!isObject(v)) return void issues.add(loc, 'dict_type', 'Input should be a valid dictionary');
  noExtraFields(issues, loc, v, WORKFLOW_TYPES);
  const out: Partial<Record<(typeof WORKFLOW_TYPES)[number], QueryWorkflowFilter>> = {};
  for (const type of WORKFLOW_TYPES) {
    const f = v[type];
    if (f === undefined) continue;
    const at = [...loc, type];
    if (!isObject(f)) {
      issues.add(at, 'dict_type', 'Input should be a valid dictionary');
      continue;
    }
    noExtraFields(issues, at, f, ['values', 'all', 'manual']);
    out[type] = {
      values: intList(issues, [...at, 'values'], f.values, { min: 1, check: devTool }) ?? [],
      all: laxBool(issues, [...at, 'all'], f.all) ?? false,
      manual: laxBool(issues, [...at, 'manual'], f.manual) ?? false,
    };
  }
  return out;
}

function additionalGroupBy(issues: Issues, v: unknown, metrics: QueryMetric[] | undefined, groupBy: GroupBy): MeasurementQuery['additionalGroupBy'] {
  if (v === undefined) return undefined;
  const loc = [...B, 'additional_group_by_settings'];
  if (!isObject(v)) return void issues.add(loc, 'dict_type', 'Input should be a valid dictionary');
  noExtraFields(issues, loc, v, ['order_by', 'max_items']);
  const orderBy = required(issues, [...loc, 'order_by'], v.order_by) ? metricRef(issues, [...loc, 'order_by'], v.order_by, metrics) : undefined;
  const maxItems = required(issues, [...loc, 'max_items'], v.max_items) ? laxInt(issues, [...loc, 'max_items'], v.max_items, { gt: 0 }) : undefined;
  if (!(WORKFLOW_TYPES as readonly string[]).includes(groupBy)) {
    issues.add(loc, 'value_error', 'Value error, additional_group_by_settings limits workflow groups: use it with group_by coding_assistant, ai_review or agentic_pr');
  }
  return orderBy !== undefined && maxItems !== undefined ? { orderBy, maxItems } : undefined;
}

/** Fields v1 and v2 share, read the same way. */
function common(issues: Issues, body: Record<string, unknown>, idsMax: number) {
  const ids = (name: string) => intList(issues, [...B, name], body[name], { min: 1, max: idsMax });
  return {
    limit: body.limit === undefined ? undefined : laxInt(issues, [...B, 'limit'], body.limit, { gt: 0 }),
    offset: body.offset === undefined ? 0 : (laxInt(issues, [...B, 'offset'], body.offset, { min: 0 }) ?? 0),
    returnNoData: laxBool(issues, [...B, 'return_no_data'], body.return_no_data) ?? false,
    teamIds: ids('team_ids'),
    contributorIds: ids('contributor_ids'),
    repositoryIds: ids('repository_ids'),
    serviceIds: ids('service_ids'),
  };
}

/** Body of POST /api/v2/measurements (and, with `beautified`, of the export call) -> a query. */
export function parseV2Body(body: unknown, options: { export?: boolean } = {}): { query: MeasurementQuery; beautified: boolean } {
  const issues = new Issues();
  const b = bodyObject(issues, body);
  noExtraFields(issues, B, b, options.export ? [...V2_FIELDS, 'beautified'] : V2_FIELDS);
  const metrics = requestedMetricsV2(issues, b.requested_metrics);
  const groupBy = oneOf(issues, [...B, 'group_by'], b.group_by, GROUP_BYS) ?? 'organization';
  const rollUp: RollUp = oneOf(issues, [...B, 'roll_up'], b.roll_up, ROLL_UPS) ?? 'custom';
  const timeRanges = required(issues, [...B, 'time_ranges'], b.time_ranges) ? dateRanges(issues, b.time_ranges, v2Date) : undefined;
  if (timeRanges && timeRanges.length > 1 && rollUp !== 'custom') {
    issues.add([...B, 'time_ranges'], 'value_error', `Value error, several time ranges are allowed only with roll_up custom (roll_up is ${rollUp})`);
  }
  checkBucketCount(issues, timeRanges, rollUp);
  const shared = common(issues, b, IDS_MAX);
  if (groupBy === 'team' && b.team_ids === undefined) issues.add([...B, 'team_ids'], 'missing', 'Field required when group_by is team');
  const labels = list(issues, [...B, 'labels'], b.labels, { max: LABELS_MAX });
  labels?.forEach((l, i) => str(issues, [...B, 'labels', i], l));
  const query: MeasurementQuery = {
    metrics: metrics ?? [],
    timeRanges: timeRanges ?? [],
    groupBy,
    rollUp,
    orderBy: b.order_by === undefined ? undefined : metricRef(issues, [...B, 'order_by'], b.order_by, metrics),
    orderDir: oneOf(issues, [...B, 'order_dir'], b.order_dir, ['asc', 'desc'] as const) ?? 'asc',
    ...shared,
    withDirectChildren: laxBool(issues, [...B, 'with_direct_children'], b.with_direct_children) ?? false,
    teamGitScopeDisabled: laxBool(issues, [...B, 'team_git_scope_disabled'], b.team_git_scope_disabled) ?? false,
    labels: labels as string[] | undefined,
    devToolIds: intList(issues, [...B, 'dev_tool_ids'], b.dev_tool_ids, { check: devTool }),
    workflowsFilters: workflowsFilters(issues, b.workflows_filters),
    additionalGroupBy: additionalGroupBy(issues, b.additional_group_by_settings, metrics, groupBy),
  };
  const beautified = options.export ? (laxBool(issues, [...B, 'beautified'], b.beautified) ?? false) : false;
  issues.throwIfAny(STATUS);
  return { query, beautified };
}

/** v1 instants: an ISO 8601 timestamp (or a bare date); `after` starts its UTC day, `before` ends its own (the engine counts whole days). */
function v1Instant(issues: Issues, loc: Loc, v: unknown, side: 'after' | 'before'): number | undefined {
  const text = str(issues, loc, v);
  if (text === undefined) return undefined;
  // A timestamp with no offset is UTC (Date.parse would read it in the emulator's local zone).
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
  const ms = dateMs(text) ?? (/^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(zoned) : NaN);
  if (Number.isNaN(ms)) return void issues.add(loc, 'datetime_from_date_parsing', 'Input should be a valid datetime (ISO 8601)');
  const day = Math.floor(ms / 86_400_000) * 86_400_000;
  return side === 'before' && day !== ms ? day + 86_400_000 : day;
}

export interface V1Request {
  query: MeasurementQuery;
  /** group_by service: the emulator answers one group per service id (see routes.ts). */
  groupBy: V1GroupBy;
  fileFormat: ExportFileFormat;
}

/** Body of POST /api/v1/exporter/measurements -> a query with plain metric keys and duration means. */
export function parseV1Body(body: unknown): V1Request {
  const issues = new Issues();
  const b = bodyObject(issues, body);
  noExtraFields(issues, B, b, V1_FIELDS);
  let metrics: QueryMetric[] | undefined;
  if (required(issues, [...B, 'requested_metrics'], b.requested_metrics)) {
    const items = list(issues, [...B, 'requested_metrics'], b.requested_metrics, { min: 1 });
    metrics = items?.flatMap((item, i) => {
      const name = str(issues, [...B, 'requested_metrics', i], item);
      if (name === undefined) return [];
      if (v1Metric(name)) return [{ name, agg: undefined, key: name }];
      issues.add([...B, 'requested_metrics', i], 'value_error', `Value error, ${name} is not a metric of the v1 API`);
      return [];
    });
  }
  laxBool(issues, [...B, 'add_context'], b.add_context);
  const groupBy = oneOf(issues, [...B, 'group_by'], b.group_by, V1_GROUP_BYS) ?? 'organization';
  const rollUp: RollUp = oneOf(issues, [...B, 'roll_up'], b.roll_up, ROLL_UPS) ?? 'custom';
  const shared = common(issues, b, IDS_MAX);
  const needs: Partial<Record<V1GroupBy, string>> = { contributor: 'contributor_ids', repository: 'repository_ids', team: 'team_ids', service: 'service_ids' };
  const needed = needs[groupBy];
  if (needed && b[needed] === undefined) issues.add([...B, needed], 'missing', `Field required when group_by is ${groupBy}`);
  let timeRanges: TimeRange[] | undefined;
  if (b.time_ranges !== undefined) {
    if (b.after !== undefined || b.before !== undefined) issues.add([...B, 'time_ranges'], 'value_error', 'Value error, time_ranges is not allowed together with before/after');
    timeRanges = dateRanges(issues, b.time_ranges, v1Instant);
  } else if (b.after === undefined && b.before === undefined) {
    issues.add([...B, 'time_ranges'], 'missing', 'Field required: give before and after, or time_ranges');
  } else {
    const after = required(issues, [...B, 'after'], b.after) ? v1Instant(issues, [...B, 'after'], b.after, 'after') : undefined;
    const before = required(issues, [...B, 'before'], b.before) ? v1Instant(issues, [...B, 'before'], b.before, 'before') : undefined;
    if (after !== undefined && before !== undefined) {
      if (before <= after) issues.add([...B, 'before'], 'value_error', 'Value error, before must be greater than after');
      else timeRanges = [{ after: isoDay(after), before: isoDay(before) }];
    }
  }
  if (timeRanges && timeRanges.length > 1 && rollUp !== 'custom') {
    issues.add([...B, 'time_ranges'], 'value_error', `Value error, several time ranges are allowed only with roll_up custom (roll_up is ${rollUp})`);
  }
  checkBucketCount(issues, timeRanges, rollUp);
  let orderBy: string | undefined;
  if (b.order_by !== undefined) {
    orderBy = str(issues, [...B, 'order_by'], b.order_by);
    if (orderBy !== undefined && metrics && !metrics.some((m) => m.key === orderBy)) {
      issues.add([...B, 'order_by'], 'value_error', `Value error, must be one of requested_metrics (${metrics.map((m) => m.key).join(', ')})`);
    }
  }
  const fileFormat = oneOf(issues, [...B, 'file_format'], b.file_format, ['json', 'csv'] as const) ?? 'json';
  issues.throwIfAny(STATUS);
  const query: MeasurementQuery = {
    metrics: metrics ?? [],
    timeRanges: timeRanges ?? [],
    groupBy: groupBy === 'service' ? 'organization' : groupBy,
    rollUp,
    orderBy,
    orderDir: 'asc',
    ...shared,
    withDirectChildren: false,
    teamGitScopeDisabled: false,
    labels: undefined,
    devToolIds: undefined,
    workflowsFilters: undefined,
    additionalGroupBy: undefined,
  };
  return { query, groupBy, fileFormat };
}
