// The databases the store tests run against: a real SQLite file always, and a real PostgreSQL
// server when EMCTL_TEST_PG_URL names one (.ci/run starts a throwaway cluster and sets it). Each
// test store is fresh: a new file, or a new database created on that server and dropped after.

import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { tempDir } from '../../helpers/emulator.js';

// Empty counts as unset: `EMCTL_TEST_PG_URL= npm test` (a CI variable defined but blank) skips.
export const PG_URL = process.env.EMCTL_TEST_PG_URL || undefined;
export const PG_SKIP_NOTE =
  'PostgreSQL store tests skipped: EMCTL_TEST_PG_URL is not set (run them with eval "$(.ci/pg-start.sh)", or through .ci/run)';

export type EngineName = 'sqlite' | 'postgres';
export const ENGINES: EngineName[] = PG_URL === undefined ? ['sqlite'] : ['sqlite', 'postgres'];
if (PG_URL === undefined) console.log(PG_SKIP_NOTE);

export interface TestStore {
  /** What --out / --from / out: take. */
  target: string;
  /** Every row of emctl_measurements, dates and timestamps as text, in key order. */
  rows(): Promise<Record<string, unknown>[]>;
  query(sql: string): Promise<Record<string, unknown>[]>;
  drop(): Promise<void>;
}

const ORDER = 'ORDER BY source, metric, group_by, group_id, filters, roll_up, "after", "before"';

export async function sqliteStore(dir?: string, name = 'history.db'): Promise<TestStore> {
  const path = join(dir ?? (await tempDir('emctl-store-')), name);
  const query = (sql: string) => {
    const db = new Database(path, { fileMustExist: true });
    try {
      const statement = db.prepare(sql);
      if (!statement.reader) {
        statement.run();
        return Promise.resolve([]);
      }
      return Promise.resolve(statement.all() as Record<string, unknown>[]);
    } finally {
      db.close();
    }
  };
  return {
    target: `sqlite:${path}`,
    rows: () => query(`SELECT * FROM emctl_measurements ${ORDER}`),
    query,
    drop: () => Promise.resolve(),
  };
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function postgresStore(): Promise<TestStore> {
  if (PG_URL === undefined) throw new Error(PG_SKIP_NOTE);
  const name = `emctl_test_${randomBytes(6).toString('hex')}`;
  await withClient(PG_URL, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const target = url.toString();
  const query = (sql: string) =>
    withClient(target, async (c) => {
      await c.query("SET TIME ZONE 'UTC'");
      return (await c.query(sql)).rows as Record<string, unknown>[];
    });
  return {
    target,
    rows: () =>
      query(
        `SELECT source, metric, group_by, group_id, group_name, roll_up, to_char("after", 'YYYY-MM-DD') AS "after", ` +
          `to_char("before", 'YYYY-MM-DD') AS "before", filters, value, to_char(fetched_at, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS fetched_at, complete ` +
          `FROM emctl_measurements ${ORDER}`,
      ),
    query,
    drop: () => withClient(PG_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

export function testStore(engine: EngineName): Promise<TestStore> {
  return engine === 'sqlite' ? sqliteStore() : postgresStore();
}
