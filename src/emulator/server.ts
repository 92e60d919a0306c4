// The emulator's HTTP shell on node:http: reads the request, checks the key (the gateway refuses a
// bad key before routing), applies the rate limit, injects faults, runs the route, persists the
// state after a change, adds latency, answers JSON and logs the request.
//
// A fault is decided BEFORE the handler runs, so a faulted write never applied and retrying it is
// safe (docs/assumptions.md).
//
// Robust like a server others talk to (DESIGN 4): the key is checked before a body is read (the
// body of an unauthenticated request is drained, never kept); the request log keeps the body only
// of a write the emulator accepted (answered 2xx, a partly applied 200 with `rejected` items
// included), never of a refused one (bad key, too large, rate limited, an injected fault, invalid
// 4xx, a failed save), and is capped in bytes; a body nested too deep to serialise again is not
// kept, so no request can break GET /_emulator/requests. With --state, changes run one at a
// time, each persisted (tmp file, fsync, rename) before it is answered; a change whose write fails
// is rolled back and answered 503, and the next change writes the whole state again.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdir, open, readdir, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { HttpError, RawFile, RawJson, refused, type Reply } from './http-error.js';
import { checkAuth, familyOf, jsonBody, matchRoute } from './router.js';
import { type Family } from './route.js';
import type { EmulatorStore, StateFile } from './store.js';
import { FaultInjector, RateLimiter } from './traffic.js';

export interface ServerOptions {
  port: number;
  host: string;
  latencyMs: number;
  faultRate: number;
  rateLimit: number;
  statePath?: string;
  seed?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Bodies nested deeper than this are answered but not kept in the request log. */
const MAX_LOGGED_DEPTH = 64;

/** Reads nothing: drains the body of a request that is refused before it is read. */
function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    req.on('end', resolve);
    req.on('error', () => resolve());
    req.resume();
  });
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** What a log entry costs without its body: the path and query as received, plus the fields. */
function logSize(url: URL): number {
  return 100 + url.pathname.length + url.search.length;
}

function queryRecord(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of params) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/**
 * What the request log keeps of a body: the parsed JSON of a write (not GET), parsed on its own so
 * a handler that reworks its input cannot change what the log says was received. No entry for a
 * read, an empty body or one that is not JSON (the answer says why).
 */
function loggedBody(method: string, raw: string | undefined): { body?: unknown } {
  if (method === 'GET' || raw === undefined || raw.trim() === '' || jsonDepth(raw) > MAX_LOGGED_DEPTH) return {};
  try {
    return { body: JSON.parse(raw) as unknown };
  } catch {
    return {};
  }
}

/** How deep brackets nest in a JSON text (strings skipped): one linear pass, no recursion. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let most = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) most = Math.max(most, ++depth);
    else if (c === 93 || c === 125) depth--;
  }
  return most;
}

/** Writes `text` to `path` so that the file always holds a whole state: tmp file, fsync, rename. */
async function writeAtomically(path: string, text: string, tmp: string): Promise<void> {
  const handle = await open(tmp, 'w');
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => {});
    throw error;
  }
  // The rename itself is durable once the directory is synced (not every platform allows it).
  const dir = await open(dirname(path), 'r').catch(() => undefined);
  if (dir) await dir.sync().catch(() => {}).finally(() => dir.close());
}

/** Removes `<state>.*.tmp` files that a killed emulator left behind. */
async function removeOrphanTmpFiles(path: string): Promise<void> {
  const prefix = `${basename(path)}.`;
  const names = await readdir(dirname(path)).catch(() => [] as string[]);
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) await unlink(join(dirname(path), name)).catch(() => {});
  }
}

/**
 * Where the client reached this server, for the report links it hands out: the Host header when it
 * is a plain host[:port], else the socket's own address (a link never carries a forged header).
 */
function originOf(req: IncomingMessage): string {
  const host = req.headers.host;
  if (host !== undefined && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return `http://${host}`;
  const address = req.socket.localAddress ?? '127.0.0.1';
  return `http://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}

export async function startServer(store: EmulatorStore, options: ServerOptions): Promise<RunningServer> {
  const limiter = new RateLimiter(options.rateLimit);
  const faults = new FaultInjector(options.faultRate, options.seed);
  let tmpCounter = 0;
  /** Changes run one after another: handler, then the state write, then the answer. */
  let changes: Promise<void> = Promise.resolve();
  /** The state as last written to --state: what a change whose write failed is rolled back to. */
  let persisted: StateFile | undefined;
  if (options.statePath) {
    // A state file in a directory not made yet: made now, or the start fails here. Without it the
    // server ran and refused every change with 503 "retry later", which no retry could fix.
    await mkdir(dirname(options.statePath), { recursive: true });
    await removeOrphanTmpFiles(options.statePath);
    persisted = store.toStateFile();
  }

  /** Persists the whole state; on failure restores the last persisted state and throws a 503. */
  async function persistOrRollBack(): Promise<void> {
    const path = options.statePath;
    if (!path) return;
    const file = store.toStateFile();
    try {
      await writeAtomically(path, JSON.stringify(file), `${path}.${process.pid}.${++tmpCounter}.tmp`);
      persisted = file;
    } catch (error) {
      if (persisted) store.restore(persisted);
      const why = (error as NodeJS.ErrnoException).code ?? String(error);
      throw refused(503, `the change could not be saved (${why}) and was rolled back; retry later`);
    }
  }

  /** Runs `work` after every change before it has been answered (a lock for --state). */
  function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const run = changes.then(work, work);
    changes = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://emulator.local');
    const method = req.method ?? 'GET';
    const family: Family = familyOf(url.pathname);
    const logged = family !== 'admin';
    // A report link is a credential of sorts: the log keeps the route, not the token.
    const loggedPath = family === 'report' ? '/_reports/{file}' : url.pathname;
    const keyHeader = req.headers['x-api-key'];
    const key = Array.isArray(keyHeader) ? keyHeader[0] : keyHeader;
    let raw: string | undefined;
    let reply: Reply;
    let headers: Record<string, string> = {};
    try {
      try {
        checkAuth(store, family, key);
      } catch (error) {
        await drain(req); // the body of a request without a valid key is never read into memory
        throw error;
      }
      raw = await readBody(req);
      if (raw === undefined) throw refused(413, `request body over ${MAX_BODY_BYTES} bytes`);
      const body = raw;
      const match = matchRoute(method, url.pathname);
      if (logged) {
        // Report files are object storage behind pre-signed links, not the API: no key, no per-key
        // rate limit; faults still apply, so clients' download retries can be tested.
        const wait = family === 'report' ? 0 : limiter.take(String(key), `${method} ${match.route.template}`);
        if (wait > 0) throw new HttpError(429, { detail: 'Too Many Requests: rate limit exceeded for this endpoint' }, { 'retry-after': String(wait) });
        const fault = faults.next();
        if (fault === 'reset') {
          if (options.latencyMs > 0) await sleep(options.latencyMs);
          store.logRequest({ method, path: loggedPath, query: queryRecord(url.searchParams), status: 0, ms: Math.round(performance.now() - started) }, logSize(url));
          req.socket.destroy();
          return;
        }
        if (fault !== undefined) throw refused(fault, `injected fault (${fault})`);
      }
      const run = async (): Promise<Reply> => {
        let changed = false;
        let result: Reply;
        try {
          result = match.route.handle({
            params: match.params,
            query: url.searchParams,
            store,
            state: store.state,
            journal: store.journal(() => (changed = true)),
            json: (status) => jsonBody(body, status),
            origin: originOf(req),
          });
        } catch (error) {
          // A refusal after a partial change (some items applied) still persists what changed.
          if (changed) await persistOrRollBack();
          throw error;
        }
        if (changed) await persistOrRollBack();
        return result;
      };
      reply = method === 'GET' || !options.statePath ? await run() : await oneAtATime(run);
    } catch (error) {
      if (!(error instanceof HttpError)) {
        reply = { status: 500, body: { detail: `emulator error: ${error instanceof Error ? error.message : String(error)}` } };
      } else {
        reply = { status: error.status, body: error.body };
        headers = error.headers;
      }
    }
    if (options.latencyMs > 0) await sleep(options.latencyMs);
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
    if (logged) {
      // Only a write the emulator accepted keeps its body: a refused one (up to 10 MB each) would
      // let anyone fill the log with what was never applied.
      const accepted = reply.status >= 200 && reply.status < 300;
      const body = accepted ? loggedBody(method, raw) : {};
      const size = logSize(url) + (body.body === undefined ? 0 : (raw?.length ?? 0));
      store.logRequest({ method, path: loggedPath, query: queryRecord(url.searchParams), status: reply.status, ms: Math.round((performance.now() - started) * 100) / 100, ...body }, size);
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: `emulator error: ${String(error)}` }));
      }
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostInUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostInUrl}:${address.port}`,
    port: address.port,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await changes;
    },
  };
}
