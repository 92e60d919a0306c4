// Paths as a user gives them (a flag, a config's `out:`), on this machine: made absolute against
// where they are relative to, and shown relative to the working directory when inside it.

import { isAbsolute, relative, resolve } from 'node:path';

/** `path` made absolute against `base` (the working directory, or a config's directory); an absolute path as it is. */
export function absolutePath(base: string, path: string): string {
  return isAbsolute(path) ? path : resolve(base, path);
}

/** `path` relative to `cwd` when inside it (what editors and CI annotations expect); else as it is. */
export function shownPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}
