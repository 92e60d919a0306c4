// The service is Python-based: the patterns it stores (release tags, branch and file exclusions,
// draft title rule) are Python `re` syntax (Python 3.11 or later). This one module decides whether
// a pattern compiles, for `emctl validate` (src/config) and for the emulator (src/emulator), so
// the two can never disagree. It refuses what Python refuses and translates Python-only spellings
// to a JavaScript RegExp that compiles exactly when Python's does:
//   (?P<name>...) -> (?<name>...)      (?P=name) -> \k<name>      (?#comment) -> removed
//   \A, \Z -> start/end of input        leading (?aiLmsux) -> flags (x: whitespace and # dropped)
//   (?i:...) scoped flags, (?>...) atomic groups, possessive a*+, (?(1)a|b) conditionals and
//   {,n} -> a JavaScript form that compiles the same way.
// Refused as Python refuses: unknown escapes of ASCII letters (\k, \p, \c, ...), JavaScript-style
// (?<name>...), global flags after the start, bad or conflicting scoped flags, references to
// undefined or open groups, redefined group names, incomplete \x/\u/\U/\N escapes, octal escapes
// over \377, ranges with a class escape as an end ([\d-z]) or out of order, repetition counts of
// 2**32-1 or more, quantified anchors (^* \b+), and look-behinds whose width is not fixed.
// The translation is made for checking: its matches equal Python's except inside scoped flags,
// atomic groups and possessive quantifiers, and for Unicode-aware classes (\d, \w, \s). Pure: no I/O.

export type RegexCheck = { ok: true; source: string; flags: string } | { ok: false; reason: string };

/** Whether `pattern` compiles under Python's `re`, and its JavaScript translation when it does. */
export function checkPythonRegex(pattern: string): RegexCheck {
  try {
    const { source, flags } = new Translator(pattern).run();
    new RegExp(source, flags);
    return { ok: true, source, flags };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '') };
  }
}

const GLOBAL_FLAGS = /^\(\?([aiLmsux]+)\)/;
const LEADING = /^\(\?(?:([aiLmsux]+)|#[^)]*)\)/;
const SCOPED_FLAGS = /^\(\?([aiLmsux]*)(?:-([a-zA-Z]*))?:/;
const OUTSIDE_LETTER_ESCAPES = new Set('bBdDsSwWfnrtvAZ'.split(''));
const CLASS_LETTER_ESCAPES = new Set('dDsSwWfnrtvb'.split(''));
const SET_ESCAPES = new Set('dDsSwW'.split(''));
const SIMPLE_CODES: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };
// Python's str.isidentifier(), which is what a group name must be.
const GROUP_NAME = /^[\p{ID_Start}_][\p{ID_Continue}\u00B7]*$/u;
const MAX_REPEAT = 4294967295;

class Refused extends Error {}

interface Width {
  min: number;
  max: number;
}

/** What a quantifier would repeat: where its text starts in the output, its width, its kind. */
interface Atom {
  start: number;
  width: Width;
  /** Width of the branch before this atom. */
  prior: Width;
  kind: 'plain' | 'anchor' | 'lookbehind';
}

interface Frame {
  kind: 'root' | 'group' | 'lookahead' | 'lookbehind' | 'conditional';
  /** Capturing group number, or null. */
  group: number | null;
  verbose: boolean;
  /** Output length before this group's opening text. */
  outStart: number;
  /** Width of the branch being read, and of the branches already finished (null: none yet). */
  branch: Width;
  alternatives: Width | null;
  bars: number;
  last: Atom | null;
  /** The last thing read was a quantifier (comments aside): another one is a "multiple repeat". */
  afterQuantifier: boolean;
  /** Groups opened before this frame (Python's lookbehindgroups, for a look-behind). */
  groupsBefore: number;
}

interface Escape {
  text: string;
  length: number;
  /** `\d` and friends: a set of characters, not one. */
  set?: boolean;
  /** Zero-width assertion (\A \Z \b \B). */
  anchor?: boolean;
  /** Code point of a single character, when known (unknown for \N{...}). */
  code?: number;
  /** Back-reference: the group it names. */
  group?: number;
}

const union = (a: Width | null, b: Width): Width => (a ? { min: Math.min(a.min, b.min), max: Math.max(a.max, b.max) } : b);

class Translator {
  private i = 0;
  private out = '';
  private groupCount = 0;
  private readonly closed = new Map<number, Width>();
  private readonly names = new Map<string, number>();
  private readonly conditionalRefs: number[] = [];
  private readonly stack: Frame[] = [];

  constructor(private readonly pattern: string) {}

  run(): { source: string; flags: string } {
    const flagSet = new Set<string>();
    // Global flags may come in several groups, and after comments, but before anything else.
    for (let m = LEADING.exec(this.pattern); m; m = LEADING.exec(this.pattern.slice(this.i))) {
      for (const f of m[1] ?? '') flagSet.add(f);
      this.i += m[0].length;
    }
    if (flagSet.has('L')) throw new Refused("bad inline flags: cannot use 'L' flag with a str pattern");
    if (flagSet.has('a') && flagSet.has('u')) throw new Refused("bad inline flags: flags 'a', 'u' and 'L' are incompatible");
    this.push('root', null, flagSet.has('x'));
    const p = this.pattern;
    while (this.i < p.length) {
      const frame = this.top();
      const c = p[this.i] as string;
      if (frame.verbose && /\s/.test(c)) {
        this.i++;
      } else if (frame.verbose && c === '#') {
        while (this.i < p.length && p[this.i] !== '\n') this.i++;
      } else if (c === '\\') {
        const e = escape(p, this.i, false, this);
        this.i += e.length;
        this.atom(e.text, e.anchor ? { min: 0, max: 0 } : e.group !== undefined ? this.closed.get(e.group)! : { min: 1, max: 1 }, e.anchor ? 'anchor' : 'plain');
      } else if (c === '[') {
        this.atom(this.characterClass(), { min: 1, max: 1 }, 'plain');
      } else if (c === '(') {
        this.openParen();
      } else if (c === ')') {
        this.closeParen();
      } else if (c === '|') {
        frame.alternatives = union(frame.alternatives, frame.branch);
        frame.branch = { min: 0, max: 0 };
        frame.bars++;
        frame.last = null;
        frame.afterQuantifier = false;
        this.out += c;
        this.i++;
      } else if (c === '*' || c === '+' || c === '?') {
        this.i++;
        this.quantify(c, c === '?' ? 0 : c === '*' ? 0 : 1, c === '?' ? 1 : Infinity);
      } else if (c === '{' && /^\{\d*,?\d*\}/.test(p.slice(this.i)) && !p.startsWith('{}', this.i)) {
        // {n} {n,} {,m} {n,m} and {,} repeat in Python; any other `{` is a literal, as in JavaScript.
        const m = /^\{(\d*)(,?)(\d*)\}/.exec(p.slice(this.i))!;
        this.i += m[0].length;
        const min = m[1] === '' ? 0 : Number(m[1]);
        const max = m[2] === '' ? min : m[3] === '' ? Infinity : Number(m[3]);
        if (min >= MAX_REPEAT || (max !== Infinity && max >= MAX_REPEAT)) throw new Refused('the repetition number is too large');
        if (min > max) throw new Refused('numbers out of order in {} quantifier');
        this.quantify(`{${min}${max === min ? '' : `,${max === Infinity ? '' : max}`}}`, min, max);
      } else if (c === '^' || c === '$') {
        this.i++;
        this.atom(c, { min: 0, max: 0 }, 'anchor');
      } else {
        this.i++;
        // A lone `{` or `}` (not a repetition) is a literal in Python, as in JavaScript.
        this.atom(c, { min: 1, max: 1 }, 'plain');
      }
    }
    if (this.stack.length > 1) throw new Refused('missing ), unterminated subpattern');
    for (const g of this.conditionalRefs) if (g > this.groupCount) throw new Refused(`invalid group reference ${g}`);
    const flags = ['i', 'm', 's'].filter((f) => flagSet.has(f)).join('');
    return { source: this.out, flags };
  }

  // ---- bookkeeping -----------------------------------------------------------------------

  private top(): Frame {
    return this.stack[this.stack.length - 1]!;
  }

  private push(kind: Frame['kind'], group: number | null, verbose: boolean): void {
    const zero = { min: 0, max: 0 };
    this.stack.push({ kind, group, verbose, outStart: this.out.length, branch: zero, alternatives: null, bars: 0, last: null, afterQuantifier: false, groupsBefore: this.groupCount });
  }

  private atom(text: string, width: Width, kind: Atom['kind'], start = this.out.length): void {
    const frame = this.top();
    this.out += text;
    const prior = frame.branch;
    frame.branch = { min: prior.min + width.min, max: prior.max + width.max };
    frame.last = { start, width, kind, prior };
    frame.afterQuantifier = false;
  }

  private quantify(text: string, min: number, max: number): void {
    const frame = this.top();
    const atom = frame.last;
    if (!atom && frame.afterQuantifier) throw new Refused('multiple repeat');
    // No atom otherwise: the quantifier starts a branch, and JavaScript refuses it as Python does.
    if (atom?.kind === 'anchor') throw new Refused('Nothing to repeat');
    if (atom) {
      // Python repeats a look-behind; JavaScript does only inside a group.
      if (atom.kind === 'lookbehind') this.out = `${this.out.slice(0, atom.start)}(?:${this.out.slice(atom.start)})`;
      const times = (w: number, n: number) => (w === 0 || n === 0 ? 0 : w * n);
      frame.branch = { min: atom.prior.min + times(atom.width.min, min), max: atom.prior.max + times(atom.width.max, max) };
    }
    this.out += text;
    const next = this.pattern[this.i];
    if (next === '?') {
      this.out += '?';
      this.i++;
    } else if (next === '+') {
      this.i++; // possessive (Python 3.11): compiles like the greedy one
    }
    frame.last = null;
    frame.afterQuantifier = true;
  }

  /** Python's rule for a reference made inside a look-behind (and for every back-reference). */
  private checkReference(group: number): void {
    const lookbehind = this.stack.find((f) => f.kind === 'lookbehind');
    if (!this.closed.has(group)) throw new Refused('cannot refer to an open group');
    if (lookbehind && group > lookbehind.groupsBefore) throw new Refused('cannot refer to group defined in the same lookbehind subpattern');
  }

  backReference(group: number): void {
    if (group > this.groupCount) throw new Refused(`invalid group reference ${group}`);
    this.checkReference(group);
  }

  // ---- groups ------------------------------------------------------------------------------

  private openParen(): void {
    const p = this.pattern;
    const rest = p.slice(this.i);
    const verbose = this.top().verbose;
    if (rest.startsWith('(?#')) {
      const end = p.indexOf(')', this.i);
      if (end < 0) throw new Refused('missing ), unterminated comment');
      this.i = end + 1;
      return;
    }
    if (rest.startsWith('(?P<')) {
      const end = p.indexOf('>', this.i);
      if (end < 0) throw new Refused('missing >, unterminated name');
      const name = p.slice(this.i + 4, end);
      if (!GROUP_NAME.test(name)) throw new Refused(`bad character in group name '${name}'`);
      if (this.names.has(name)) throw new Refused(`redefinition of group name '${name}'`);
      this.names.set(name, ++this.groupCount);
      this.push('group', this.groupCount, verbose);
      this.out += `(?<${name}>`;
      this.i = end + 1;
      return;
    }
    if (rest.startsWith('(?P=')) {
      const end = p.indexOf(')', this.i);
      if (end < 0) throw new Refused('missing ), unterminated name');
      const name = p.slice(this.i + 4, end);
      if (!GROUP_NAME.test(name)) throw new Refused(`bad character in group name '${name}'`);
      const group = this.names.get(name);
      if (group === undefined) throw new Refused(`unknown group name '${name}'`);
      this.checkReference(group);
      this.i = end + 1;
      this.atom(`\\k<${name}>`, this.closed.get(group)!, 'plain');
      return;
    }
    if (rest.startsWith('(?P')) throw new Refused(`unknown extension ${rest.slice(1, 4)}`);
    if (/^\(\?<[^=!]/.test(rest)) throw new Refused('named groups are written (?P<name>...) in Python');
    const opener = /^\(\?(?::|=|!|<=|<!|>)/.exec(rest)?.[0];
    if (opener) {
      const kind = opener === '(?=' || opener === '(?!' ? 'lookahead' : opener.startsWith('(?<') ? 'lookbehind' : 'group';
      this.push(kind, null, verbose);
      this.out += opener === '(?>' ? '(?:' : opener;
      this.i += opener.length;
      return;
    }
    if (rest.startsWith('(?(')) {
      this.conditional();
      return;
    }
    const scoped = SCOPED_FLAGS.exec(rest);
    if (scoped) {
      const on = scoped[1] ?? '';
      const off = scoped[2];
      if (off !== undefined) {
        if (off === '') throw new Refused('missing flag');
        if (/[aLu]/.test(off)) throw new Refused("bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
        if (/[^imsx]/.test(off)) throw new Refused('unknown flag');
        if ([...on].some((f) => off.includes(f))) throw new Refused('bad inline flags: flag turned on and off');
      }
      if (on.includes('L')) throw new Refused("bad inline flags: cannot use 'L' flag with a str pattern");
      if (on.includes('a') && on.includes('u')) throw new Refused("bad inline flags: flags 'a', 'u' and 'L' are incompatible");
      const scopedVerbose = on.includes('x') ? true : off?.includes('x') ? false : verbose;
      this.push('group', null, scopedVerbose);
      this.out += '(?:';
      this.i += scoped[0].length;
      return;
    }
    if (GLOBAL_FLAGS.test(rest)) throw new Refused('global flags not at the start of the expression');
    if (rest.startsWith('(?')) throw new Refused(`unknown extension ${rest.slice(1, 3)}`);
    this.push('group', ++this.groupCount, verbose);
    this.out += '(';
    this.i++;
  }

  /** `(?(id or name)yes|no)`: a group reference, then at most two branches. */
  private conditional(): void {
    const p = this.pattern;
    const end = p.indexOf(')', this.i + 3);
    if (end < 0) throw new Refused('missing ), unterminated name');
    const ref = p.slice(this.i + 3, end);
    let group: number;
    if (/^\d+$/.test(ref)) {
      group = Number(ref);
      if (group === 0) throw new Refused('bad group number');
      this.conditionalRefs.push(group);
    } else {
      if (!GROUP_NAME.test(ref)) throw new Refused(`bad character in group name '${ref}'`);
      const named = this.names.get(ref);
      if (named === undefined) throw new Refused(`unknown group name '${ref}'`);
      group = named;
    }
    if (this.stack.some((f) => f.kind === 'lookbehind')) this.checkReference(group);
    this.push('conditional', null, this.top().verbose);
    this.out += '(?:';
    this.i = end + 1;
  }

  private closeParen(): void {
    const frame = this.stack.pop()!;
    if (frame.kind === 'root') throw new Refused('unbalanced parenthesis');
    this.i++;
    if (frame.kind === 'conditional' && frame.bars > 1) throw new Refused('conditional backref with more than two branches');
    let width = union(frame.alternatives, frame.branch);
    // A conditional without a "no" branch may match nothing.
    if (frame.kind === 'conditional' && frame.bars === 0) width = { min: 0, max: width.max };
    if (frame.kind === 'lookbehind' && width.min !== width.max) throw new Refused('look-behind requires fixed-width pattern');
    if (frame.group !== null) this.closed.set(frame.group, width);
    const zeroWidth = frame.kind === 'lookahead' || frame.kind === 'lookbehind';
    this.atom(')', zeroWidth ? { min: 0, max: 0 } : width, frame.kind === 'lookbehind' ? 'lookbehind' : 'plain', frame.outStart);
  }

  // ---- character classes -------------------------------------------------------------------

  /**
   * One `[...]` set, item by item as Python reads it. Single characters are written as \uXXXX so
   * that ranges compare code points whatever the source spelling (astral characters clamp to
   * \uFFFF, which only checking needs).
   */
  private characterClass(): string {
    const p = this.pattern;
    let j = this.i + 1;
    let out = '[';
    if (p[j] === '^') {
      out += '^';
      j++;
    }
    const item = (at: number): Escape => {
      if (p[at] === '\\') return escape(p, at, true, this);
      const code = p.codePointAt(at)!;
      return { text: hexCode(code), length: code > 0xffff ? 2 : 1, code };
    };
    for (let first = true; ; first = false) {
      if (j >= p.length) throw new Refused('unterminated character set');
      // Python reads a `]` right after `[` or `[^` as a literal; JavaScript would close the set.
      if (p[j] === ']' && !first) {
        this.i = j + 1;
        return `${out}]`;
      }
      const low = item(j);
      const lowAt = j;
      j += low.length;
      if (p[j] === '-' && j + 1 < p.length && p[j + 1] !== ']') {
        const high = item(j + 1);
        j += 1 + high.length;
        const text = p.slice(lowAt, j);
        if (low.set || high.set) throw new Refused(`bad character range ${text}`);
        if (low.code !== undefined && high.code !== undefined) {
          if (low.code > high.code) throw new Refused(`bad character range ${text}`);
          out += `${low.text}-${high.text}`;
        } else {
          out += low.text + high.text; // \N{...}: the code point is not known here
        }
      } else {
        out += low.text;
      }
    }
  }
}

function hexCode(code: number): string {
  return `\\u${Math.min(code, 0xffff).toString(16).padStart(4, '0')}`;
}

/** One escape sequence starting at `i` (a backslash), inside a character class or not. */
function escape(pattern: string, i: number, inClass: boolean, refs: { backReference(group: number): void }): Escape {
  const c = pattern[i + 1];
  if (c === undefined) throw new Refused('bad escape (end of pattern)');
  const single = (code: number, length: number): Escape => ({ text: hexCode(code), length, code });
  if (c === 'x' || c === 'u' || c === 'U') {
    const n = c === 'x' ? 2 : c === 'u' ? 4 : 8;
    const digits = pattern.slice(i + 2, i + 2 + n);
    if (!new RegExp(`^[0-9A-Fa-f]{${n}}$`).test(digits)) throw new Refused(`incomplete escape \\${c}${digits}`);
    const code = parseInt(digits, 16);
    if (code > 0x10ffff) throw new Refused(`bad escape \\${c}${digits}`);
    return single(code, 2 + n);
  }
  if (c === 'N') {
    const m = /^\\N\{([^}]*)\}/.exec(pattern.slice(i));
    if (!m) throw new Refused('missing {, or an unterminated character name, after \\N');
    if (m[1] === '') throw new Refused('missing character name');
    // The name table is Unicode's; a name of the right spelling is taken on trust.
    if (!/^[A-Z0-9][A-Z0-9 -]*[A-Z0-9]$|^[A-Z0-9]$/i.test(m[1] ?? '')) throw new Refused(`undefined character name '${m[1]}'`);
    return { text: '\\uFFFD', length: m[0].length };
  }
  if (c in SIMPLE_CODES) return single(SIMPLE_CODES[c]!, 2);
  if (inClass && c === 'b') return single(8, 2);
  if (!inClass && c === 'A') return { text: '(?<![\\s\\S])', length: 2, anchor: true };
  if (!inClass && c === 'Z') return { text: '(?![\\s\\S])', length: 2, anchor: true };
  if (!inClass && (c === 'b' || c === 'B')) return { text: `\\${c}`, length: 2, anchor: true };
  if (/[0-9]/.test(c)) {
    // Outside a set, \0 and three octal digits are octal, anything else a group number; inside a
    // set, any octal digit starts an octal escape.
    const octal = (inClass ? /^\\([0-7]{1,3})/ : /^\\(0[0-7]{0,2}|[0-7]{3})/).exec(pattern.slice(i));
    if (octal) {
      const code = parseInt(octal[1]!, 8);
      if (code > 0o377) throw new Refused(`octal escape value \\${octal[1]} outside of range 0-0o377`);
      return single(code, octal[0].length);
    }
    if (inClass) throw new Refused(`bad escape \\${c}`);
    const ref = /^\\([1-9][0-9]?)/.exec(pattern.slice(i))!;
    const group = Number(ref[1]);
    refs.backReference(group);
    return { text: `\\${group}`, length: ref[0].length, group };
  }
  if (/[A-Za-z]/.test(c)) {
    const known = inClass ? CLASS_LETTER_ESCAPES : OUTSIDE_LETTER_ESCAPES;
    if (!known.has(c)) throw new Refused(`bad escape \\${c}`);
    return { text: `\\${c}`, length: 2, set: SET_ESCAPES.has(c) };
  }
  const code = pattern.codePointAt(i + 1)!;
  return single(code, code > 0xffff ? 3 : 2);
}
