// One glob against one name without backtracking (DESIGN 2.1: expansion is linear, whatever the
// key). A glob is cut at its `*`s into literal segments (`?` in a segment matches any one
// character): the first segment must start the name, the last must end it, and each segment
// between is found at its leftmost place after the one before. Leftmost is always right: a later
// place only leaves less room for the segments after it, so no choice is ever taken back. A
// regular expression of `.*` runs would try every split of the name among the stars instead, which
// takes exponential time on keys like `acme/*?*?*?*?*?*?*?#`. The cost is at most
// (name length + 1) x (glob length + 1) character comparisons, and for the usual globs (a prefix
// and a suffix around one `*`) one pass over the name. Pure.

/** Counts character comparisons (tests bound a match by it). */
export interface GlobSteps {
  count: number;
}

interface CompiledGlob {
  /** The glob holds no `*`: the name must be exactly `head` (with `?` for any one character). */
  starless: boolean;
  head: string;
  /** Segments between stars, none of them empty. */
  middles: string[];
  tail: string;
  /** The fewest characters a matching name has. */
  minLength: number;
}

function compile(glob: string): CompiledGlob {
  const parts = glob.split('*');
  if (parts.length === 1) return { starless: true, head: glob, middles: [], tail: '', minLength: glob.length };
  const head = parts[0] ?? '';
  const tail = parts[parts.length - 1] ?? '';
  const middles = parts.slice(1, -1).filter((part) => part !== '');
  const minLength = head.length + tail.length + middles.reduce((n, m) => n + m.length, 0);
  return { starless: false, head, middles, tail, minLength };
}

/** Whether `segment` (`?` any one character) matches `name` at `at`; the caller checks the room. */
function segmentAt(name: string, at: number, segment: string, steps: GlobSteps | undefined): boolean {
  for (let k = 0; k < segment.length; k += 1) {
    if (steps) steps.count += 1;
    const c = segment.charCodeAt(k);
    if (c !== 63 /* ? */ && c !== name.charCodeAt(at + k)) return false;
  }
  return true;
}

/** The leftmost place in [from, end) where `segment` fits whole, or -1. */
function leftmost(name: string, from: number, end: number, segment: string, steps: GlobSteps | undefined): number {
  for (let at = from; at + segment.length <= end; at += 1) if (segmentAt(name, at, segment, steps)) return at;
  return -1;
}

function matchCompiled(g: CompiledGlob, name: string, steps: GlobSteps | undefined): boolean {
  if (g.starless) return name.length === g.head.length && segmentAt(name, 0, g.head, steps);
  if (name.length < g.minLength) return false;
  if (!segmentAt(name, 0, g.head, steps)) return false;
  const end = name.length - g.tail.length;
  if (!segmentAt(name, end, g.tail, steps)) return false;
  let at = g.head.length;
  for (const middle of g.middles) {
    const found = leftmost(name, at, end, middle, steps);
    if (found === -1) return false;
    at = found + middle.length;
  }
  return true;
}

/**
 * A test of names against `glob`: `*` matches any run of characters (`/` included), `?` exactly
 * one (a UTF-16 unit, as the literal parts are compared); the whole name must match.
 */
export function compileGlob(glob: string): (name: string, steps?: GlobSteps) => boolean {
  const compiled = compile(glob);
  return (name, steps) => matchCompiled(compiled, name, steps);
}
