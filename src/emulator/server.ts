// The emulator's HTTP shell on node:http: reads the request, checks the key (the gateway refuses a
// bad key before routing), applies the rate limit, injects faults, runs the route, persists the
// state after a change, adds latency, answers JSON and logs the request.
//
// A fault is decided BEFORE the handler runs, so a faulted write never applied and retrying it is
// safe (docs/assumptions.md).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { rename, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { HttpError, RawFile, RawJson, refused, type Reply } from './http-error.js';
import { checkAuth, familyOf, jsonBody, matchRoute, type Family } from './router.js';
import type { EmulatorStore } from './store.js';
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
  if (method === 'GET' || raw === undefined || raw.trim() === '') return {};
  try {
    return { body: JSON.parse(raw) as unknown };
  } catch {
    return {};
  }
}

export async function startServer(store: EmulatorStore, options: ServerOptions): Promise<RunningServer> {
  const limiter = new RateLimiter(options.rateLimit);
  const faults = new FaultInjector(options.faultRate, options.seed);
  let persisting: Promise<void> = Promise.resolve();
  let tmpCounter = 0;

  // Writes go one after another (tmp file + rename), so the file always holds one whole state.
  const persist = (): Promise<void> => {
    const path = options.statePath;
    if (!path) return Promise.resolve();
    const text = JSON.stringify(store.toStateFile());
    persisting = persisting.then(async () => {
      const tmp = `${path}.${process.pid}.${++tmpCounter}.tmp`;
      await writeFile(tmp, text, 'utf8');
      await rename(tmp, path);
    });
    return persisting;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://emulator.local');
    const method = req.method ?? 'GET';
    const family: Family = familyOf(url.pathname);
    const logged = family !== 'admin';
    // A report link is a credential of sorts: the log keeps the route, not the token.
    const loggedPath = family === 'report' ? '/_reports/{file}' : url.pathname;
    const raw = await readBody(req);
    let reply: Reply;
    let headers: Record<string, string> = {};
    let changed = false;
    try {
      if (raw === undefined) throw refused(413, `request body over ${MAX_BODY_BYTES} bytes`);
      const key = req.headers['x-api-key'];
      checkAuth(store, family, Array.isArray(key) ? key[0] : key);
      const match = matchRoute(method, url.pathname);
      if (logged) {
        // Report files are object storage behind pre-signed links, not the API: no key, no per-key
        // rate limit; faults still apply, so clients' download retries can be tested.
        const wait = family === 'report' ? 0 : limiter.take(String(key), `${method} ${match.route.template}`);
        if (wait > 0) throw new HttpError(429, { detail: 'Too Many Requests: rate limit exceeded for this endpoint' }, { 'retry-after': String(wait) });
        const fault = faults.next();
        if (fault === 'reset') {
          if (options.latencyMs > 0) await sleep(options.latencyMs);
          store.logRequest({ method, path: loggedPath, query: queryRecord(url.searchParams), status: 0, ms: Math.round(performance.now() - started), ...loggedBody(method, raw) });
          req.socket.destroy();
          return;
        }
        if (fault !== undefined) throw refused(fault, `injected fault (${fault})`);
      }
      reply = match.route.handle({
        params: match.params,
        query: url.searchParams,
        store,
        state: store.state,
        journal: store.journal(() => (changed = true)),
        json: (status) => jsonBody(raw, status),
        origin: `http://${req.headers.host ?? 'localhost'}`,
      });
    } catch (error) {
      if (!(error instanceof HttpError)) {
        reply = { status: 500, body: { detail: `emulator error: ${error instanceof Error ? error.message : String(error)}` } };
      } else {
        reply = { status: error.status, body: error.body };
        headers = error.headers;
      }
    }
    if (changed) await persist();
    if (options.latencyMs > 0) await sleep(options.latencyMs);
    // 204 has no body; a report file keeps its own content type.
    const text = reply.status === 204 ? '' : reply.body instanceof RawJson || reply.body instanceof RawFile ? reply.body.text : JSON.stringify(reply.body);
    const contentType = reply.body instanceof RawFile ? reply.body.contentType : 'application/json';
    res.writeHead(reply.status, { ...(reply.status === 204 ? {} : { 'content-type': contentType, 'content-length': Buffer.byteLength(text) }), ...headers });
    res.end(text);
    if (logged) {
      store.logRequest({ method, path: loggedPath, query: queryRecord(url.searchParams), status: reply.status, ms: Math.round((performance.now() - started) * 100) / 100, ...loggedBody(method, raw) });
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
      await persisting;
    },
  };
}
