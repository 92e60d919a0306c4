// Globs on repository names for git.monitoring. Matching is the planner's (src/core/resolve.ts):
// `*` matches any run of characters, `/` included; `?` matches one character; the whole name
// must match. Brackets, braces and backslashes are refused rather than read literally, so a
// pattern never means something other than it seems to. Pure: no I/O.

/** Why the glob is refused, or undefined when it is fine. */
export function globProblem(glob: string): string | undefined {
  if (glob.trim() !== glob) return 'has leading or trailing spaces';
  if (/[[\]{}]/.test(glob)) return 'uses `[...]` or `{...}`, which are not supported (use `*` and `?`)';
  if (glob.includes('\\')) return 'uses `\\`, which is not supported (repository names need no escaping)';
  return undefined;
}
