// One request through the emulated service, in the order the service's gateway takes it: the key
// (refused before a body is read), the body, the route (404/405), the traffic shaping (rate limit,
// injected fault), the route's own work (saved before it is answered when it changed the state),
// the latency, the answer, the request log. No request can break another: whatever a route throws
// is an answer, and an answer that cannot be serialised is a 500.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, RawFile, RawJson, refused, type Reply } from '../route/reply.js';
import type { EmulatorStore } from '../store.js';
import { logSize, loggedBody, queryRecord } from './request-log.js';
import { MAX_BODY_BYTES, drain, readBody, receive, type Body, type Received } from './request.js';
import { checkAuth, jsonBody, matchRoute, type Match } from './router.js';
import type { StateFileWriter } from './state-file.js';
import type { FaultInjector, RateLimiter } from './traffic.js';

/** What every exchange shares: the store, its --state writer and the traffic shaping. */
export interface ServerParts {
  store: EmulatorStore;
  stateFile: StateFileWriter;
  limiter: RateLimiter;
  faults: FaultInjector;
  latencyMs: number;
  /** Waits out the latency: a timer, or what a test gives to count the waits instead of timing them. */
  wait: (ms: number) => Promise<unknown>;
}

interface Admitted {
  body: Body;
  match: Match;
}

interface Answer {
  reply: Reply;
  headers: Record<string, string>;
}

/** The request listener of the server: each request answered by `exchange`, a failure of it by a bare 500. */
export function requestHandler(parts: ServerParts): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    exchange(parts, req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: `emulator error: ${String(error)}` }));
      }
    });
  };
}

async function exchange(parts: ServerParts, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const request = receive(req);
  let raw: string | undefined;
  let answer: Answer;
  try {
    const admitted = await admit(parts.store, request, req);
    raw = admitted.body.text;
    if (request.logged && (await shapeTraffic(parts, request, admitted.match, req)) === 'reset') return;
    answer = { reply: await runRoute(parts, request, admitted), headers: {} };
  } catch (error) {
    answer = answerOf(error);
  }
  if (parts.latencyMs > 0) await parts.wait(parts.latencyMs);
  const status = send(res, answer);
  if (request.logged) logAnswered(parts.store, request, status, raw);
}

/** The key, then the body, then the route: each refused with the service's status. */
async function admit(store: EmulatorStore, request: Received, req: IncomingMessage): Promise<Admitted> {
  try {
    checkAuth(store, request.family, request.key);
  } catch (error) {
    await drain(req); // the body of a request without a valid key is never read into memory
    throw error;
  }
  const body = await readBody(req);
  if (body === undefined) throw refused(413, `request body over ${MAX_BODY_BYTES} bytes`);
  return { body, match: matchRoute(request.method, request.url.pathname) };
}

/**
 * The rate limit, then an injected fault, decided before the route runs: a faulted write never
 * applied, so retrying it is safe (docs/assumptions.md). A reset is logged with status 0 and the
 * connection closed with no answer.
 */
async function shapeTraffic(parts: ServerParts, request: Received, match: Match, req: IncomingMessage): Promise<'reset' | undefined> {
  // Report files are object storage behind pre-signed links, not the API: no key, no per-key
  // rate limit; faults still apply, so clients' download retries can be tested.
  const wait = request.family === 'report' ? 0 : parts.limiter.take(String(request.key), `${request.method} ${match.route.template}`);
  if (wait > 0) throw new HttpError(429, { detail: 'Too Many Requests: rate limit exceeded for this endpoint' }, { 'retry-after': String(wait) });
  const fault = parts.faults.next();
  if (fault === 'reset') {
    if (parts.latencyMs > 0) await parts.wait(parts.latencyMs);
    const { method, loggedPath: path, url } = request;
    parts.store.logRequest({ method, path, query: queryRecord(url.searchParams), status: 0, ms: Math.round(performance.now() - request.started) }, logSize(url));
    req.socket.destroy();
    return 'reset';
  }
  if (fault !== undefined) throw refused(fault, `injected fault (${fault})`);
  return undefined;
}

/** Runs the route; a change (the journal was touched) is saved before it is answered, also when the route then refused the rest. */
function runRoute(parts: ServerParts, request: Received, { body, match }: Admitted): Promise<Reply> {
  const { store, stateFile } = parts;
  return stateFile.run(request.method, async () => {
    let changed = false;
    let reply: Reply;
    try {
      reply = match.route.handle({
        params: match.params,
        query: request.url.searchParams,
        store,
        state: store.state,
        journal: store.journal(() => (changed = true)),
        json: (status) => jsonBody(body.text, status, body.utf8),
        origin: request.origin,
      });
    } catch (error) {
      // A refusal after a partial change (some items applied) still persists what changed.
      if (changed) await stateFile.saveOrRollBack();
      throw error;
    }
    if (changed) await stateFile.saveOrRollBack();
    return reply;
  });
}

/** A refusal as the service sends it; anything else thrown is the emulator's own 500. */
function answerOf(error: unknown): Answer {
  if (error instanceof HttpError) return { reply: { status: error.status, body: error.body }, headers: error.headers };
  return { reply: { status: 500, body: { detail: `emulator error: ${error instanceof Error ? error.message : String(error)}` } }, headers: {} };
}

/** Writes the answer; returns the status sent (500 when the reply could not be serialised). */
function send(res: ServerResponse, { reply, headers }: Answer): number {
  // 204 has no body; a report file keeps its own content type.
  let text: string;
  try {
    text = reply.status === 204 ? '' : reply.body instanceof RawJson || reply.body instanceof RawFile ? reply.body.text : JSON.stringify(reply.body);
  } catch (error) {
    reply = { status: 500, body: {} };
    headers = {};
    text = JSON.stringify({ detail: `emulator error: the answer could not be serialised (${String(error)})` });
  }
  const contentType = reply.body instanceof RawFile ? reply.body.contentType : 'application/json';
  res.writeHead(reply.status, { ...(reply.status === 204 ? {} : { 'content-type': contentType, 'content-length': Buffer.byteLength(text) }), ...headers });
  res.end(text);
  return reply.status;
}

/** The request log's entry, with the body of an accepted write only (request-log.ts). */
function logAnswered(store: EmulatorStore, request: Received, status: number, raw: string | undefined): void {
  const accepted = status >= 200 && status < 300;
  const body = accepted ? loggedBody(request.method, raw) : {};
  const size = logSize(request.url) + (body.body === undefined ? 0 : (raw?.length ?? 0));
  const { method, loggedPath: path, url } = request;
  store.logRequest({ method, path, query: queryRecord(url.searchParams), status, ms: Math.round((performance.now() - request.started) * 100) / 100, ...body }, size);
}
