// Opens the engine of a target; each driver is imported only here, when its engine is used, so
// no other command (and no file output) loads a native module, the WebAssembly SQLite or pg.

import type { Engine } from './engine.js';
import type { StoreTarget } from './target.js';

export async function openEngine(target: StoreTarget, options: { write: boolean; env: Record<string, string | undefined> }): Promise<Engine> {
  if (target.engine === 'postgres') return (await import('./postgres.js')).openPostgres(target.url, options);
  const sqlite = await import('./sqlite.js');
  const native = await sqlite.loadNativeSqlite();
  if ('driver' in native) return sqlite.openSqlite(native.driver, target.path, options);
  return (await import('./sqlite-wasm.js')).openSqliteWasm(target.path, options);
}

/**
 * Loads the engine's driver only, before any request: a note for stderr when a `sqlite:` store
 * will be written through the WebAssembly build because the native driver is missing.
 */
export async function checkDriver(target: StoreTarget): Promise<string | undefined> {
  if (target.engine !== 'sqlite') return undefined;
  const native = await (await import('./sqlite.js')).loadNativeSqlite();
  if ('driver' in native) return undefined;
  return `note: the native SQLite driver better-sqlite3 ${native.missing}; until then sqlite: stores are read and written through the WebAssembly build of SQLite that emctl bundles (the same file format; do not let it and a native driver write one file at once: they lock it differently)`;
}
