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
const CONNECT_TIMEOUT_MS = 15_000;
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
  const failure = (error: unknown): EmctlError => {
    const message = error instanceof Error ? error.message : String(error);
    // pg's words when the server wants a password and none was found anywhere.
    if (/client password must be a string/.test(message)) {
      return new EmctlError('config', `${where}: the server asks for a password: give it in the URL, PGPASSWORD or ~/.pgpass`);
    }
    return new EmctlError('config', `${where}: ${redact(message)}`);
  };

  const { default: pgModule } = await import('pg');
  // pg lets the URL's fields override the config's (an absent password included), so a password
  // from the environment or ~/.pgpass goes into the URL it is given; that URL is never shown.
  const other = fromEnv ?? fromFile;
  const config: pg.ClientConfig = { connectionString: fromUrl === undefined && other !== undefined ? withPassword(url, other) : url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS };
  const client = new pgModule.Client(config);
  // A dropped connection is reported by the query that meets it; without a listener it would crash.
  client.on('error', () => {});
  try {
    await client.connect();
    // Dates and timestamps are read back as UTC text whatever the server's zone.
    await client.query("SET TIME ZONE 'UTC'");
  } catch (error) {
    await client.end().catch(() => {});
    throw failure(error);
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
        await client.query('ROLLBACK').catch(() => {});
        if (error instanceof EmctlError) throw error;
        throw failure(error);
      }
    },
    async close() {
      await client.end().catch(() => {});
    },
  };
}
