// Measurement routes (api-spec.md 14-17, DESIGN.md §6.2): v2 answers computed by the metric engine
// over the activity index the store built at load; v2 exports and v1 reports written as files to
// the report store and served, without the key, at unguessable expiring links under /_reports/.
// Bodies answer 422 in the Pydantic shape (validation.ts); a bad key is 401 (http/router.ts).

import type { MeasurementElement, MeasurementRow } from '../../contract/measurement-types.js';
import { GROUP_BY_KEYS } from '../../contract/metrics.js';
import { RawFile, refused, type Reply } from '../route/reply.js';
import { groupName, isEmptyAnswer, measure, PatternOverBudget } from '../metrics/index.js';
import type { MeasurementQuery } from '../metrics/types.js';
import { Query, pathInt } from '../route/params.js';
import { NAME_COLUMNS, renderReportFile } from './report-files.js';
import { REPORT_PATH_PREFIX } from './reports.js';
import { parseV1Body, parseV2Body, type V1Request } from './validation.js';
import type { Route, RouteContext } from '../route/route.js';
import type { ActivityIndex } from '../metrics/activity-index.js';
import type { AnswerCache } from '../metrics/answer-cache.js';
import type { ReportStore } from './reports.js';

const STATUS = 422;

/** What the measurement routes read of the emulator's store (store.ts). */
export interface MeasurementStore {
  readonly activityIndex: ActivityIndex;
  readonly answers: AnswerCache;
  /** Goes up at every change of the state: what a cached answer is valid for. */
  readonly revision: number;
  readonly reports: ReportStore;
}

type MeasurementContext = RouteContext & { store: MeasurementStore };
export const REPORT_FILE_PREFIX = REPORT_PATH_PREFIX;

function noQuery(ctx: RouteContext): void {
  new Query(ctx.query, [], STATUS).done();
}

/** A v2 answer, its pages cut from one computed whole (store.answers). */
function measurePaged(ctx: MeasurementContext, query: MeasurementQuery): MeasurementElement[] {
  return ctx.store.answers.page(query, ctx.store.revision, (whole) => measured(ctx, whole));
}

/** The engine's answer; a branch pattern past its evaluation budget is a 500 naming it (never a frozen server). */
function measured(ctx: MeasurementContext, query: MeasurementQuery): MeasurementElement[] {
  try {
    return measure(ctx.store.activityIndex, ctx.state, query);
  } catch (error) {
    if (error instanceof PatternOverBudget) throw refused(500, error.message);
    throw error;
  }
}

function measurementsRoute(ctx: MeasurementContext): Reply {
  noQuery(ctx);
  const { query } = parseV2Body(ctx.json(STATUS));
  const elements = measurePaged(ctx, query);
  return isEmptyAnswer(elements) ? { status: 204, body: undefined } : { status: 200, body: elements };
}

function rowCount(elements: readonly MeasurementElement[]): number {
  return elements.reduce((n, e) => n + e.metrics.length, 0);
}

function linkDetail(elements: readonly MeasurementElement[], retentionS: number): string {
  return `Report ready: ${rowCount(elements)} rows over ${elements.length} time ranges; the link expires ${retentionS} s after it was made.`;
}

function layout(ctx: MeasurementContext, query: MeasurementQuery, groupKey: string, format: 'csv' | 'json', beautified: boolean) {
  const groupBy = query.groupBy;
  return {
    format,
    beautified,
    groupKey,
    nameColumn: NAME_COLUMNS[groupKey],
    nameOf: (key: number | string) =>
      groupKey === 'service_id' ? ctx.state.services.get(Number(key))?.name : groupName(ctx.store.activityIndex, ctx.state, groupBy, key),
    metricKeys: query.metrics.map((m) => m.key),
  };
}

function exportRoute(ctx: MeasurementContext): Reply {
  const q = new Query(ctx.query, ['file_format'], STATUS);
  const format = q.oneOf('file_format', ['csv', 'json'] as const) ?? 'csv';
  q.done();
  const { query, beautified } = parseV2Body(ctx.json(STATUS), { export: true });
  const elements = measurePaged(ctx, query);
  if (isEmptyAnswer(elements)) return { status: 204, body: undefined };
  const text = renderReportFile(elements, layout(ctx, query, GROUP_BY_KEYS[query.groupBy], format, beautified));
  const path = ctx.store.reports.addFile(text, format);
  return { status: 200, body: { report_url: ctx.origin + path, detail: linkDetail(elements, ctx.store.reports.options.retentionS) } };
}

/**
 * v1 by service: one query per service id (the engine's service filter: the repositories of the
 * team Git scopes that list the service), each answer's organization rows relabelled `service_id`,
 * merged element by element in the order of service_ids.
 */
function measureByService(ctx: MeasurementContext, query: MeasurementQuery): MeasurementElement[] {
  const merged: MeasurementElement[] = [];
  for (const serviceId of query.serviceIds ?? []) {
    const elements = measured(ctx, { ...query, groupBy: 'organization', serviceIds: [serviceId], limit: undefined, offset: 0 });
    elements.forEach((element, i) => {
      const target = (merged[i] ??= { after: element.after, before: element.before, metrics: [] });
      for (const row of element.metrics) {
        const { organization_id: _org, ...values } = row;
        void _org;
        target.metrics.push({ service_id: serviceId, ...values } as MeasurementRow);
      }
    });
  }
  const offset = query.offset;
  const end = query.limit === undefined ? undefined : offset + query.limit;
  return merged.map((e) => ({ ...e, metrics: e.metrics.slice(offset, end) }));
}

function v1CreateRoute(ctx: MeasurementContext): Reply {
  noQuery(ctx);
  const request: V1Request = parseV1Body(ctx.json(STATUS));
  const byService = request.groupBy === 'service';
  const elements = byService ? measureByService(ctx, request.query) : measured(ctx, request.query);
  if (isEmptyAnswer(elements)) return { status: 204, body: undefined };
  const groupKey = byService ? 'service_id' : GROUP_BY_KEYS[request.query.groupBy];
  const text = renderReportFile(elements, layout(ctx, request.query, groupKey, request.fileFormat, false));
  return { status: 200, body: { request_id: ctx.store.reports.createV1(text, request.fileFormat) } };
}

function v1GetRoute(ctx: MeasurementContext): Reply {
  noQuery(ctx);
  const id = pathInt(ctx.params.request_id!, 'request_id', STATUS, 0);
  const report = ctx.store.reports.v1State(String(id));
  if (report.state === 'pending') return { status: 202, body: { detail: 'Report accepted and being generated; poll again' } };
  if (report.state === 'gone') return { status: 204, body: undefined };
  return { status: 200, body: { report_url: ctx.origin + report.path, detail: `Report ready; the link expires in ${report.expiresInS} s.` } };
}

function reportFileRoute(ctx: MeasurementContext): Reply {
  const file = ctx.store.reports.file(ctx.params.file!);
  if (!file) throw refused(404, 'Not Found: no such report, or its link has expired');
  return { status: 200, body: new RawFile(file.text, file.contentType) };
}

export const MEASURE_ROUTES: Route<{ store: MeasurementStore }>[] = [
  { method: 'POST', template: '/api/v2/measurements', family: 'measure', handle: measurementsRoute },
  { method: 'POST', template: '/api/v2/measurements/export', family: 'measure', handle: exportRoute },
  { method: 'POST', template: '/api/v1/exporter/measurements', family: 'measure', handle: v1CreateRoute },
  { method: 'GET', template: '/api/v1/exporter/measurements/{request_id}', family: 'measure', handle: v1GetRoute },
  { method: 'GET', template: `${REPORT_PATH_PREFIX}{file}`, family: 'report', handle: reportFileRoute },
];
