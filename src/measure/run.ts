// Runs a checked request through the API: names to ids, the planned calls (batched by 50 ids or
// paged), their answers merged into one result. Three ways to ask (DESIGN.md §6.1): the v2 JSON
// call (16, the default), the service's export file (17, --server-export) and the deprecated v1
// report (14-15, --api v1: created, polled until ready, downloaded). A 204 is "no data".

import type {
  ExportBody,
  ExportFileFormat,
  MeasurementElement,
  MeasurementsBody,
  ReportLink,
  TimeRange,
  V1CreateResponse,
  V1MeasurementsBody,
} from '../contract/measurement-types.js';
import type { RunOutput } from './result-model.js';
import { groupIdField, mergeElements, pageWasFull, planCalls, type PlannedCall, type RequestIds } from './calls.js';
import { canonicalFilters } from './store/filters.js';
import { isStoreTarget } from './store/target.js';
import { mergeExportFiles, parseElements, parseExportFile, type ExportFile } from './export-files.js';
import { resolveRepositories, type RepositoryLister } from './repositories.js';
import { contributorNames, teamNamesFor, type NameDirectory, type TeamNameReader, type TeamNames } from './team-names.js';
import { buildResult, noDataResult } from './result.js';
import type { MeasureSpec } from './spec.js';
import { calendarWindow, lastWindow } from '../contract/measurement-window.js';
import { ApiError } from '../api/errors.js';
import { measurementAnswerProblem, repeatedAcrossAnswers } from '../api/measurement-answers.js';
import { EXPORT_ROUTE, MEASUREMENTS_ROUTE, V1_CREATE_ROUTE } from '../api/requests-measurements.js';

/** Largest report file emctl downloads (v1 reports, server exports). */
export const REPORT_MAX_BYTES = 256 * 1024 * 1024;
/** How long a v1 report may take to be ready before emctl gives up. */
export const V1_DEADLINE_MS = 10 * 60 * 1000;

/** The part of the API client the measurements need (EmClient has it). */
export interface MeasurementsApi extends RepositoryLister, TeamNameReader {
  measurements(body: MeasurementsBody): Promise<MeasurementElement[] | null>;
  exportMeasurements(body: ExportBody, format: ExportFileFormat): Promise<ReportLink | null>;
  createV1Report(body: V1MeasurementsBody): Promise<V1CreateResponse | null>;
  /** Polls until ready; a report that is gone or not ready by the deadline is an error. */
  waitForV1Report(id: string, options: { deadlineMs: number; onPoll?: (state: string, elapsedMs: number) => void; pollMs?: number }): Promise<ReportLink>;
  downloadReport(url: string, options: { maxBytes: number }): Promise<string>;
}

export interface RunContext {
  /** The report's name when it comes from `reports:`. */
  report: string | undefined;
  now: Date;
  /** The config's team names (id -> name), for names next to ids. */
  teamNames: ReadonlyMap<number, string | undefined>;
  /** The run's team and contributor lists (service-directory.ts), read once for every request. */
  directory?: NameDirectory;
  api: 'v1' | 'v2';
  serverExport: boolean;
  /** A note for stderr (names that could not be found, ...). */
  notice?(text: string): void;
  /** A v1 report is being waited for (called on every poll, then once with done = true). */
  progress?(text: string, done: boolean): void;
}

/**
 * The ids of the group-by dimension the request named; none for groupings without a list, and
 * none for "every monitored repository" (the groups are whatever has data, not a request).
 */
function requestedGroups(spec: MeasureSpec, ids: RequestIds): number[] {
  const field = groupIdField(spec.groupBy);
  if (field === 'team_ids') return ids.teamIds;
  if (field === 'repository_ids') return spec.repositoryIds.length + spec.repositoryNames.length > 0 ? ids.repositoryIds : [];
  if (field === 'contributor_ids') return ids.contributorIds;
  return [];
}

/** The dates asked for: `last` as whole calendar buckets of its roll-up at `now`, else as given. */
export function askedWindowOf(spec: Pick<MeasureSpec, 'window' | 'rollUp'>, now: Date): TimeRange {
  return 'last' in spec.window ? lastWindow(spec.window.last, spec.rollUp, now) : { after: spec.window.after, before: spec.window.before };
}

/**
 * The request's dates: those asked for, except that a run writing a store with a weekly or monthly
 * roll-up widens them to the calendar buckets they touch (DESIGN.md §10). A store holds only
 * calendar buckets, so a backfill from a Wednesday replaces whole ISO weeks with whole ISO weeks
 * and leaves no day of them out (notices.ts says so before the run).
 */
export function windowOf(spec: Pick<MeasureSpec, 'window' | 'rollUp' | 'out'>, now: Date): TimeRange {
  const asked = askedWindowOf(spec, now);
  return widensToCalendar(spec) ? calendarWindow(asked, spec.rollUp as '1w' | '1mo') : asked;
}

function widensToCalendar(spec: Pick<MeasureSpec, 'rollUp' | 'out'>): boolean {
  return spec.out !== undefined && isStoreTarget(spec.out) && (spec.rollUp === '1w' || spec.rollUp === '1mo');
}

export async function runMeasurements(api: MeasurementsApi, spec: MeasureSpec, ctx: RunContext): Promise<RunOutput> {
  const window = windowOf(spec, ctx.now);
  const repos = await resolveRepositories(api, spec);
  const ids: RequestIds = { teamIds: spec.teamIds, repositoryIds: repos.ids, contributorIds: spec.contributorIds, serviceIds: spec.serviceIds };
  const calls = planCalls(spec, ids, window);

  if (ctx.serverExport) {
    const format = spec.format as ExportFileFormat;
    const files = (await Promise.all(calls.map((call) => exportFiles(api, call, format)))).flat();
    return { kind: 'file', ...mergeExportFiles(format, files, spec) };
  }

  const fetch = ctx.api === 'v1' ? (body: MeasurementsBody) => fetchV1(api, body, ctx) : (body: MeasurementsBody) => api.measurements(body);
  // Names are read beside the measurement calls (other routes, other pacing lanes).
  const [answerLists, groupNames] = await Promise.all([Promise.all(calls.map((call) => runCall(call, fetch))), namesOfGroups(api, spec, ctx)]);
  const answers = answerLists.flat();
  const repeated = repeatedAcrossAnswers(spec.groupBy, answers.filter((a): a is MeasurementElement[] => a !== null));
  if (repeated !== undefined) throw answerShapeError(ctx.api === 'v1' ? V1_CREATE_ROUTE : MEASUREMENTS_ROUTE, repeated);
  const names = new Map<number | string, string>();
  for (const [id, name] of groupNames?.names ?? []) names.set(id, name);
  for (const notice of groupNames?.notices ?? []) ctx.notice?.(notice);
  if (spec.groupBy === 'repository') for (const [id, name] of repos.names) names.set(id, name);
  const groups = requestedGroups(spec, ids);
  const resultCtx = { report: ctx.report, window, names, groups };
  const extra = { groups, names, filters: canonicalFilters(spec.groupBy, { ...ids, labels: spec.labels, withChildren: spec.withChildren }) };
  if (answers.every((a) => a === null)) return { kind: 'result', result: noDataResult(spec, resultCtx), ...extra };
  const elements = mergeElements(answers.filter((a): a is MeasurementElement[] => a !== null));
  return { kind: 'result', result: buildResult(spec, elements, resultCtx), ...extra };
}

/**
 * An answer that says something other than what was asked (measurement-answers.ts), as the shape
 * error of the route that answered it: the v2 call's own answers are checked on the call path; a
 * downloaded report or export file, and the answers of one request together, here.
 */
function answerShapeError(route: string, problem: string): ApiError {
  return new ApiError({ route, path: route.split(' ')[1] ?? route, status: 200, body: { shape: 'none', text: problem }, tries: 1, unexpectedShape: problem });
}

/** The names of the groups of a team or contributor grouping (team-names.ts). */
function namesOfGroups(api: MeasurementsApi, spec: MeasureSpec, ctx: RunContext): Promise<TeamNames> | undefined {
  if (spec.groupBy === 'team') return teamNamesFor(api, ctx.directory, spec.teamIds, ctx.teamNames);
  if (spec.groupBy === 'contributor') return contributorNames(ctx.directory);
  return undefined;
}

/** One planned call: once, or page after page until a page comes back short. */
async function runCall(call: PlannedCall, fetch: (body: MeasurementsBody) => Promise<MeasurementElement[] | null>): Promise<(MeasurementElement[] | null)[]> {
  if (!call.paged) return [await fetch(call.body)];
  const limit = call.body.limit ?? 1;
  const pages: (MeasurementElement[] | null)[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await fetch({ ...call.body, offset });
    pages.push(page);
    if (page === null || !pageWasFull(page, limit)) return pages;
  }
}

/** The v1 body of a planned v2 body: plain metric names (durations are means), the same filters. */
export function v1Body(body: MeasurementsBody): V1MeasurementsBody {
  const out: V1MeasurementsBody = {
    requested_metrics: body.requested_metrics.map((m) => m.name),
    time_ranges: body.time_ranges,
    file_format: 'json',
  };
  if (body.group_by !== undefined) out.group_by = body.group_by as V1MeasurementsBody['group_by'];
  if (body.roll_up !== undefined) out.roll_up = body.roll_up;
  if (body.order_by !== undefined) out.order_by = body.order_by;
  for (const key of ['team_ids', 'repository_ids', 'contributor_ids', 'service_ids', 'limit', 'offset'] as const) {
    if (body[key] !== undefined) (out as unknown as Record<string, unknown>)[key] = body[key];
  }
  return out;
}

async function fetchV1(api: MeasurementsApi, body: MeasurementsBody, ctx: RunContext): Promise<MeasurementElement[] | null> {
  const created = await api.createV1Report(v1Body(body));
  if (created === null) return null;
  const id = created.request_id;
  const started = Date.now();
  const say = (done: boolean) => {
    const seconds = Math.round((Date.now() - started) / 1000);
    ctx.progress?.(done ? `v1 report ${id} ready after ${seconds} s` : `waiting for v1 report ${id}: ${seconds} s`, done);
  };
  say(false);
  const link = await api.waitForV1Report(id, { deadlineMs: V1_DEADLINE_MS, onPoll: (state) => say(state === 'ready') });
  const text = await api.downloadReport(link.report_url, { maxBytes: REPORT_MAX_BYTES });
  const elements = parseElements(text, `v1 report ${id}`);
  const problem = measurementAnswerProblem(body, elements, { everyBucket: true });
  if (problem !== undefined) throw answerShapeError(V1_CREATE_ROUTE, `report ${id}: ${problem}`);
  return elements;
}

/**
 * The export files of one planned call. A paged call (no id list: contributors, workflow groups)
 * is paged like the v2 call, one file per page until a page comes back short, since the service
 * answers a capped page of groups without ids (api-notes.md); the pages are joined by
 * mergeExportFiles, so no group is cut.
 */
async function exportFiles(api: MeasurementsApi, call: PlannedCall, format: ExportFileFormat): Promise<(ExportFile | null)[]> {
  const one = async (body: ExportBody, what: string): Promise<ExportFile | null> => {
    const link = await api.exportMeasurements(body, format);
    if (link === null) return null;
    const text = await api.downloadReport(link.report_url, { maxBytes: REPORT_MAX_BYTES });
    const file = parseExportFile(format, text, what);
    // A CSV file has no line for a bucket without rows: only its rows are checked.
    const problem = measurementAnswerProblem(body, file.elements, { everyBucket: format === 'json' });
    if (problem !== undefined) throw answerShapeError(EXPORT_ROUTE, `${what}: ${problem}`);
    return file;
  };
  if (!call.paged) return [await one(call.body, 'the export file')];
  const limit = call.body.limit ?? 1;
  const files: (ExportFile | null)[] = [];
  for (let offset = 0; ; offset += limit) {
    const file = await one({ ...call.body, offset }, `the export file of offset ${offset}`);
    files.push(file);
    if (file === null || !pageWasFull(file.elements, limit)) break;
  }
  const repeated = repeatedAcrossAnswers(call.body.group_by ?? 'organization', files.flatMap((f) => (f === null ? [] : [f.elements])));
  if (repeated !== undefined) throw answerShapeError(EXPORT_ROUTE, repeated);
  return files;
}
