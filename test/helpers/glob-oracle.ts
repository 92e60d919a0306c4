// The plain reading of a glob as a regular expression (`*` any run of characters, `?` one, the
// whole name), for differential tests of the matcher (src/core/glob-match.ts) on short names only:
// the expression backtracks, which is why emctl does not match with it.

export function globRegExp(glob: string): RegExp {
  let source = '';
  for (const ch of glob) {
    if (ch === '*') source += '[^]*';
    else if (ch === '?') source += '[^]';
    else source += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}
