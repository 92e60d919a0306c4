// `node --import` this file (or NODE_OPTIONS=--import=...) to run as on a machine where npm left
// the native SQLite driver out (no prebuilt binary and no compiler, or --omit=optional): resolving
// better-sqlite3 fails as it does when the package is not installed.

import { register } from 'node:module';

const hooks = `
export async function resolve(specifier, context, next) {
  if (specifier === 'better-sqlite3' || specifier.startsWith('better-sqlite3/')) {
    const error = new Error("Cannot find package 'better-sqlite3' imported from " + context.parentURL);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}
`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
