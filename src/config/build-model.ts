// Builds the desired-state model (src/core/model.ts) from a config that passed every check.
// Identity lists (boards, repositories, services, ...) are sorted so that the same config always
// gives the same model; the order each list was written in is kept so the source map can point a
// model index back at the line it came from.

import type { OrgSettings } from '../contract/git-types.js';
import type { ConfigDocument, EntityDocument, GitScopeDocument, PmScopeDocument } from '../core/config-schema/config.js';
import type {
  ConfigPath,
  DesiredConfig,
  DesiredField,
  DesiredGitScope,
  DesiredPmScope,
  DesiredProjectTeamAreas,
  DesiredGoal,
  DesiredReport,
  DesiredRepository,
  DesiredRule,
  DesiredSelection,
  DesiredTeam,
  DriftIgnoreRule,
  EntityName,
  IntegrationAlias,
  IntegrationRef,
  MemberRef,
  RepoRef,
  SafetyConfig,
  SourceLocation,
} from '../core/model.js';
import { isGlob } from '../core/repo-patterns.js';
import { isMap, placementAt, type Placements, type PlacedRoot } from './yaml/source.js';
import { rulePattern } from './describe.js';

const DIGITS = /^[1-9][0-9]*$/;

/** A map key that names an integration: digits are an id, anything else an alias. */
export function integrationRefOfKey(key: string): IntegrationRef {
  return DIGITS.test(key) ? Number(key) : key;
}

/** A git.repositories key: digits are a repository id, anything else a name. */
export function isRepositoryIdKey(key: string): boolean {
  return DIGITS.test(key);
}

/** Records, per list, which written index each sorted index came from. */
class ListOrder {
  private readonly orders = new Map<string, number[]>();

  sort<T>(path: ConfigPath, items: readonly T[], key: (item: T) => string): T[] {
    const indexed = items.map((item, index) => ({ item, index, k: key(item) }));
    indexed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.index - b.index));
    if (indexed.some((entry, i) => entry.index !== i)) this.orders.set(pathKey(path), indexed.map((e) => e.index));
    return indexed.map((e) => e.item);
  }

  /** Written index of the model's `index`-th entry of the list at `path`. */
  writtenIndex(path: ConfigPath, index: number): number {
    return this.orders.get(pathKey(path))?.[index] ?? index;
  }
}

function pathKey(path: ConfigPath): string {
  return path.map(String).join('\u0000');
}

/** Sort key that puts ids before names and compares by code unit (locale-independent). */
function entityKey(e: EntityName): string {
  return 'id' in e ? `0${e.id}` : `1${e.name}`;
}
function repoKey(r: RepoRef): string {
  return 'id' in r ? `0${String(r.id).padStart(20, '0')}` : `1${r.name}`;
}

/** A member as written: a string is an email, a number a contributor id. */
function memberRef(v: string | number): MemberRef {
  return typeof v === 'number' ? { id: v } : { email: v };
}
function memberKey(m: MemberRef): string {
  return 'id' in m ? `0${String(m.id).padStart(20, '0')}` : `1${m.email.toLowerCase()}`;
}

function entity(v: EntityDocument): EntityName {
  return typeof v === 'string' ? { id: v } : { name: v.name };
}

/** `document` is `root`'s value, which the schema accepted (config/schema-check.ts isConfigDocument). */
export function buildModel(document: ConfigDocument, root: PlacedRoot, store: Placements, files: string[]): DesiredConfig {
  return modelOf(document, files, (written) => {
    const { placement } = placementAt(store, root, written);
    return placement.source.locate(placement.value);
  });
}

/**
 * The model of a config document that passed every check; `locate` says where a path of the
 * document (indices as written) was written, when the document came from files.
 */
export function modelOf(doc: ConfigDocument, files: string[], locate?: (written: (string | number)[]) => SourceLocation | undefined): DesiredConfig {
  const order = new ListOrder();

  const integrations: IntegrationAlias[] = entriesOf(doc.integrations)
    .sort(byKey)
    .map(([alias, a]) => {
      const out: IntegrationAlias = { alias };
      if (a.id !== undefined) out.id = a.id;
      if (a.name !== undefined) out.name = a.name;
      if (a.provider !== undefined) out.provider = a.provider;
      return out;
    });

  const collection: DesiredSelection[] = [];
  for (const [key, sel] of entriesOf(doc.collection).sort(byKey)) {
    for (const entityType of ['boards', 'projects'] as const) {
      const list = sel[entityType];
      if (!list) continue;
      const path = ['collection', key, entityType];
      collection.push({ integration: integrationRefOfKey(key), entityType, entities: order.sort(path, list.map(entity), entityKey), path });
    }
  }

  const teams: DesiredTeam[] = [];
  const teamEntries = entriesOf(doc.teams);
  // Id keys in id order, then name keys in the order written (a directory config: files by name).
  const idKeys = teamEntries.filter(([k]) => DIGITS.test(k)).sort(([a], [b]) => Number(a) - Number(b));
  for (const [key, t] of [...idKeys, ...teamEntries.filter(([k]) => !DIGITS.test(k))]) {
    const path = ['teams', key];
    const byId = DIGITS.test(key);
    const team: DesiredTeam = { key: byId ? { id: Number(key) } : { name: key }, pm: [], path };
    if (byId) team.id = Number(key);
    else if (t.id !== undefined) team.id = t.id;
    if (!byId) team.name = key;
    else if (t.name !== undefined) team.name = t.name;
    if (t.parent === null) team.parent = null;
    else if (typeof t.parent === 'number') team.parent = { id: t.parent };
    else if (typeof t.parent === 'string') team.parent = { name: t.parent };
    if (t.initials !== undefined) team.initials = t.initials;
    if (t.color !== undefined) team.color = t.color;
    if (t.members) team.members = order.sort([...path, 'members'], t.members.map(memberRef), memberKey);
    for (const [scopeKey, scope] of entriesOf(t.pm).sort(byKey)) team.pm.push(pmScope(scopeKey, scope, [...path, 'pm', scopeKey], order));
    if (t.git) team.git = gitScope(t.git, [...path, 'git'], order);
    teams.push(team);
  }

  const defaults: OrgSettings = doc.git?.defaults ?? {};
  const repositories: DesiredRepository[] = [];
  const rules: DesiredRule[] = [];
  // Keys in the order written (files in merge order): the last matching rule wins. Glob keys are
  // never integer-like, so the object keeps their insertion order.
  for (const [key, r] of entriesOf(doc.git?.repositories)) {
    const path = ['git', 'repositories', key];
    if (isGlob(key)) {
      const rule: DesiredRule = { pattern: rulePattern(key), settings: r.settings ?? {}, path };
      if (r.integration !== undefined) rule.integration = r.integration;
      rules.push(rule);
      continue;
    }
    let ref: RepoRef;
    if (isRepositoryIdKey(key)) ref = { id: Number(key) };
    else {
      ref = { name: key };
      if (r.integration !== undefined) ref.integration = r.integration;
    }
    const repo: DesiredRepository = { ref, path };
    if ('monitored' in r && r.monitored !== undefined) repo.monitored = r.monitored;
    if (r.settings !== undefined) repo.settings = r.settings;
    repositories.push(repo);
  }
  repositories.sort((a, b) => (repoKey(a.ref) < repoKey(b.ref) ? -1 : repoKey(a.ref) > repoKey(b.ref) ? 1 : 0));

  const safety: SafetyConfig = { thresholds: doc.safety?.thresholds ?? {}, protected: doc.safety?.protected ?? [] };
  const ignore: DriftIgnoreRule[] = (doc.drift?.ignore ?? []).map((m) => {
    const rule: DriftIgnoreRule = { address: m.address, reason: m.reason };
    if (m.until !== undefined) rule.until = m.until;
    return rule;
  });

  const reports: DesiredReport[] = entriesOf(doc.reports).map(([name, definition]) => ({ name, definition, path: ['reports', name] }));
  const goals: DesiredGoal[] = entriesOf(doc.goals).map(([name, definition]) => ({ name, definition, path: ['goals', name] }));

  const ownershipTeams = doc.ownership?.teams;
  const config: DesiredConfig = {
    version: 1,
    files,
    integrations,
    collection,
    teams,
    ...(ownershipTeams === undefined ? {} : { ownership: { teams: ownershipTeams } }),
    git: rules.length > 0 ? { defaults, repositories, rules } : { defaults, repositories },
    safety,
    drift: { ignore },
    reports,
    goals,
    sourceMap: { locate: (path: ConfigPath) => locate?.(writtenPath(path, doc, order)) },
  };
  const monitoring = doc.git?.monitoring;
  if (monitoring) {
    const path = ['git', 'monitoring'];
    config.git.monitoring = {
      include: order.sort([...path, 'include'], monitoring.include, globKey),
      exclude: order.sort([...path, 'exclude'], monitoring.exclude ?? [], globKey),
      path,
    };
  }
  return config;
}

function globKey(v: string | number): string {
  return typeof v === 'number' ? `0${String(v).padStart(20, '0')}` : `1${v}`;
}

/** Maps a model path (sorted list indices) to the written path (indices as written). */
function writtenPath(path: ConfigPath, rootValue: unknown, order: ListOrder): (string | number)[] {
  const out: (string | number)[] = [];
  let node: unknown = rootValue;
  for (const segment of path) {
    if (Array.isArray(node)) {
      const index = order.writtenIndex(out, Number(segment));
      out.push(index);
      node = node[index];
    } else {
      out.push(segment);
      node = isMap(node) ? node[String(segment)] : undefined;
    }
  }
  return out;
}

function pmScope(key: string, s: PmScopeDocument, path: ConfigPath, order: ListOrder): DesiredPmScope {
  const scope: DesiredPmScope = { integration: integrationRefOfKey(key), path };
  if (s.methodology !== undefined) scope.methodology = s.methodology;
  for (const k of ['boards', 'epics'] as const) {
    const list = s[k];
    if (list) scope[k] = order.sort([...path, k], list.map(entity), entityKey);
  }
  if (s.labels) scope.labels = order.sort([...path, 'labels'], s.labels, (l) => l);
  if (s.fields) {
    const built = s.fields.map((f, i): DesiredField => {
      const value = order.sort([...path, 'fields', i, 'value'], f.value, (x) => x);
      return { field: f.id !== undefined ? { id: f.id } : { name: f.name }, value };
    });
    scope.fields = order.sort([...path, 'fields'], built, (f) => entityKey(f.field));
  }
  if (s.project_team_areas) {
    const built = s.project_team_areas.map((p, i): DesiredProjectTeamAreas => {
      const areas = order.sort([...path, 'project_team_areas', i, 'areas'], p.areas.map(entity), entityKey);
      return { project: entity(p.project), team: entity(p.team), areas };
    });
    scope.project_team_areas = order.sort([...path, 'project_team_areas'], built, (p) => `${entityKey(p.project)}\u0000${entityKey(p.team)}`);
  }
  return scope;
}

function gitScope(g: GitScopeDocument, path: ConfigPath, order: ListOrder): DesiredGitScope {
  const repos = (g.repositories ?? []).map((v): RepoRef => (typeof v === 'number' ? { id: v } : { name: v }));
  return {
    repositories: order.sort([...path, 'repositories'], repos, repoKey),
    services: order.sort([...path, 'services'], g.services ?? [], (n) => String(n).padStart(20, '0')),
    path,
  };
}

/** A written mapping's entries (none when the mapping is not written). */
function entriesOf<V>(map: Record<string, V> | undefined): [string, V][] {
  return map ? Object.entries(map) : [];
}

/** Orders entries by key, by code unit (locale-independent). */
function byKey<V>([a]: [string, V], [b]: [string, V]): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
