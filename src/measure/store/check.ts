// The look a run takes at its database before any request (DESIGN.md §10, issue 28): a store
// written by a newer emctl is refused at once rather than after the run's calls, and a store that
// this run will migrate is said so (a migration of a large database takes a while). Nothing is
// created or written here: a SQLite file that does not exist yet is simply new.

import { existsSync } from 'node:fs';
import { EmctlError } from '../../contract/errors.js';
import type { Tx } from './engine.js';
import { checkDriver, openEngine } from './open.js';
import { checkWritable, SCHEMA_VERSION } from './schema.js';
import { shownTarget, type StoreTarget } from './target.js';

/** Notes for stderr (the driver taken, a migration the run makes); throws when the store must not be written. */
export async function checkStoreBeforeRun(target: StoreTarget, shown: string, env: Record<string, string | undefined>): Promise<string[]> {
  const driver = await checkDriver(target);
  const migration = await checkDatabase(target, env);
  return [...(driver === undefined ? [] : [driver]), ...(migration === undefined ? [] : [`note: ${shown} ${migration}`])];
}

async function checkDatabase(target: StoreTarget, env: Record<string, string | undefined>): Promise<string | undefined> {
  if (target.engine === 'sqlite' && !existsSync(target.path)) return undefined;
  const engine = await openEngine(target, { write: false, env });
  try {
    const version = await engine.transaction(async (tx) => {
      if (engine.dialect === 'sqlite') await checkIntact(tx, shownTarget(target));
      return checkWritable(tx, engine.dialect, shownTarget(target));
    });
    if (version === 0 || version === SCHEMA_VERSION) return undefined;
    return `has schema version ${version}; this run migrates it to version ${SCHEMA_VERSION} in its transaction (a failure leaves it as it was)`;
  } finally {
    await engine.close();
  }
}

/**
 * A corrupt SQLite file is refused before anything is written to it: SQLite can write into a
 * damaged file without noticing, and leave it unreadable. quick_check reads every page once (integrity_check also
 * compares every index with its table: minutes on a large file).
 */
async function checkIntact(tx: Tx, where: string): Promise<void> {
  const rows = await tx.all('PRAGMA quick_check(5)');
  const problems = rows
    .flatMap((row) => String(Object.values(row)[0]).split('\n'))
    .filter((line) => line !== 'ok' && !line.startsWith('***'))
    .slice(0, 3);
  if (problems.length > 0) {
    throw new EmctlError('config', `${where} is damaged (SQLite's quick_check: ${problems.join('; ')}); nothing was written to it: restore it from a backup, or move it aside and start a new one`);
  }
}
