// Opens the engine of a target; each driver is imported only here, when its engine is used, so
// no other command (and no file output) loads a native module or pg.

import type { Engine } from './engine.js';
import type { StoreTarget } from './target.js';

export async function openEngine(target: StoreTarget, options: { write: boolean; env: Record<string, string | undefined> }): Promise<Engine> {
  if (target.engine === 'sqlite') return (await import('./sqlite.js')).openSqlite(target.path, options);
  return (await import('./postgres.js')).openPostgres(target.url, options);
}

/** Loads the engine's driver only, to say before any request that it is missing. */
export async function checkDriver(target: StoreTarget): Promise<void> {
  if (target.engine === 'sqlite') await (await import('./sqlite.js')).loadSqliteDriver();
}
