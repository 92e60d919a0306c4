// Schema versions of the store (DESIGN.md §10): `emctl_meta.schema_version` says which version
// wrote the database. A new database gets every step; an older one the steps it lacks, in the
// same transaction as the run's rows, so a failed step (or a process killed midway) leaves it as
// it was; one written by a newer emctl is refused before any request (check.ts) and before
// anything is written.

import { EmctlError } from '../../contract/errors.js';
import type { Tx } from './engine.js';
import type { Dialect } from './engine.js';
import { migrateToVersion2 } from './migrate-v2.js';
import { measurementsTableSql, META_TABLE, metaTableSql, TABLE, tableExistsSql } from './sql.js';

/**
 * Each step brings the schema from version i to version i + 1, inside the caller's transaction.
 * Version 1: the table. Version 2: one bucket per moment and `complete` (migrate-v2.ts).
 */
const STEPS: readonly ((tx: Tx, dialect: Dialect) => Promise<unknown>)[] = [
  (tx, dialect) => tx.run(measurementsTableSql(dialect)),
  (tx, dialect) => migrateToVersion2(tx, dialect),
];

/** The version this emctl writes. */
export const SCHEMA_VERSION = STEPS.length;

/**
 * The version a database holds; 0 when emctl has never written to it. A writer creates the meta
 * table when it is missing; a reader (`create` false) writes nothing.
 */
export async function storedVersion(tx: Tx, dialect: Dialect, create: boolean, where: string): Promise<number> {
  if (create) await tx.run(metaTableSql());
  else if ((await tx.all(tableExistsSql(dialect, META_TABLE)))[0]?.name == null) return 0;
  const rows = await tx.all(`SELECT value FROM ${META_TABLE} WHERE key = 'schema_version'`);
  const value = rows[0]?.value;
  if (value === undefined || value === null) {
    // A meta table without its row, beside emctl's table: not a new database (creating the table
    // again would fail), and not one whose version is known.
    if ((await tx.all(tableExistsSql(dialect, TABLE)))[0]?.name != null) {
      throw new EmctlError(
        'config',
        `${where} has ${TABLE} but ${META_TABLE} holds no schema_version row, so emctl cannot tell which version wrote it (was the row deleted?); restore the row (INSERT INTO ${META_TABLE} (key, value) VALUES ('schema_version', '${SCHEMA_VERSION}') when it was written by this emctl) or use another database`,
      );
    }
    return 0;
  }
  const version = Number(value);
  if (!Number.isInteger(version) || version < 0) {
    throw new EmctlError('config', `${where}: ${META_TABLE}.schema_version is ${JSON.stringify(value)}, not a version emctl wrote`);
  }
  return version;
}

function newerSchemaError(version: number, where: string): EmctlError {
  return new EmctlError(
    'config',
    `${where} has schema version ${version}, written by a newer emctl; this emctl writes version ${SCHEMA_VERSION} and leaves the database as it is (upgrade emctl)`,
  );
}

/**
 * Brings the schema to SCHEMA_VERSION inside `tx`; refuses a newer one. `where` names the
 * database in messages (without a password). Returns the version it found (0: a new database).
 */
export async function migrate(tx: Tx, dialect: Dialect, where: string): Promise<number> {
  const version = await storedVersion(tx, dialect, true, where);
  if (version > SCHEMA_VERSION) throw newerSchemaError(version, where);
  if (version === SCHEMA_VERSION) return version;
  for (let step = version; step < SCHEMA_VERSION; step += 1) await STEPS[step]?.(tx, dialect);
  await tx.run(`DELETE FROM ${META_TABLE} WHERE key = 'schema_version'`);
  await tx.run(`INSERT INTO ${META_TABLE} (key, value) VALUES ('schema_version', '${SCHEMA_VERSION}')`);
  return version;
}

/**
 * The version check of a read (--from): no table is created and nothing is written; a database
 * emctl never wrote holds nothing.
 */
export function checkReadable(version: number, where: string): void {
  if (version > SCHEMA_VERSION) throw newerSchemaError(version, where);
}

/**
 * Before any request of a run that writes to `where`: a database written by a newer emctl is
 * refused (exit 1, both versions named), so no API call is spent on rows that cannot be stored.
 * Returns the version found (0 for a database that does not exist yet or holds no emctl tables).
 */
export async function checkWritable(tx: Tx, dialect: Dialect, where: string): Promise<number> {
  const version = await storedVersion(tx, dialect, false, where);
  if (version > SCHEMA_VERSION) throw newerSchemaError(version, where);
  return version;
}
