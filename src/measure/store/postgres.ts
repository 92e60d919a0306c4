// The PostgreSQL engine (pg), loaded only when a postgres:// store is used. The password comes
// from the URL, else PGPASSWORD, else ~/.pgpass (pgpass.ts); TLS follows
// the URL's sslmode as pg reads it. No message carries the password: pg's own errors are passed
// through `redact` with every password it could have been given.

import type pg from 'pg';
import { EmctlError } from '../../contract/errors.js';
import type { Engine, SqlParam, SqlRow, Tx } from './engine.js';
import { pgpassLookup } from './pgpass.js';
import { shownUrl } from './target.js';

/** Rows per statement: 11 arrays of this many values (unnest), a few MB of parameters. */
const ROWS_PER_STATEMENT = 10_000;
/**
 * Every wait is bounded (DESIGN 8): by default a client waits for ever on a stopped server and on
 * a table another session has locked. Connecting (up to the server's first "ready"), a lock
 * wait and a statement are bounded by the server where it answers; the client bounds each query
 * too, for a server that stopped answering. The URL may set each (`?lock_timeout=60000`, ms;
 * `connect_timeout` in seconds, as libpq reads it).
 */
const CONNECT_TIMEOUT_MS = 15_000;
const LOCK_TIMEOUT_MS = 15_000;
const STATEMENT_TIMEOUT_MS = 60_000;
/** Past the statement timeout, so a live server says its own words first. */
const QUERY_TIMEOUT_MS = 75_000;
/** A clean end (Terminate) waits for a live server only: a stopped one is cut off. */
const END_TIMEOUT_MS = 2_000;
/** Any fixed number: writers of one database take this lock, so two first runs do not both create the table. */
const WRITE_LOCK = 4_207_305;

function passwordOf(url: string): string | undefined {
  try {
    const password = new URL(url).password;
    return password === '' ? undefined : decodeURIComponent(password);
  } catch {
    return undefined;
  }
}

function withPassword(url: string, password: string): string {
  const parsed = new URL(url);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

export function redactor(secrets: readonly (string | undefined)[]): (text: string) => string {
  const hidden = secrets.filter((s): s is string => s !== undefined && s !== '').sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const secret of hidden) out = out.split(secret).join('***');
    for (const secret of hidden) out = out.split(encodeURIComponent(secret)).join('***');
    return out;
  };
}

export async function openPostgres(url: string, options: { write: boolean; env: Record<string, string | undefined> }): Promise<Engine> {
  const fromUrl = passwordOf(url);
  const fromEnv = options.env.PGPASSWORD || undefined;
  const fromFile = fromUrl === undefined && fromEnv === undefined ? await pgpassLookup(url, options.env) : undefined;
  const redact = redactor([fromUrl, fromEnv, fromFile]);
  const where = shownUrl(url);
  const failure = (error: unknown, stage: 'connect' | 'query'): EmctlError => {
    const message = error instanceof Error ? error.message : String(error);
    // pg's words when the server wants a password and none was found anywhere.
    if (/client password must be a string/.test(message)) {
      return new EmctlError('config', `${where}: the server asks for a password: give it in the URL, PGPASSWORD or ~/.pgpass`);
    }
    const bounded = boundedWait(error, message, stage, limits);
    return new EmctlError('config', `${where}: ${bounded ?? redact(message)}`);
  };

  const { default: pgModule } = await import('pg');
  // pg lets the URL's fields override the config's (an absent password included), so a password
  // from the environment or ~/.pgpass goes into the URL it is given; that URL is never shown.
  const other = fromEnv ?? fromFile;
  const limits = waitLimits(url);
  const config: pg.ClientConfig = {
    connectionString: fromUrl === undefined && other !== undefined ? withPassword(url, other) : url,
    connectionTimeoutMillis: limits.connectMs,
    lock_timeout: limits.lockMs,
    statement_timeout: limits.statementMs,
    query_timeout: limits.queryMs,
  };
  const client = new pgModule.Client(config);
  /** Set when a query met the client's own timeout: the server is not answering, so nothing more is sent. */
  let stalled = false;
  const end = async () => {
    if (stalled) (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    await Promise.race([client.end().catch(() => {}), new Promise((resolve) => setTimeout(resolve, END_TIMEOUT_MS).unref())]);
  };
  // A dropped connection is reported by the query that meets it; without a listener it would crash.
  client.on('error', () => {});
  try {
    await client.connect();
    // Dates and timestamps are read back as UTC text whatever the server's zone.
    await client.query("SET TIME ZONE 'UTC'");
  } catch (error) {
    stalled = true;
    await end();
    throw failure(error, 'connect');
  }

  const tx: Tx = {
    async run(sql: string, params: readonly SqlParam[] = []) {
      await client.query(sql, params as SqlParam[]);
    },
    async all(sql: string, params: readonly SqlParam[] = []) {
      return (await client.query(sql, params as SqlParam[])).rows as SqlRow[];
    },
  };
  return {
    dialect: 'postgres',
    rowsPerStatement: ROWS_PER_STATEMENT,
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      try {
        await client.query(options.write ? 'BEGIN' : 'BEGIN READ ONLY');
        if (options.write) await client.query(`SELECT pg_advisory_xact_lock(${WRITE_LOCK})`);
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A server that stopped answering gets no ROLLBACK (it would wait as long again): the
        // connection is cut, and the server rolls the transaction back when it sees that.
        if (isClientTimeout(error)) stalled = true;
        else await client.query('ROLLBACK').catch(() => {});
        if (error instanceof EmctlError) throw error;
        throw failure(error, 'query');
      }
    },
    close: end,
  };
}

interface WaitLimits {
  connectMs: number;
  lockMs: number;
  statementMs: number;
  queryMs: number;
}

/** The bounds of a connection: ours, or the URL's own (`lock_timeout`, `statement_timeout`, `query_timeout` in ms; `connect_timeout` in s). */
function waitLimits(url: string): WaitLimits {
  const params = new URL(url).searchParams;
  const ms = (name: string, fallback: number, scale = 1) => {
    const value = Number(params.get(name));
    return params.has(name) && Number.isFinite(value) && value > 0 ? value * scale : fallback;
  };
  const statementMs = ms('statement_timeout', STATEMENT_TIMEOUT_MS);
  return {
    connectMs: ms('connect_timeout', CONNECT_TIMEOUT_MS, 1000),
    lockMs: ms('lock_timeout', LOCK_TIMEOUT_MS),
    statementMs,
    queryMs: ms('query_timeout', Math.max(QUERY_TIMEOUT_MS, statementMs + 15_000)),
  };
}

function isClientTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'Query read timeout';
}

const seconds = (ms: number) => `${ms / 1000} s`;

/** The words for a wait that ran into its bound, or undefined for any other failure. Nothing was written: the transaction is whole or absent. */
function boundedWait(error: unknown, message: string, stage: 'connect' | 'query', limits: WaitLimits): string | undefined {
  const code = (error as { code?: unknown }).code;
  const nothing = 'nothing was written';
  if (stage === 'connect' && /timeout|terminated/i.test(message)) {
    return `no connection within ${seconds(limits.connectMs)} (is the server running and answering? a stopped server accepts connections and never answers); ${nothing}`;
  }
  if (code === '55P03') {
    return `a lock held by another session (another run, a migration, a long query) was not released within ${seconds(limits.lockMs)} (lock_timeout); ${nothing}: try again when it is done`;
  }
  if (code === '57014' && /statement timeout/i.test(message)) {
    return `a statement ran past ${seconds(limits.statementMs)} (statement_timeout); ${nothing} (a larger bound: ?statement_timeout=MS in the URL)`;
  }
  if (isClientTimeout(error)) return `the server stopped answering (no answer within ${seconds(limits.queryMs)}); ${nothing}`;
  return undefined;
}
