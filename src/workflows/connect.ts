// Turns the global options into a connected API client: the service URL (or an in-process
// emulator), the API key (env or file, never a flag value or the config), transport safety
// (no cleartext to a remote host), pacing, concurrency, and the -v request log.

import { Agent } from 'undici';
import { EmClient } from '../api/client.js';
import { type ResponseLog, type ThrottleEvent } from '../api/client-options.js';
import { redactText } from '../api/errors.js';
import { isLoopback } from '../api/loopback.js';
import { ReadProgress, systemProgressClock, type ProgressClock, type RouteCalls } from '../output/read-progress.js';
import { EmctlError } from '../contract/errors.js';
import { absolutePath } from '../output/paths.js';
import type { RunningEmulator } from '../emulator/index.js';
import type { WorkflowIO } from './io.js';
import { MAX_KEY_FILE_BYTES, readKeyFileBytes } from './key-file.js';
import type { GlobalOptions } from './options.js';

export interface Connection {
  client: EmClient;
  baseUrl: string;
  /** The service as a plan names it: the base URL, or `emulator:FIXTURE` for --emulator. */
  service: string;
  /** Requests in flight at once (--concurrency), and reads of one route handed to the client at once. */
  concurrency: number;
  /** The progress line of reads made through this connection (DESIGN 3). */
  progress: ReadProgress;
  /**
   * Runs a read with its progress line shown; with `interrupt` (the default), Ctrl-C during it
   * prints "Interrupted: nothing was written" and exits 130 (a read has written nothing).
   */
  reading<T>(read: () => Promise<T>, options?: { interrupt?: boolean }): Promise<T>;
  /** Present when --emulator started one in this process. */
  emulator?: RunningEmulator;
  /** Closes the connection pool and stops the in-process emulator, if any. */
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** Default true: a missing API key is an error. False sends no key when none is given. */
  needKey?: boolean;
  /** The progress line's clock; default the system's (tests give a fake one). */
  clock?: ProgressClock;
}

const KEY_HELP = 'set EMCTL_API_KEY or pass --api-key-file PATH (a key is never read from a flag value or the config file)';

export async function connect(globals: GlobalOptions, io: WorkflowIO, opts: ConnectOptions = {}): Promise<Connection> {
  const needKey = opts.needKey ?? true;
  let emulator: RunningEmulator | undefined;
  let baseUrl: string;
  let apiKey: string;

  if (globals.emulator !== undefined) {
    const started = await startInProcessEmulator(globals.emulator, io.cwd);
    emulator = started.emulator;
    baseUrl = emulator.url;
    apiKey = started.apiKey;
  } else {
    // The key first: a base URL that is wrong may quote it, and its error must not print it.
    apiKey = (await readKey(globals.apiKeyFile, io)) ?? '';
    io.redactor?.add(apiKey);
    baseUrl = checkBaseUrl(globals.baseUrl, globals.insecureHttp);
    if (apiKey === '' && needKey) throw new EmctlError('config', `no API key: ${KEY_HELP}`);
  }

  const agent = new Agent({ connections: Math.max(1, globals.concurrency) });
  // Made once the client is (its counts feed it); the client's notices go through it.
  // eslint-disable-next-line prefer-const
  let progress: ReadProgress;
  const client = new EmClient({
    baseUrl,
    apiKey,
    dispatcher: agent,
    // The in-process emulator has no rate limit of its own, so pacing against it only slows demos.
    rateLimit: emulator ? 0 : globals.rateLimit,
    concurrency: globals.concurrency,
    ...(globals.maxThrottleWaitMs === undefined ? {} : { maxThrottleWaitMs: globals.maxThrottleWaitMs }),
    ...(globals.verbose ? { onResponse: (log: ResponseLog) => io.stderr.write(formatRequestLog(log, apiKey)) } : {}),
    onThrottle: throttleNotice({ stderr: { write: (text: string) => progress.say(text) } }),
    // Report links at the base URL's own http origin are fetched only when http was allowed.
    insecureHttp: globals.insecureHttp,
  });

  // What the client has done and still holds per route, with each route's pace and ETA (its
  // pacing view); the scheduler adds the reads it holds back.
  const calls = (): RouteCalls[] => client.pacing().routes();
  progress = new ReadProgress(io.stderr, opts.clock ?? systemProgressClock, calls);
  let closed = false;
  const connection: Connection = {
    client,
    baseUrl,
    service: globals.emulator !== undefined ? `emulator:${globals.emulator}` : baseUrl,
    concurrency: globals.concurrency,
    progress,
    reading: (read, options = {}) => guardedRead(progress, io, read, options.interrupt ?? true),
    async close() {
      if (closed) return;
      closed = true;
      await agent.close();
      await emulator?.close();
    },
  };
  if (emulator) connection.emulator = emulator;
  return connection;
}

async function guardedRead<T>(progress: ReadProgress, io: WorkflowIO, read: () => Promise<T>, interrupt: boolean): Promise<T> {
  progress.start();
  const removeInterrupt = interrupt
    ? io.onInterrupt?.(() => {
        progress.stop();
        io.stderr.write('\nInterrupted: nothing was written\n');
        io.exitNow?.('interrupted');
      })
    : undefined;
  try {
    return await read();
  } finally {
    removeInterrupt?.();
    progress.stop();
  }
}

/** One -v line: `GET /api/v1/integrations 200 12ms`, with the try number on retries. */
export function formatRequestLog(log: ResponseLog, apiKey: string): string {
  const retry = log.attempt > 1 ? ` (try ${log.attempt})` : '';
  return redactText(`${log.method} ${log.path} ${log.status} ${log.ms}ms${retry}\n`, apiKey);
}

// ---- base URL -------------------------------------------------------------------------------

function checkBaseUrl(raw: string | undefined, insecureHttp: boolean): string {
  if (raw === undefined || raw.trim() === '') {
    throw new EmctlError('config', 'no service URL: pass --base-url URL or set EMCTL_BASE_URL (or use --emulator default to try emctl without an account)');
  }
  const given = raw.trim();
  // `api.example.com` or `localhost:8080`: the URL parser reads the host as a scheme, or fails.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(given)) throw new EmctlError('config', `--base-url needs a scheme: ${withScheme(given)}`);
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new EmctlError('config', `--base-url is not a valid URL: "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new EmctlError('config', `--base-url must start with https:// (or http:// for a local service), got "${url.protocol}//"`);
  }
  if (url.username || url.password) throw new EmctlError('config', '--base-url must not carry credentials; the API key goes in EMCTL_API_KEY or --api-key-file');
  // Every path emctl calls starts with /api/v1 or /api/v2: a base URL ending in one would double it.
  const apiPath = /\/api\/v\d+\/*$/.exec(url.pathname);
  if (apiPath !== null) {
    const root = new URL(url.href);
    root.pathname = url.pathname.slice(0, apiPath.index) || '/';
    throw new EmctlError('config', `--base-url is the service's root, without ${apiPath[0].replace(/\/+$/, '')}: use ${root.href.replace(/\/+$/, '')}`);
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !insecureHttp) {
    throw new EmctlError(
      'config',
      `refusing to send the API key in cleartext to ${url.host}: use https://, or pass --insecure-http if you really mean http:// to a remote host`,
    );
  }
  return url.href.replace(/\/+$/, '');
}


/** What to type instead of a base URL given without a scheme: http:// only for this machine. */
function withScheme(given: string): string {
  let host = '';
  try {
    host = new URL(`https://${given}`).hostname;
  } catch {
    return `start it with https:// (or http:// for a service on this machine), got "${given}"`;
  }
  const scheme = isLoopback(host) ? 'http' : 'https';
  return `did you mean ${scheme}://${given.replace(/\/api\/v\d+\/*$/, '')}? (https:// for a remote service, http:// for one on this machine)`;
}

// ---- API key --------------------------------------------------------------------------------

/**
 * The name given to --api-key-file is never printed: someone who passes the key itself there by
 * mistake would otherwise see it in a CI log. Messages say "the file given to --api-key-file".
 */
const KEY_FILE = 'the file given to --api-key-file';
async function readKey(apiKeyFile: string | undefined, io: WorkflowIO): Promise<string | undefined> {
  if (apiKeyFile !== undefined) {
    const path = absolutePath(io.cwd, apiKeyFile);
    let bytes: Buffer | undefined;
    try {
      // Read once already when the run started (cli/redact-output.ts), unless it could not be.
      bytes = io.keyFiles?.has(path) ? io.keyFiles.get(path) : await readKeyFileBytes(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? 'it is a directory' : (code ?? 'unreadable');
      throw new EmctlError('config', `cannot read ${KEY_FILE} (${why}; the name is not shown, in case it is the key itself)`);
    }
    if (bytes === undefined) throw new EmctlError('config', `${KEY_FILE} holds more than ${MAX_KEY_FILE_BYTES} bytes; it must hold the key alone`);
    const key = bytes.toString('utf8').trim();
    if (key === '') throw new EmctlError('config', `${KEY_FILE} is empty`);
    return checkKeyCharacters(key, KEY_FILE);
  }
  const fromEnv = io.env.EMCTL_API_KEY?.trim();
  return fromEnv ? checkKeyCharacters(fromEnv, 'EMCTL_API_KEY') : undefined;
}

/** A header value cannot carry spaces or control characters; say so without showing the key. */
function checkKeyCharacters(key: string, source: string): string {
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new EmctlError('config', `${source} holds an API key with spaces, line breaks or non-ASCII characters; it must be the key alone`);
  }
  return key;
}

// ---- in-process emulator --------------------------------------------------------------------

function fixturePath(fixture: string, cwd: string, defaultPath: string): string {
  if (fixture === 'default') return defaultPath;
  return absolutePath(cwd, fixture);
}

/** Starts an emulator on a free loopback port; its fixture's first api key is the one to use. */
async function startInProcessEmulator(fixture: string, cwd: string): Promise<{ emulator: RunningEmulator; apiKey: string }> {
  // Loaded only when asked for, so ordinary runs do not pay for the emulator's code.
  const { startEmulator, loadFixtureFile, EXAMPLE_FIXTURE_PATH } = await import('../emulator/index.js');
  const path = fixturePath(fixture, cwd, EXAMPLE_FIXTURE_PATH);
  const loaded = await loadFixtureFile(path);
  const key = loaded.api_keys?.[0];
  if (!key) throw new EmctlError('config', `the emulator fixture ${fixture} lists no api_keys; add one so emctl can call it`);
  const emulator = await startEmulator({ fixture: loaded, port: 0, host: '127.0.0.1' });
  return { emulator, apiKey: key };
}

/**
 * Says once per run, on stderr, that the service asked emctl to slow down (429): the run goes on
 * at the lower pace, which a reader of a slow CI log should know. Later slow-downs are silent.
 */
export function throttleNotice(io: Pick<WorkflowIO, 'stderr'>): (event: ThrottleEvent) => void {
  let told = false;
  return (event) => {
    if (told) return;
    told = true;
    const pace = event.ratePerMinute >= 1 ? Math.round(event.ratePerMinute) : event.ratePerMinute.toFixed(2);
    io.stderr.write(
      `Note: the service asked emctl to slow down (HTTP 429 on ${event.route}); that route now goes at ${pace} calls a minute` +
        ` and the run goes on (a lower --rate-limit avoids this).\n`,
    );
  };
}
