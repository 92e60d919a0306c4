// Name resolution: turns the names a config writes (integration aliases, display names, entity
// names, repository names) into the ids the API takes, against what the state reader read.
// Pure: every failure is a Resolved with an error message written for people, never a throw, so
// the planner can report all problems at once.

import type { Integration, IntegrationType, PmEntity } from '../contract/types.js';
import type { Repository } from '../contract/git-types.js';
import type { DesiredConfig, EntityName, IntegrationRef, RepoRef } from './model.js';

export interface Resolved<T> {
  value?: T;
  error?: string;
}

function ok<T>(value: T): Resolved<T> {
  return { value };
}

function fail<T>(error: string): Resolved<T> {
  return { error };
}

/** `; did you mean "x"?` or nothing. */
function suggestion(input: string, candidates: readonly string[]): string {
  const best = didYouMean(input, candidates);
  return best === undefined ? '' : `; did you mean ${JSON.stringify(best)}?`;
}


/**
 * The candidate closest to `input` by edit distance (case-insensitive), when it is close enough
 * to be a plausible typo: at most a third of the input's length, and at least 1-2 edits allowed.
 * The first of equally close candidates wins.
 *
 * Each unknown repository name of a plan is compared with every repository of the organization
 * (full distances would take 40 s for 300 unknown names against 10,000 repositories), so: only a
 * candidate closer than the best so far and within the limit can change the answer, and it is
 * ruled out as cheaply as possible against that bound (length difference, then the characters the
 * two do not share, which no edit distance can undercut), the distance itself computed only up to
 * the bound; answers are kept per candidate list (a plan asks about one name several times).
 */
export function didYouMean(input: string, candidates: readonly string[]): string | undefined {
  const lower = lowered(candidates);
  let answers = answersByList.get(lower);
  if (answers === undefined) {
    answers = new Map();
    answersByList.set(lower, answers);
  } else if (answers.has(input)) return answers.get(input);
  const answer = closestWithin(input, candidates, lower);
  answers.set(input, answer);
  return answer;
}

const answersByList = new WeakMap<readonly string[], Map<string, string | undefined>>();
const loweredLists = new WeakMap<readonly string[], string[]>();

function lowered(candidates: readonly string[]): string[] {
  let out = loweredLists.get(candidates);
  // A list that grew or shrank since (the caller's to keep or not) is lowered, and answered, afresh.
  if (out === undefined || out.length !== candidates.length) {
    out = candidates.map((c) => c.toLowerCase());
    loweredLists.set(candidates, out);
  }
  return out;
}

function closestWithin(input: string, candidates: readonly string[], lower: readonly string[]): string | undefined {
  const needle = input.toLowerCase();
  const limit = Math.max(2, Math.floor(needle.length / 3));
  const distance = distanceFrom(needle);
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let n = 0; n < candidates.length; n++) {
    const candidate = candidates[n] as string;
    if (candidate === input) continue;
    const bound = Math.min(limit, bestDistance - 1);
    if (bound < 0) break;
    const d = distance(lower[n] as string, bound);
    if (d <= bound) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/**
 * The edit distance from `word` to other strings when it is at most a bound, else some number
 * above the bound, ruling a string out as cheaply as it can: by length difference, then by the
 * characters the two do not share (as multisets; every edit fixes at most one such character on
 * each side, so no distance undercuts them), and only then by the distance computed up to the
 * bound. For "did you mean" over every name of an organization.
 */
export function distanceFrom(word: string): (other: string, bound: number) => number {
  let ascii = true;
  for (let i = 0; i < word.length && ascii; i++) if (word.charCodeAt(i) >= 128) ascii = false;
  const distance = (other: string, bound: number): number => {
    if (Math.abs(other.length - word.length) > bound) return bound + 1;
    if (ascii) {
      if (counted !== distance) countInto(word, distance);
      if (unsharedExceeds(word.length, other, COUNTS, bound)) return bound + 1;
    }
    return editDistanceWithin(word, other, bound);
  };
  return distance;
}

/**
 * The ASCII character counts of the word of the distanceFrom function that used them last, and
 * that function: one table for every word, refilled when another word's function is called, not a
 * table per word (100,000 unknown keys, each compared for a "did you mean", would make 100,000).
 */
const COUNTS = new Int32Array(128);
let counted: unknown;

function countInto(word: string, owner: unknown): void {
  COUNTS.fill(0);
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    COUNTS[c] = (COUNTS[c] ?? 0) + 1;
  }
  counted = owner;
}

/**
 * True when more than `bound` characters of one string have no counterpart in the other (as
 * multisets). `counts` holds the first string's ASCII characters and is left as found. A
 * non-ASCII character in `other` gives up (false): the distance will tell.
 */
function unsharedExceeds(length: number, other: string, counts: Int32Array, bound: number): boolean {
  let extra = 0;
  let j = 0;
  for (; j < other.length; j++) {
    const c = other.charCodeAt(j);
    if (c >= 128) break;
    const left = counts[c] ?? 0;
    counts[c] = left - 1;
    if (left <= 0) extra++;
  }
  const complete = j === other.length;
  for (let k = 0; k < j; k++) {
    const c = other.charCodeAt(k);
    counts[c] = (counts[c] ?? 0) + 1;
  }
  if (!complete) return false;
  const missing = length - (other.length - extra);
  return Math.max(extra, missing) > bound;
}

/**
 * Edit distance of a and b (optimal string alignment: insert, delete, substitute, or swap two
 * neighbours, each costing 1) when it is at most `bound`, else some number above `bound`. Swapped
 * letters are the commonest typo (`gti`, `temas`, `naem`); plain Levenshtein counts them as 2.
 */
export function editDistanceWithin(a: string, b: string, bound: number): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let previousMin = 0;
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (before[j - 2] ?? 0) + 1);
      current.push(v);
      if (v < rowMin) rowMin = v;
    }
    // A cell depends on the two rows before it: once both are past the bound, so is the distance.
    if (rowMin > bound && previousMin > bound) return bound + 1;
    previousMin = rowMin;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** Edit distance with swaps (see editDistanceWithin; also used by the config loader's suggestions). */
export function editDistance(a: string, b: string): number {
  return editDistanceWithin(a, b, Number.POSITIVE_INFINITY);
}

function describeIntegration(i: Integration): string {
  return `${i.id} (${i.name})`;
}

/**
 * An integration named by alias (whose target is an id or a display name that must match exactly
 * one live integration) or by numeric id (which must be live). With `expectedType`, an integration
 * of the other type is an error too.
 */
export function resolveIntegration(
  config: DesiredConfig,
  ref: IntegrationRef,
  integrations: Integration[],
  expectedType?: IntegrationType,
): Resolved<Integration> {
  let found: Resolved<Integration>;
  let label: string;
  if (typeof ref === 'number') {
    label = `integration ${ref}`;
    const integration = integrations.find((i) => i.id === ref);
    found = integration ? ok(integration) : fail(`integration ${ref} does not exist or is deleted`);
  } else {
    label = `integration "${ref}"`;
    const alias = config.integrations.find((a) => a.alias === ref);
    if (alias === undefined) {
      return fail(`unknown integration alias "${ref}"${suggestion(ref, config.integrations.map((a) => a.alias))}`);
    }
    found = resolveAliasTarget(ref, alias.id, alias.name, integrations);
  }
  const integration = found.value;
  if (integration === undefined || expectedType === undefined || integration.type === expectedType) return found;
  return fail(`${label} is ${describeIntegration(integration)}, a ${integration.type} integration; a ${expectedType} integration is needed here`);
}

function resolveAliasTarget(alias: string, id: number | undefined, name: string | undefined, integrations: Integration[]): Resolved<Integration> {
  if (id !== undefined) {
    const integration = integrations.find((i) => i.id === id);
    return integration ? ok(integration) : fail(`integration alias "${alias}" names id ${id}, which does not exist or is deleted`);
  }
  if (name === undefined) return fail(`integration alias "${alias}" names neither an id nor a name`);
  const matches = integrations.filter((i) => i.name === name);
  if (matches.length === 1 && matches[0]) return ok(matches[0]);
  if (matches.length > 1) {
    return fail(
      `integration alias "${alias}": name "${name}" is ambiguous, it matches ${matches.map(describeIntegration).join(', ')}; use { id: ... }`,
    );
  }
  return fail(`integration alias "${alias}": no live integration is named "${name}"${suggestion(name, integrations.map((i) => i.name))}`);
}

// ---- repositories ----------------------------------------------------------------------------

export interface RepoIndex {
  byId: Map<number, Repository>;
  /** A name may be on several Git integrations. */
  byName: Map<string, Repository[]>;
  all: Repository[];
}

/**
 * One index per list, by identity: the reader, the planner and the read records each index the
 * snapshot's repositories (100,000 of them in a large organization), and the list does not change
 * once read. A list that grew since (same array, more items) is indexed again.
 */
const repositoryIndexes = new WeakMap<readonly Repository[], { length: number; index: RepoIndex }>();

export function indexRepositories(repos: Repository[]): RepoIndex {
  const known = repositoryIndexes.get(repos);
  if (known !== undefined && known.length === repos.length) return known.index;
  const index: NameIndex = { byId: new Map(), byName: new Map() };
  addToRepositoryIndex(index, repos);
  const built = { ...index, all: [...index.byId.values()].sort((a, b) => a.id - b.id) };
  repositoryIndexes.set(repos, { length: repos.length, index: built });
  return built;
}

/** What resolving a repository reference needs of an index: a reader grows one page by page. */
export type NameIndex = Pick<RepoIndex, 'byId' | 'byName'>;

/**
 * Adds repositories to an index in place (a repository already there is kept), so an index grows
 * with the pages of a list instead of being rebuilt from all of them at each page. A name's list
 * stays in id order; names are on one or a few integrations, so it is short.
 */
export function addToRepositoryIndex(index: NameIndex, repos: readonly Repository[]): void {
  for (const repo of repos) {
    if (index.byId.has(repo.id)) continue;
    index.byId.set(repo.id, repo);
    const list = index.byName.get(repo.name);
    if (list === undefined) index.byName.set(repo.name, [repo]);
    else {
      list.push(repo);
      if (list.length > 1 && (list[list.length - 2] as Repository).id > repo.id) list.sort((a, b) => a.id - b.id);
    }
  }
}

/** The names of an index, one array per index (didYouMean lower-cases each list once). */
const namesOfIndex = new WeakMap<ReadonlyMap<string, unknown>, string[]>();

function repositoryNames(index: NameIndex): string[] {
  let names = namesOfIndex.get(index.byName);
  if (names === undefined || names.length !== index.byName.size) {
    names = [...index.byName.keys()];
    namesOfIndex.set(index.byName, names);
  }
  return names;
}

/**
 * A repository by id (must exist) or by name; a name on several Git integrations is ambiguous
 * unless the entry names its `integration:`.
 */
export function resolveRepository(ref: RepoRef, index: NameIndex, config: DesiredConfig, integrations: Integration[]): Resolved<Repository> {
  if ('id' in ref) {
    const repo = index.byId.get(ref.id);
    return repo ? ok(repo) : fail(`repository ${ref.id} does not exist`);
  }
  let candidates = index.byName.get(ref.name) ?? [];
  if (candidates.length === 0) {
    return fail(`unknown repository "${ref.name}"${suggestion(ref.name, repositoryNames(index))}`);
  }
  if (ref.integration !== undefined) {
    const integration = resolveIntegration(config, ref.integration, integrations, 'git');
    if (integration.value === undefined) return fail(integration.error ?? 'unknown integration');
    const id = integration.value.id;
    candidates = candidates.filter((r) => r.integration_id === id);
    if (candidates.length === 0) return fail(`repository "${ref.name}" is not on integration ${describeIntegration(integration.value)}`);
  }
  if (candidates.length > 1) {
    const names = candidates.map((r) => {
      const integration = integrations.find((i) => i.id === r.integration_id);
      return `${r.id} on ${integration ? describeIntegration(integration) : `integration ${r.integration_id}`}`;
    });
    return fail(`repository name "${ref.name}" is ambiguous: ${names.join(', ')}; add integration: or use the id`);
  }
  const repo = candidates[0];
  return repo ? ok(repo) : fail(`unknown repository "${ref.name}"`);
}

// ---- PM entities ---------------------------------------------------------------------------

const SINGULAR: Record<string, string> = {
  boards: 'board',
  projects: 'project',
  epics: 'epic',
  labels: 'label',
  fields: 'field',
  teams: 'team',
  areas: 'area',
};

export function singularType(entityType: string): string {
  return SINGULAR[entityType] ?? entityType;
}

interface EntityIndex {
  ids: Set<string>;
  byName: Map<string, PmEntity[]>;
}

/** Each entity list is indexed once, by identity: a plan resolves many references against one list. */
const entityIndexes = new WeakMap<readonly PmEntity[], EntityIndex>();

function entityIndex(entities: readonly PmEntity[]): EntityIndex {
  let index = entityIndexes.get(entities);
  if (index === undefined) {
    index = { ids: new Set(), byName: new Map() };
    for (const e of entities) {
      index.ids.add(e.entity_provider_id);
      const named = index.byName.get(e.name);
      if (named) named.push(e);
      else index.byName.set(e.name, [e]);
    }
    entityIndexes.set(entities, index);
  }
  return index;
}

/**
 * An entity's entity_provider_id. `{ id }` is taken as written when no list was read for that type
 * and must appear in the list otherwise; `{ name }` must match exactly one entity's name.
 * `entities` is undefined when nothing was read for that (integration, type).
 */
export function resolveEntity(ref: EntityName, entityType: string, alias: string, entities: readonly PmEntity[] | undefined): Resolved<string> {
  const what = singularType(entityType);
  const index = entities === undefined ? undefined : entityIndex(entities);
  if ('id' in ref) {
    if (entities === undefined || index?.ids.has(ref.id)) return ok(ref.id);
    return fail(`unknown ${what} "${ref.id}" on ${alias}${suggestion(ref.id, entityWords(entities).ids)}`);
  }
  if (entities === undefined) return fail(`cannot resolve ${what} name "${ref.name}" on ${alias}: its ${entityType} were not read`);
  const matches = index?.byName.get(ref.name) ?? [];
  if (matches.length === 1 && matches[0]) return ok(matches[0].entity_provider_id);
  if (matches.length > 1) {
    const ids = matches.map((e) => `"${e.entity_provider_id}"`).join(', ');
    return fail(`${what} name "${ref.name}" on ${alias} is ambiguous: ${ids}; use the id`);
  }
  return fail(`unknown ${what} "${ref.name}" on ${alias}${suggestion(ref.name, entityWords(entities).names)}`);
}

/** A list's ids and names for suggestions, one array each per list (didYouMean caches by array). */
const wordsOfList = new WeakMap<readonly PmEntity[], { ids: string[]; names: string[] }>();

function entityWords(entities: readonly PmEntity[]): { ids: string[]; names: string[] } {
  let words = wordsOfList.get(entities);
  if (words === undefined || words.ids.length !== entities.length) {
    words = { ids: entities.map((e) => e.entity_provider_id), names: entities.map((e) => e.name) };
    wordsOfList.set(entities, words);
  }
  return words;
}
