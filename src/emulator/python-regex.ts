// The service is Python-based, so the regular expressions it stores (release tag patterns, branch
// and file-extension exclusions) are Python `re` syntax. JavaScript's RegExp differs in a few
// spellings; we translate those before compiling so that a pattern the service accepts is accepted
// here too, and one it refuses (unbalanced brackets, bad escapes) is refused.

export interface CompiledPattern {
  ok: boolean;
  /** Why the pattern does not compile (when ok is false). */
  error?: string;
}

/** Rewrites Python-only syntax into the JavaScript equivalent; throws on constructs we cannot map. */
export function pythonToJsRegex(pattern: string): { source: string; flags: string } {
  let flags = '';
  let rest = pattern;
  // Global inline flags at the start, e.g. (?i) or (?ms).
  const inline = /^\(\?([aiLmsux]+)\)/.exec(rest);
  if (inline) {
    for (const f of inline[1] ?? '') {
      if (f === 'x') throw new Error('verbose flag (?x) is not supported');
      if ((f === 'i' || f === 'm' || f === 's') && !flags.includes(f)) flags += f;
    }
    rest = rest.slice(inline[0].length);
  }
  let out = '';
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === '\\') {
      const next = rest[i + 1];
      if (next === 'A') out += '^';
      else if (next === 'Z') out += '$';
      else out += c + (next ?? '');
      i++;
      continue;
    }
    if (rest.startsWith('(?P<', i)) {
      out += '(?<';
      i += 3;
      continue;
    }
    if (rest.startsWith('(?P=', i)) {
      const close = rest.indexOf(')', i);
      if (close < 0) throw new Error('unterminated group reference');
      out += `\\k<${rest.slice(i + 4, close)}>`;
      i = close;
      continue;
    }
    out += c;
  }
  return { source: out, flags };
}

/** Checks that a Python-syntax pattern compiles. */
export function checkPattern(pattern: string): CompiledPattern {
  try {
    const { source, flags } = pythonToJsRegex(pattern);
    new RegExp(source, flags);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
