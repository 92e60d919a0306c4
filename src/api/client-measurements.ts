// The measurement calls of EmClient (api-spec.md 14-17) and report downloads. Every request goes
// through the client's one call path (pacing, retries, errors, the shape check of every 200 with
// the shapes of response-schemas.ts); this file decides what a status means (204 = no data, 202 = not
// ready), refuses undocumented statuses, polls v1 reports with
// backoff up to a deadline, and fetches report files without the key, size-capped, following
// redirects only to https (or to a loopback address, where the emulator serves them, or with
// insecure http allowed to the base URL's own http origin).

import { ApiError } from './errors.js';
import { isLoopback } from './loopback.js';
import type { ExportFileFormat, MeasurementElement, MeasurementsBody, ReportLink, V1CreateResponse, V1MeasurementsBody } from '../contract/measurement-types.js';
import * as rq from './requests-measurements.js';
import type { RequestDescription } from './requests.js';

/** Where a request goes when it is not the service's API: a report link. */
export interface WireTarget {
  url: string;
  /** How errors and logs show the URL: its origin only (a pre-signed link is a credential). */
  shownAs: string;
  maxBytes?: number;
  /** Return the body as text, unparsed. */
  raw?: boolean;
  /** Return 3xx answers instead of failing, so the caller can check the next hop. */
  passRedirects?: boolean;
}

export interface Exchange {
  status: number;
  body: unknown;
  text: string;
  headers: Record<string, string | string[] | undefined>;
  tries: number;
}

/** What these functions need of the client: its call path, and how it words a shape error. */
export interface MeasurementWire {
  exchange(d: RequestDescription, target?: WireTarget): Promise<Exchange>;
  /** The client's clock: polling waits on it. */
  now(): number;
  sleep(ms: number): Promise<void>;
  /** An answer the spec does not document (a status, a missing body), as an ApiError naming the route. */
  shapeError(d: RequestDescription, status: number, problem: string, tries: number, shownAs?: string): ApiError;
}

export type V1ReportState = { state: 'pending' } | { state: 'ready'; link: ReportLink } | { state: 'gone' };

export interface WaitOptions {
  /** Give up (an error) when the report is not ready this many ms after the first poll. */
  deadlineMs: number;
  /** First wait between polls (default 1000 ms); grows by half each poll, to at most 10 s. */
  pollMs?: number;
  /** Told after each poll (progress on stderr). */
  onPoll?: (state: V1ReportState['state'], elapsedMs: number) => void;
}

/** The route key of report downloads (one pacing lane for every report link). */
export const REPORT_ROUTE = 'GET {report_url}';
const MAX_REDIRECTS = 5;
const POLL_CEILING_MS = 10_000;

/** A 2xx other than 200/204 (or 202 where it means "pending") is not documented: an error. */
function unexpected(wire: MeasurementWire, d: RequestDescription, r: Exchange, expected: string): ApiError {
  return wire.shapeError(d, r.status, `the status should be ${expected}`, r.tries);
}

export async function measurements(wire: MeasurementWire, body: MeasurementsBody): Promise<MeasurementElement[] | null> {
  const d = rq.measurements(body);
  const r = await wire.exchange(d);
  if (r.status === 204) return null;
  if (r.status !== 200) throw unexpected(wire, d, r, '200 or 204');
  return r.body as MeasurementElement[];
}

function link(r: Exchange): ReportLink {
  const body = r.body as { report_url: string; detail?: string };
  return { report_url: body.report_url, detail: body.detail ?? '' };
}

export async function exportMeasurements(wire: MeasurementWire, body: MeasurementsBody & { beautified?: boolean }, fileFormat: ExportFileFormat): Promise<ReportLink | null> {
  const d = rq.exportMeasurements(body, fileFormat);
  const r = await wire.exchange(d);
  if (r.status === 204) return null;
  if (r.status !== 200) throw unexpected(wire, d, r, '200 or 204');
  return link(r);
}

export async function createV1Report(wire: MeasurementWire, body: V1MeasurementsBody): Promise<V1CreateResponse | null> {
  const d = rq.createV1Report(body);
  const r = await wire.exchange(d);
  if (r.status === 204) return null;
  if (r.status !== 200) throw unexpected(wire, d, r, '200 or 204');
  return { request_id: (r.body as V1CreateResponse).request_id };
}

export async function getV1Report(wire: MeasurementWire, requestId: string | number): Promise<V1ReportState> {
  const d = rq.getV1Report(requestId);
  const r = await wire.exchange(d);
  if (r.status === 202) return { state: 'pending' };
  if (r.status === 204) return { state: 'gone' };
  if (r.status !== 200) throw unexpected(wire, d, r, '200, 202 or 204');
  return { state: 'ready', link: link(r) };
}

function stateError(requestId: string | number, status: number, text: string, tries: number): ApiError {
  const d = rq.getV1Report(requestId);
  return new ApiError({ route: d.route, path: d.path, status, body: { shape: 'detail', detail: text }, tries });
}

export async function waitForV1Report(wire: MeasurementWire, requestId: string | number, options: WaitOptions): Promise<ReportLink> {
  const started = wire.now();
  let wait = options.pollMs ?? 1000;
  let polls = 0;
  for (;;) {
    const state = await getV1Report(wire, requestId);
    polls += 1;
    const elapsed = wire.now() - started;
    options.onPoll?.(state.state, elapsed);
    if (state.state === 'ready') return state.link;
    if (state.state === 'gone') {
      throw stateError(
        requestId,
        204,
        polls > 1
          ? `report ${requestId} expired before it was fetched (204 after ${polls - 1} "not ready" answers); create it again`
          : `report ${requestId} does not exist or has expired (204)`,
        polls,
      );
    }
    if (elapsed + wait > options.deadlineMs) {
      throw stateError(requestId, 202, `report ${requestId} was not ready after ${Math.round(elapsed / 1000)} s (${polls} polls; deadline ${Math.round(options.deadlineMs / 1000)} s)`, polls);
    }
    await wire.sleep(wait);
    wait = Math.min(POLL_CEILING_MS, Math.ceil(wait * 1.5));
  }
}


/**
 * A report URL we may fetch: https anywhere, http on loopback, and http at `httpOrigin` (the base
 * URL's origin when the caller allowed insecure http). Returns the reason it may not.
 */
export function reportUrlProblem(url: URL, httpOrigin?: string): string | undefined {
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return undefined;
  if (url.protocol === 'http:' && httpOrigin !== undefined && url.origin === httpOrigin) return undefined;
  const also = httpOrigin === undefined ? 'http on a loopback address' : `http on a loopback address or at ${httpOrigin}`;
  return `only https links (or ${also}) are fetched, not ${url.protocol}//${url.host}`;
}

export async function downloadReport(wire: MeasurementWire, url: string, options: { maxBytes: number; httpOrigin?: string | undefined }): Promise<string> {
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new ApiError({ route: REPORT_ROUTE, path: '(report link)', status: undefined, body: { shape: 'none', text: '' }, tries: 0, cause: 'the report link is not a valid URL' });
  }
  const refuse = (u: URL, status: number | undefined, text: string, tries: number) =>
    new ApiError({ route: REPORT_ROUTE, path: `${u.origin}/…`, status, body: { shape: 'none', text }, tries, ...(status === undefined ? { cause: text } : {}) });
  const first = reportUrlProblem(current, options.httpOrigin);
  if (first) throw refuse(current, undefined, `report link refused: ${first}`, 0);
  for (let hop = 0; ; hop++) {
    const shownAs = `${current.origin}/…`;
    const d: RequestDescription = { method: 'GET', route: REPORT_ROUTE, path: shownAs };
    const r = await wire.exchange(d, { url: current.href, shownAs, maxBytes: options.maxBytes, raw: true, passRedirects: true });
    if (r.status >= 300 && r.status < 400) {
      const location = Array.isArray(r.headers.location) ? r.headers.location[0] : r.headers.location;
      if (!location) throw refuse(current, r.status, 'redirect without a Location header', r.tries);
      const next = new URL(location, current);
      const problem = reportUrlProblem(next, options.httpOrigin);
      if (problem) throw refuse(current, r.status, `redirect refused: ${problem}`, r.tries);
      if (hop + 1 > MAX_REDIRECTS) throw refuse(current, r.status, `more than ${MAX_REDIRECTS} redirects`, r.tries);
      current = next;
      continue;
    }
    if (r.status !== 200) throw wire.shapeError(d, r.status, 'the status should be 200 with the file', r.tries, shownAs);
    return r.text;
  }
}
