// Pure request descriptions of the measurement endpoints (api-spec.md 14-17), checked against the
// spec's limits before anything is sent (requests.ts does the same for the other endpoints). Metric
// names are not checked here: the service answers 0 for an unknown one (api-notes.md), and
// `emctl measurements` checks names itself with did-you-mean.

import { InvalidRequestError } from './errors.js';
import type { ExportFileFormat, MeasurementsBody, TimeRange, V1MeasurementsBody } from '../contract/measurement-types.js';
import { GROUP_BYS, ROLL_UPS } from '../contract/metrics.js';
import { buildQuery, type RequestDescription } from './requests.js';
import { API_LIMITS } from '../contract/types.js';
import { isDate } from '../contract/calendar.js';

export const MEASUREMENTS_ROUTE = 'POST /api/v2/measurements';
export const EXPORT_ROUTE = 'POST /api/v2/measurements/export';
export const V1_CREATE_ROUTE = 'POST /api/v1/exporter/measurements';
export const V1_GET_ROUTE = 'GET /api/v1/exporter/measurements/{request_id}';

const ID_LISTS = ['team_ids', 'contributor_ids', 'repository_ids', 'service_ids'] as const;

function fail(route: string, problem: string): never {
  throw new InvalidRequestError(route, problem);
}


function checkRanges(route: string, ranges: readonly TimeRange[] | undefined, isValid: (t: string) => boolean, what: string): void {
  if (!ranges || ranges.length === 0) fail(route, 'time_ranges needs at least one {after, before}');
  for (const [i, r] of ranges.entries()) {
    if (!isValid(r.after)) fail(route, `time_ranges[${i}].after must be ${what}, got "${r.after}"`);
    if (!isValid(r.before)) fail(route, `time_ranges[${i}].before must be ${what}, got "${r.before}"`);
    if (Date.parse(r.before) <= Date.parse(r.after)) fail(route, `time_ranges[${i}]: before (${r.before}) must be after after (${r.after})`);
  }
}

function checkPaging(route: string, body: { limit?: number; offset?: number }): void {
  if (body.limit !== undefined && (!Number.isInteger(body.limit) || body.limit < 1)) fail(route, `limit must be an integer > 0, got ${String(body.limit)}`);
  if (body.offset !== undefined && (!Number.isInteger(body.offset) || body.offset < 0)) fail(route, `offset must be an integer >= 0, got ${String(body.offset)}`);
}

function checkV2Body(route: string, body: MeasurementsBody): void {
  if (!Array.isArray(body.requested_metrics) || body.requested_metrics.length === 0) fail(route, 'requested_metrics needs at least one metric');
  for (const [i, m] of body.requested_metrics.entries()) {
    if (typeof m.name !== 'string' || m.name === '') fail(route, `requested_metrics[${i}].name must be a metric name`);
  }
  checkRanges(route, body.time_ranges, isDate, 'a date yyyy-mm-dd');
  const rollUp = body.roll_up ?? 'custom';
  if (!ROLL_UPS.includes(rollUp)) fail(route, `roll_up must be one of ${ROLL_UPS.join(', ')}, got "${rollUp}"`);
  if (body.time_ranges.length > 1 && rollUp !== 'custom') fail(route, `several time ranges need roll_up custom, got ${rollUp}`);
  if (body.group_by !== undefined && !GROUP_BYS.includes(body.group_by)) fail(route, `group_by must be one of ${GROUP_BYS.join(', ')}, got "${body.group_by}"`);
  if (body.group_by === 'team' && body.team_ids === undefined) fail(route, 'group_by team needs team_ids');
  for (const name of ID_LISTS) {
    const ids = body[name];
    if (ids === undefined) continue;
    if (ids.length < 1 || ids.length > API_LIMITS.measurementIdsMax) fail(route, `${name} takes 1 to ${API_LIMITS.measurementIdsMax} ids, got ${ids.length}`);
    for (const id of ids) if (!Number.isInteger(id)) fail(route, `each of ${name} must be an integer, got ${String(id)}`);
  }
  if (body.labels !== undefined && body.labels.length > API_LIMITS.measurementLabelsMax) fail(route, `labels takes at most ${API_LIMITS.measurementLabelsMax}, got ${body.labels.length}`);
  checkPaging(route, body);
  const keys = new Set(body.requested_metrics.flatMap((m) => [m.name, m.agg === undefined ? m.name : `${m.name}:${m.agg}`]));
  if (body.order_by !== undefined && !keys.has(body.order_by)) fail(route, `order_by must be one of the requested metrics, got "${body.order_by}"`);
  const extra = body.additional_group_by_settings;
  if (extra !== undefined) {
    if (!keys.has(extra.order_by)) fail(route, `additional_group_by_settings.order_by must be one of the requested metrics, got "${extra.order_by}"`);
    if (!Number.isInteger(extra.max_items) || extra.max_items < 1) fail(route, `additional_group_by_settings.max_items must be an integer > 0, got ${String(extra.max_items)}`);
  }
}

/** 16. POST /api/v2/measurements */
export function measurements(body: MeasurementsBody): RequestDescription {
  checkV2Body(MEASUREMENTS_ROUTE, body);
  return { method: 'POST', route: MEASUREMENTS_ROUTE, path: '/api/v2/measurements', body };
}

/** 17. POST /api/v2/measurements/export?file_format=csv|json (body: the v2 body plus `beautified`). */
export function exportMeasurements(body: MeasurementsBody & { beautified?: boolean }, fileFormat: ExportFileFormat = 'csv'): RequestDescription {
  checkV2Body(EXPORT_ROUTE, body);
  if (fileFormat !== 'csv' && fileFormat !== 'json') fail(EXPORT_ROUTE, `file_format must be csv or json, got "${String(fileFormat)}"`);
  return { method: 'POST', route: EXPORT_ROUTE, path: `/api/v2/measurements/export${buildQuery([['file_format', fileFormat]])}`, body };
}

/** 14. POST /api/v1/exporter/measurements (deprecated). */
export function createV1Report(body: V1MeasurementsBody): RequestDescription {
  const route = V1_CREATE_ROUTE;
  if (!Array.isArray(body.requested_metrics) || body.requested_metrics.length === 0) fail(route, 'requested_metrics needs at least one metric name');
  const hasPair = body.after !== undefined || body.before !== undefined;
  if (hasPair && body.time_ranges !== undefined) fail(route, 'give before/after or time_ranges, not both');
  if (hasPair && (body.after === undefined || body.before === undefined)) fail(route, 'before and after go together');
  const isInstant = (t: string) => isDate(t) || (/^\d{4}-\d{2}-\d{2}T/.test(t) && !Number.isNaN(Date.parse(t)));
  if (hasPair) checkRanges(route, [{ after: body.after!, before: body.before! }], isInstant, 'an ISO 8601 timestamp');
  else checkRanges(route, body.time_ranges, isInstant, 'an ISO 8601 timestamp');
  const needs = { contributor: 'contributor_ids', repository: 'repository_ids', team: 'team_ids' } as const;
  const needed = body.group_by !== undefined && body.group_by !== 'organization' ? needs[body.group_by] : undefined;
  if (needed && body[needed] === undefined) fail(route, `group_by ${body.group_by} needs ${needed}`);
  checkPaging(route, body);
  return { method: 'POST', route, path: '/api/v1/exporter/measurements', body };
}

/** 15. GET /api/v1/exporter/measurements/{request_id} (the id from the create call, digits). */
export function getV1Report(requestId: string | number): RequestDescription {
  const id = String(requestId);
  if (!/^\d+$/.test(id)) fail(V1_GET_ROUTE, `request_id must be digits, got "${id}"`);
  return { method: 'GET', route: V1_GET_ROUTE, path: `/api/v1/exporter/measurements/${id}` };
}
