// Where measurements are stored (DESIGN.md §10): `sqlite:PATH` (a file, created with its
// directory) or a `postgres://` / `postgresql://` URL. The URL may hold a password, so every
// message shows a target through `shownTarget`, which puts `***` in its place.

import { absolutePath } from '../../output/paths.js';

export type StoreTarget =
  | { engine: 'sqlite'; path: string }
  | { engine: 'postgres'; url: string };

const SQLITE_PREFIX = 'sqlite:';
const POSTGRES = /^postgres(ql)?:\/\//i;

/** Whether an `out`/`--from` value names a database rather than a file. */
export function isStoreTarget(text: string): boolean {
  return text.startsWith(SQLITE_PREFIX) || POSTGRES.test(text);
}

/**
 * The target of `text`; a relative SQLite path is resolved against `base` (the config's
 * directory for a report's `out:`, the working directory for flags).
 */
export function parseStoreTarget(text: string, base: string): StoreTarget | { problem: string } {
  if (text.startsWith(SQLITE_PREFIX)) {
    // sqlite:///abs/path and sqlite://rel are spellings other tools use; both name a path here.
    const raw = text.slice(SQLITE_PREFIX.length).replace(/^\/\/(?=\/)/, '');
    if (raw.trim() === '') return { problem: 'sqlite: needs a file path (sqlite:metrics/history.db)' };
    if (raw === ':memory:') return { problem: 'sqlite::memory: would be forgotten at exit; name a file (sqlite:metrics/history.db)' };
    return { engine: 'sqlite', path: absolutePath(base, raw) };
  }
  if (POSTGRES.test(text)) {
    try {
      const url = new URL(text);
      if (url.hostname === '' && !url.searchParams.has('host')) return { problem: `${shownUrl(text)} names no host (postgres://USER@HOST:PORT/DB)` };
    } catch {
      return { problem: `${shownUrl(text)} is not a valid URL (postgres://USER@HOST:PORT/DB)` };
    }
    return { engine: 'postgres', url: text };
  }
  return { problem: `${text} is not a database (sqlite:PATH or postgres://USER@HOST:PORT/DB)` };
}

/**
 * A PostgreSQL URL with its password (and a `password=` parameter) shown as `***`. The user part
 * runs to the last `@`, so a password holding an unescaped `@` or `/` is hidden whole.
 */
export function shownUrl(text: string): string {
  const scheme = text.indexOf('://');
  const at = text.lastIndexOf('@');
  let out = text;
  if (scheme >= 0 && at > scheme) {
    const user = text.slice(scheme + 3, at);
    const colon = user.indexOf(':');
    if (colon >= 0) out = `${text.slice(0, scheme + 3)}${user.slice(0, colon)}:***${text.slice(at)}`;
  }
  return out.replace(/([?&]password=)[^&#]*/gi, '$1***');
}

/** The target as messages show it: the SQLite path, or the URL without its password. */
export function shownTarget(target: StoreTarget): string {
  return target.engine === 'sqlite' ? `sqlite:${target.path}` : shownUrl(target.url);
}
