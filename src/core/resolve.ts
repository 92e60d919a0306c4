// Name resolution: turns the names a config writes (integration aliases, display names, entity
// names, repository names) into the ids the API takes, against what the state reader read.
// Pure: every failure is a Resolved with an error message written for people, never a throw, so
// the planner can report all problems at once.

import type { Integration, IntegrationType, PmEntity, Repository } from '../api/types.js';
import type { DesiredConfig, EntityName, IntegrationRef, RepoRef } from './model.js';
import { globToRegExp, isGlob } from './repo-patterns.js';

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
 */
export function didYouMean(input: string, candidates: readonly string[]): string | undefined {
  const needle = input.toLowerCase();
  const limit = Math.max(2, Math.floor(needle.length / 3));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === input) continue;
    const d = editDistance(needle, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** Levenshtein distance (also used by the config loader's suggestions). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
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

export function indexRepositories(repos: Repository[]): RepoIndex {
  const byId = new Map<number, Repository>();
  const byName = new Map<string, Repository[]>();
  for (const repo of repos) {
    if (byId.has(repo.id)) continue;
    byId.set(repo.id, repo);
    const list = byName.get(repo.name);
    if (list) list.push(repo);
    else byName.set(repo.name, [repo]);
  }
  for (const list of byName.values()) list.sort((a, b) => a.id - b.id);
  return { byId, byName, all: [...byId.values()].sort((a, b) => a.id - b.id) };
}

/**
 * A repository by id (must exist) or by name; a name on several Git integrations is ambiguous
 * unless the entry names its `integration:`.
 */
export function resolveRepository(ref: RepoRef, index: RepoIndex, config: DesiredConfig, integrations: Integration[]): Resolved<Repository> {
  if ('id' in ref) {
    const repo = index.byId.get(ref.id);
    return repo ? ok(repo) : fail(`repository ${ref.id} does not exist`);
  }
  let candidates = index.byName.get(ref.name) ?? [];
  if (candidates.length === 0) {
    return fail(`unknown repository "${ref.name}"${suggestion(ref.name, [...index.byName.keys()])}`);
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
    return fail(`unknown ${what} "${ref.id}" on ${alias}${suggestion(ref.id, entities.map((e) => e.entity_provider_id))}`);
  }
  if (entities === undefined) return fail(`cannot resolve ${what} name "${ref.name}" on ${alias}: its ${entityType} were not read`);
  const matches = index?.byName.get(ref.name) ?? [];
  if (matches.length === 1 && matches[0]) return ok(matches[0].entity_provider_id);
  if (matches.length > 1) {
    const ids = matches.map((e) => `"${e.entity_provider_id}"`).join(', ');
    return fail(`${what} name "${ref.name}" on ${alias} is ambiguous: ${ids}; use the id`);
  }
  return fail(`unknown ${what} "${ref.name}" on ${alias}${suggestion(ref.name, entities.map((e) => e.name))}`);
}

// ---- monitoring globs ----------------------------------------------------------------------

export { globToRegExp } from './repo-patterns.js';

/**
 * Repositories an include/exclude entry names: a numeric id, an exact name (looked up in the
 * index), or a glob (one compiled pattern tested against every name).
 */
export function matchRepositories(entry: string | number, index: RepoIndex): Repository[] {
  if (typeof entry === 'number') {
    const repo = index.byId.get(entry);
    return repo ? [repo] : [];
  }
  if (!isGlob(entry)) return index.byName.get(entry) ?? [];
  const re = globToRegExp(entry);
  return index.all.filter((r) => re.test(r.name));
}
