// Human names for places in the config, used in messages: "team 42's tracker scope" reads better
// than "/teams/42/pm/tracker". Also the "did you mean" suggestions, on the planner's edit distance.

import { distanceFrom } from '../core/resolve.js';

export type Path = readonly (string | number)[];

/**
 * Two files of a directory may each write a rule with one pattern for two different integrations
 * (DESIGN 2.1); the merged document keeps the later one under the pattern followed by this mark
 * and a number, since a map holds each key once. NUL cannot be written in a YAML key, so no key a
 * user writes has it.
 */
export const RULE_TWIN_MARK = '\u0000';

/** The pattern a git.repositories key writes: the key itself, or the pattern of a merged twin rule. */
export function rulePattern(key: string): string {
  const at = key.indexOf(RULE_TWIN_MARK);
  return at < 0 ? key : key.slice(0, at);
}

/** `teams.42.pm.tracker.boards[0]`: the dotted form, for places with no better name. */
export function dottedPath(path: Path): string {
  let out = '';
  for (const segment of path.map(shown)) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? segment : `.${segment}`;
  }
  return out === '' ? 'the top level' : out;
}

const shown = (segment: string | number): string | number => (typeof segment === 'string' ? rulePattern(segment) : segment);

/** Segment `i` of `path` as a message shows it, if the path is that long. */
function segmentAt(path: Path, i: number): string | undefined {
  const segment = path[i];
  return segment === undefined ? undefined : String(shown(segment));
}

/** A phrase naming the object at `path`, e.g. "team 42's tracker scope". */
export function describePath(path: Path): string {
  // Read in place, with no mapped copy of the path: this runs once per schema error (100,000 for a
  // hostile config).
  const a = segmentAt(path, 0);
  const b = segmentAt(path, 1);
  const c = segmentAt(path, 2);
  const d = segmentAt(path, 3);
  const e = segmentAt(path, 4);
  const f = segmentAt(path, 5);
  const g = segmentAt(path, 6);
  const n = path.length;
  if (n === 0) return 'the top level';
  if (a === 'integrations' && n === 2) return `integration alias \`${b}\``;
  if (a === 'collection') {
    if (n === 2) return `the collection of \`${b}\``;
    if (n === 3) return `the selected ${c} of \`${b}\``;
  }
  if (a === 'teams' && n >= 2) {
    const team = `team ${b}`;
    if (n === 2) return team;
    if (c === 'pm') {
      // "team 42's tracker scope" for an alias, "team 42's scope on integration 10" for an id.
      const byId = /^[0-9]+$/.test(d ?? '');
      const of = (what: string) => (byId ? `${team}'s ${what} on integration ${d}` : `${team}'s ${d} ${what}`);
      if (n === 3) return `${team}'s PM scopes`;
      if (n === 4) return of('scope');
      if (n === 5) return of(e ?? '');
      if (e === 'fields' && n === 6) return `a field of ${of('scope')}`;
      if (e === 'project_team_areas' && n === 6) return `project_team_areas[${f}] of ${of('scope')}`;
      if (e === 'project_team_areas' && n === 7 && g === 'areas') return `the areas of project_team_areas[${f}] in ${of('scope')}`;
    }
    if (c === 'git') {
      if (n === 3) return `${team}'s Git scope`;
      if (n === 4) return `${team}'s Git ${d}`;
    }
  }
  if (a === 'git' && b === 'repositories' && n >= 3) {
    const repo = c !== undefined && (c.includes('*') || c.includes('?')) ? `rule \`${c}\`` : `repository \`${c}\``;
    if (n === 3) return repo;
    if (d === 'settings' && n === 4) return `${repo}'s settings`;
    if (d === 'settings' && n === 5) return `${repo}'s ${e} setting`;
  }
  if (a === 'git' && b === 'defaults' && n === 3) return `the ${c} default`;
  if (a === 'drift' && b === 'ignore' && n === 3) return `drift.ignore[${c}]`;
  return `\`${dottedPath(path)}\``;
}

/**
 * The closest candidate when it is close enough to be a likely typo (a third of the word,
 * at least one edit; case differences count as close), else undefined.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  // As a plain search for the first candidate at the least distance would answer, but a candidate
  // that cannot beat the best so far within `allowed` is ruled out by its length or by a distance
  // computed only up to that bound: an address naming a repository the config does not write is
  // compared with all of the config's repositories (200 such addresses against 10,000: 7.5 s).
  const allowed = Math.max(1, Math.floor(word.length / 3));
  const lowerWord = word.toLowerCase();
  const distanceTo = distanceFrom(word);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    // Distances are whole numbers, or 0.5 for a case difference: nothing later beats 0.5.
    if (bestDistance <= 0.5) break;
    if (candidate.toLowerCase() === lowerWord) {
      best = candidate;
      bestDistance = 0.5;
      continue;
    }
    const bound = Math.min(allowed, bestDistance - 1);
    if (bound < 1) continue;
    const distance = distanceTo(candidate, bound);
    if (distance <= bound) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= allowed ? best : undefined;
}

/** "; did you mean `boards`?" or "". */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const suggestion = closest(word, candidates);
  return suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`;
}
