// Globs on repository names for git.monitoring: `*` matches any run of characters within one
// path segment, `**` matches across segments (nested groups: `acme/**`), `?` one character
// other than `/`. Nothing else is special; brackets and braces are refused rather than read
// literally, so a pattern never means something other than it seems. Pure: no I/O.

/** Why the glob is refused, or undefined when it is fine. */
export function globProblem(glob: string): string | undefined {
  if (glob.trim() !== glob) return 'has leading or trailing spaces';
  if (/[[\]{}]/.test(glob)) return 'uses `[...]` or `{...}`, which are not supported (use `*`, `**` and `?`)';
  if (glob.includes('\\')) return 'uses `\\`, which is not supported (repository names need no escaping)';
  if (glob.includes('***')) return 'has `***`; use `*` (one segment) or `**` (any depth)';
  return undefined;
}

/** The glob as an anchored regular expression (case-sensitive, like repository names). */
export function compileGlob(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

export function globMatches(glob: string, name: string): boolean {
  return compileGlob(glob).test(name);
}
