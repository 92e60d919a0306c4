// The service is Python-based: the patterns it stores (release tags, branch and file exclusions,
// draft title rule) are Python `re` syntax. To check offline that a pattern compiles, we refuse
// what Python refuses and translate Python-only spellings to JavaScript before compiling:
//   (?P<name>...) -> (?<name>...)      (?P=name) -> \k<name>      (?#comment) -> removed
//   \A -> start of input               \Z -> end of input         leading (?imsx) -> flags
//   (?i:...) scoped flags, (?>...) atomic groups, possessive a*+, (?(1)a|b) conditionals and
//   {,n} are rewritten to an equivalent-for-compiling JavaScript form.
// Refused as Python does: unknown escapes of ASCII letters (\k, \p, \c, ...), JavaScript-style
// (?<name>...), global flags after the start, references to undefined or open groups, redefined
// group names, incomplete \x/\u/\U/\N escapes. Pure: no I/O.

export type RegexCheck = { ok: true; source: string; flags: string } | { ok: false; reason: string };

const GLOBAL_FLAGS = /^\(\?([aiLmsux]+)\)/;
const SCOPED_FLAGS = /^\(\?[aimsux]*(?:-[imsx]+)?:/;
const OUTSIDE_LETTER_ESCAPES = new Set('bBdDsSwWfnrtv'.split(''));
const CLASS_LETTER_ESCAPES = new Set('dDsSwWfnrtv'.split(''));
const GROUP_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

class Refused extends Error {}

export function checkPythonRegex(pattern: string): RegexCheck {
  try {
    const { source, flags } = translate(pattern);
    new RegExp(source, flags);
    return { ok: true, source, flags };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '') };
  }
}

function translate(pattern: string): { source: string; flags: string } {
  let i = 0;
  const flagSet = new Set<string>();
  for (let m = GLOBAL_FLAGS.exec(pattern); m; m = GLOBAL_FLAGS.exec(pattern.slice(i))) {
    for (const f of m[1] ?? '') {
      if (f === 'L') throw new Refused("bad inline flag: cannot use 'L' flag with a str pattern");
      flagSet.add(f);
    }
    i += m[0].length;
  }
  if (flagSet.has('a') && flagSet.has('u')) throw new Refused("bad inline flag: flags 'a' and 'u' are incompatible");
  const verbose = flagSet.has('x');
  const flags = ['i', 'm', 's'].filter((f) => flagSet.has(f)).join('');

  let out = '';
  let inClass = false;
  let classStart = false;
  let lastWasQuantifier = false;
  let groupCount = 0;
  const open: (number | null)[] = []; // capturing group number, or null, per open paren
  const closed = new Set<number>();
  const names = new Map<string, number>();

  while (i < pattern.length) {
    const c = pattern[i] as string;
    if (c === '\\') {
      const { text, length } = escape(pattern, i, inClass, groupCount, closed);
      out += text;
      i += length;
      lastWasQuantifier = false;
      classStart = false;
      continue;
    }
    if (inClass) {
      if (c === ']' && !classStart) inClass = false;
      // Python reads a `]` right after `[` or `[^` as a literal; JavaScript would close the set.
      if (c === ']' && classStart) out += '\\]';
      else if (c === '[') out += '\\[';
      else out += c;
      classStart = false;
      i++;
      continue;
    }
    if (verbose && /\s/.test(c)) {
      i++;
      continue;
    }
    if (verbose && c === '#') {
      while (i < pattern.length && pattern[i] !== '\n') i++;
      continue;
    }
    if (c === '[') {
      inClass = true;
      classStart = true;
      out += c;
      if (pattern[i + 1] === '^') {
        out += '^';
        i++;
      }
      i++;
      lastWasQuantifier = false;
      continue;
    }
    if (c === '(') {
      const rest = pattern.slice(i);
      lastWasQuantifier = false;
      if (rest.startsWith('(?#')) {
        const end = pattern.indexOf(')', i);
        if (end < 0) throw new Refused('missing ), unterminated comment');
        i = end + 1;
        continue;
      }
      if (rest.startsWith('(?P<')) {
        const end = pattern.indexOf('>', i);
        const name = end < 0 ? '' : pattern.slice(i + 4, end);
        if (end < 0) throw new Refused('missing >, unterminated name');
        if (!GROUP_NAME.test(name)) throw new Refused(`bad character in group name '${name}'`);
        if (names.has(name)) throw new Refused(`redefinition of group name '${name}'`);
        names.set(name, ++groupCount);
        open.push(groupCount);
        out += `(?<${name}>`;
        i = end + 1;
        continue;
      }
      if (rest.startsWith('(?P=')) {
        const end = pattern.indexOf(')', i);
        const name = end < 0 ? '' : pattern.slice(i + 4, end);
        if (end < 0) throw new Refused('missing ), unterminated name');
        const group = names.get(name);
        if (group === undefined) throw new Refused(`unknown group name '${name}'`);
        if (!closed.has(group)) throw new Refused('cannot refer to an open group');
        out += `\\k<${name}>`;
        i = end + 1;
        continue;
      }
      if (rest.startsWith('(?P')) throw new Refused(`unknown extension ${rest.slice(1, 4)}`);
      if (/^\(\?<[A-Za-z_]/.test(rest)) throw new Refused('named groups are written (?P<name>...) in Python');
      if (/^\(\?(?::|=|!|<=|<!)/.test(rest)) {
        const len = rest.startsWith('(?<') ? 4 : 3;
        out += rest.slice(0, len);
        open.push(null);
        i += len;
        continue;
      }
      if (rest.startsWith('(?>')) {
        out += '(?:';
        open.push(null);
        i += 3;
        continue;
      }
      if (rest.startsWith('(?(')) {
        const end = pattern.indexOf(')', i + 3);
        if (end < 0) throw new Refused('missing ), unterminated name');
        out += '(?:';
        open.push(null);
        i = end + 1;
        continue;
      }
      const scoped = SCOPED_FLAGS.exec(rest);
      if (scoped) {
        out += '(?:';
        open.push(null);
        i += scoped[0].length;
        continue;
      }
      if (GLOBAL_FLAGS.test(rest)) throw new Refused('global flags not at the start of the expression');
      if (rest.startsWith('(?')) throw new Refused(`unknown extension ${rest.slice(1, 3)}`);
      open.push(++groupCount);
      out += '(';
      i++;
      continue;
    }
    if (c === ')') {
      const group = open.pop();
      if (group === undefined) throw new Refused('unbalanced parenthesis');
      if (group !== null) closed.add(group);
      out += ')';
      i++;
      lastWasQuantifier = false;
      continue;
    }
    if (c === '{') {
      const m = /^\{(\d*)(,?)(\d*)\}/.exec(pattern.slice(i));
      if (m && (m[1] !== '' || m[3] !== '')) {
        out += m[1] === '' ? `{0,${m[3]}}` : m[0];
        i += m[0].length;
        lastWasQuantifier = true;
        continue;
      }
    }
    if (c === '+' && lastWasQuantifier) {
      // Possessive quantifier (Python 3.11): compiles like the plain one.
      lastWasQuantifier = false;
      i++;
      continue;
    }
    if (c === '?' && lastWasQuantifier) {
      out += c;
      lastWasQuantifier = false;
      i++;
      continue;
    }
    lastWasQuantifier = c === '*' || c === '+' || c === '?';
    out += c;
    i++;
  }
  if (inClass) throw new Refused('unterminated character set');
  if (open.length > 0) throw new Refused('missing ), unterminated subpattern');
  return { source: out, flags };
}

/** One escape sequence starting at `i` (a backslash): its JavaScript text and source length. */
function escape(pattern: string, i: number, inClass: boolean, groupCount: number, closed: Set<number>): { text: string; length: number } {
  const c = pattern[i + 1];
  if (c === undefined) throw new Refused('bad escape (end of pattern)');
  const hex = (n: number) => {
    const digits = pattern.slice(i + 2, i + 2 + n);
    if (!new RegExp(`^[0-9A-Fa-f]{${n}}$`).test(digits)) throw new Refused(`incomplete escape \\${c}${digits}`);
  };
  if (c === 'x' || c === 'u' || c === 'U') {
    const n = c === 'x' ? 2 : c === 'u' ? 4 : 8;
    hex(n);
    // \U has no JavaScript spelling without the u flag; any single character compiles the same.
    return { text: c === 'U' ? '\\uFFFD' : pattern.slice(i, i + 2 + n), length: 2 + n };
  }
  if (c === 'N') {
    const m = /^\\N\{[A-Za-z0-9 -]+\}/.exec(pattern.slice(i));
    if (!m) throw new Refused('missing { after \\N, or an unterminated character name');
    return { text: '\\uFFFD', length: m[0].length };
  }
  if (c === 'a') return { text: '\\x07', length: 2 };
  if (!inClass && c === 'A') return { text: '(?<![\\s\\S])', length: 2 };
  if (!inClass && c === 'Z') return { text: '(?![\\s\\S])', length: 2 };
  if (inClass && c === 'b') return { text: '\\x08', length: 2 };
  if (/[0-9]/.test(c)) {
    const octal = /^\\(0[0-7]{0,2}|[0-7]{3})/.exec(pattern.slice(i));
    if (octal) return { text: `\\x${parseInt(octal[1] ?? '0', 8).toString(16).padStart(2, '0')}`, length: octal[0].length };
    if (inClass) throw new Refused(`bad escape \\${c}`);
    const ref = /^\\([1-9][0-9]?)/.exec(pattern.slice(i));
    const group = Number(ref?.[1]);
    if (group > groupCount) throw new Refused(`invalid group reference ${group}`);
    if (!closed.has(group)) throw new Refused('cannot refer to an open group');
    return { text: `\\${group}`, length: (ref?.[0] ?? '').length };
  }
  if (/[A-Za-z]/.test(c)) {
    const known = inClass ? CLASS_LETTER_ESCAPES : OUTSIDE_LETTER_ESCAPES;
    if (!known.has(c)) throw new Refused(`bad escape \\${c}`);
  }
  return { text: `\\${c}`, length: 2 };
}
