// Where a config may make emctl write (DESIGN 8): a report's `out:` stays inside the config's
// directory tree. A config in a pull request is run by CI with the organization's key, so an
// `out:` of `../.git/hooks/pre-commit` or `/etc/x` would let a reviewer-approved YAML file replace
// an executable hook. Checked by `validate` (located) and again just before the write, since the
// tree may have changed in between. `--out` on the command line is the user's own choice and is
// never checked here.

import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, posix, relative, resolve, sep, win32 } from 'node:path';

/** `sqlite:PATH` names a file (checked like any out: path); a server URL is not a file at all. */
const SQLITE = /^sqlite:/i;
const SERVER_URL = /^postgres(ql)?:\/\//i;

/** Why `out` may not be written from a config in `configDir`, or undefined when it may. */
export function outPathProblem(out: string, configDir: string | undefined): string | undefined {
  if (SERVER_URL.test(out)) return undefined;
  const path = out.replace(SQLITE, '').replace(/\\/g, '/');
  if (path === '') return undefined;
  if (isAbsolute(path) || win32.isAbsolute(path) || /^[a-z]:/i.test(path)) {
    return `out \`${out}\` is an absolute path; a config writes only inside its own directory (give a path relative to it, or --out on the command line)`;
  }
  const lexical = posix.normalize(path);
  if (lexical === '..' || lexical.startsWith('../')) {
    return `out \`${out}\` leaves the config's directory; a config writes only inside it (--out on the command line may go anywhere)`;
  }
  if (insideGit(lexical.split('/'))) return gitProblem(out);
  // The file system's view: a directory on the way may be a symlink that leads elsewhere. A config
  // read from git (`REF:path`) has no directory on disk: the lexical checks above are all there is.
  if (configDir === undefined || !existsSync(configDir)) return undefined;
  const root = realpathSync(configDir);
  const real = realTarget(resolve(configDir, path));
  if (real === undefined) return `out \`${out}\` leads through a broken symbolic link; a config writes only inside its own directory`;
  const rel = relative(root, real);
  if (rel.startsWith('..') || isAbsolute(rel)) {
    return `out \`${out}\` leads outside the config's directory through a symbolic link (to ${real}); a config writes only inside it`;
  }
  if (insideGit(rel.split(sep))) return gitProblem(out);
  if (lstatOrUndefined(real)?.isDirectory()) return `out \`${out}\` is a directory; name the file to write`;
  return undefined;
}

function gitProblem(out: string): string {
  return `out \`${out}\` is inside a .git directory (hooks there are run by git); a config never writes there`;
}

// Case-insensitive: on the file systems of macOS and Windows `.GIT` is the same directory.
function insideGit(segments: readonly string[]): boolean {
  return segments.some((s) => s.toLowerCase() === '.git');
}

/**
 * `path` with symbolic links followed: the real path of its deepest existing ancestor, then the
 * rest as written; undefined when that ancestor is a link to nothing (where it leads is unknown).
 */
function realTarget(path: string): string | undefined {
  const rest: string[] = [];
  let at = path;
  for (;;) {
    try {
      return join(realpathSync(at), ...rest.reverse());
    } catch {
      if (lstatOrUndefined(at)?.isSymbolicLink()) return undefined;
      const parent = dirname(at);
      if (parent === at) return path;
      rest.push(at.slice(parent.length).replace(/^[\\/]/, ''));
      at = parent;
    }
  }
}

function lstatOrUndefined(path: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
