// Builds the desired-state model (src/core/model.ts) from a config that passed every check.
// Identity lists (boards, repositories, services, ...) are sorted so that the same config always
// gives the same model; the order each list was written in is kept so the source map can point a
// model index back at the line it came from.

import type { OrgSettings, RepositorySettings } from '../contract/git-types.js';
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
  GoalDefinition,
  ReportDefinition,
  SafetyConfig,
  SourceLocation,
} from '../core/model.js';
import { isGlob } from '../core/repo-patterns.js';
import { isMap, placementAt, type Placements, type PlacedRoot, type PlainMap, type PlainValue } from './yaml/source.js';
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
function memberRef(v: PlainValue): MemberRef {
  return typeof v === 'number' ? { id: v } : { email: String(v) };
}
function memberKey(m: MemberRef): string {
  return 'id' in m ? `0${String(m.id).padStart(20, '0')}` : `1${m.email.toLowerCase()}`;
}

function entity(v: PlainValue): EntityName {
  return typeof v === 'string' ? { id: v } : { name: String((v as PlainMap).name) };
}

/** Settings and thresholds pass through as parsed: the schema has fixed their shape. */
function plain<T>(v: PlainValue): T {
  return v as T;
}

function mapAt(parent: PlainMap | undefined, key: string): PlainMap | undefined {
  const v = parent?.[key];
  return isMap(v) ? v : undefined;
}
function listAt(parent: PlainMap, key: string): PlainValue[] | undefined {
  const v = parent[key];
  return Array.isArray(v) ? v : undefined;
}

export function buildModel(root: PlacedRoot, store: Placements, files: string[]): DesiredConfig {
  return modelOf(root.value as PlainMap, files, (written) => {
    const { placement } = placementAt(store, root, written);
    return placement.source.locate(placement.value);
  });
}

/**
 * The model of a config document that passed every check; `locate` says where a path of the
 * document (indices as written) was written, when the document came from files.
 */
export function modelOf(doc: PlainMap, files: string[], locate?: (written: (string | number)[]) => SourceLocation | undefined): DesiredConfig {
  const order = new ListOrder();

  const integrations: IntegrationAlias[] = Object.keys(mapAt(doc, 'integrations') ?? {})
    .sort()
    .map((alias) => {
      const a = (doc.integrations as PlainMap)[alias] as PlainMap;
      const out: IntegrationAlias = { alias };
      if (typeof a.id === 'number') out.id = a.id;
      if (typeof a.name === 'string') out.name = a.name;
      if (typeof a.provider === 'string') out.provider = a.provider as IntegrationAlias['provider'];
      return out;
    });

  const collection: DesiredSelection[] = [];
  const collectionMap = mapAt(doc, 'collection') ?? {};
  for (const key of Object.keys(collectionMap).sort()) {
    const sel = collectionMap[key] as PlainMap;
    for (const entityType of ['boards', 'projects'] as const) {
      const list = listAt(sel, entityType);
      if (!list) continue;
      const path = ['collection', key, entityType];
      collection.push({ integration: integrationRefOfKey(key), entityType, entities: order.sort(path, list.map(entity), entityKey), path });
    }
  }

  const teams: DesiredTeam[] = [];
  const teamMap = mapAt(doc, 'teams') ?? {};
  // Id keys in id order, then name keys in the order written (a directory config: files by name).
  const teamKeys = Object.keys(teamMap);
  const idKeys = teamKeys.filter((k) => DIGITS.test(k)).sort((a, b) => Number(a) - Number(b));
  for (const key of [...idKeys, ...teamKeys.filter((k) => !DIGITS.test(k))]) {
    const t = teamMap[key] as PlainMap;
    const path = ['teams', key];
    const byId = DIGITS.test(key);
    const team: DesiredTeam = { key: byId ? { id: Number(key) } : { name: key }, pm: [], path };
    if (byId) team.id = Number(key);
    else if (typeof t.id === 'number') team.id = t.id;
    if (!byId) team.name = key;
    else if (typeof t.name === 'string') team.name = t.name;
    if (t.parent === null) team.parent = null;
    else if (typeof t.parent === 'number') team.parent = { id: t.parent };
    else if (typeof t.parent === 'string') team.parent = { name: t.parent };
    if (typeof t.initials === 'string') team.initials = t.initials;
    if (typeof t.color === 'string') team.color = t.color;
    const members = listAt(t, 'members');
    if (members) team.members = order.sort([...path, 'members'], members.map(memberRef), memberKey);
    const pm = mapAt(t, 'pm') ?? {};
    for (const key of Object.keys(pm).sort()) team.pm.push(pmScope(key, pm[key] as PlainMap, [...path, 'pm', key], order));
    const git = mapAt(t, 'git');
    if (git) team.git = gitScope(git, [...path, 'git'], order);
    teams.push(team);
  }

  const gitMap = mapAt(doc, 'git');
  const defaults = plain<OrgSettings>(mapAt(gitMap, 'defaults') ?? null) ?? {};
  const monitoringMap = mapAt(gitMap, 'monitoring');
  const repositories: DesiredRepository[] = [];
  const rules: DesiredRule[] = [];
  const repoMap = mapAt(gitMap, 'repositories') ?? {};
  // Keys in the order written (files in merge order): the last matching rule wins. Glob keys are
  // never integer-like, so the object keeps their insertion order.
  for (const key of Object.keys(repoMap)) {
    const r = repoMap[key] as PlainMap;
    if (isGlob(key)) {
      const rule: DesiredRule = { pattern: rulePattern(key), settings: plain<RepositorySettings>(r.settings ?? null) ?? {}, path: ['git', 'repositories', key] };
      if (r.integration !== undefined && r.integration !== null) rule.integration = r.integration as IntegrationRef;
      rules.push(rule);
      continue;
    }
    let ref: RepoRef;
    if (isRepositoryIdKey(key)) ref = { id: Number(key) };
    else {
      ref = { name: key };
      if (r.integration !== undefined && r.integration !== null) ref.integration = r.integration as IntegrationRef;
    }
    const repo: DesiredRepository = { ref, path: ['git', 'repositories', key] };
    if (typeof r.monitored === 'boolean') repo.monitored = r.monitored;
    if (isMap(r.settings)) repo.settings = plain<RepositorySettings>(r.settings);
    repositories.push(repo);
  }
  repositories.sort((a, b) => (repoKey(a.ref) < repoKey(b.ref) ? -1 : repoKey(a.ref) > repoKey(b.ref) ? 1 : 0));

  const safetyMap = mapAt(doc, 'safety');
  const safety: SafetyConfig = {
    thresholds: plain<SafetyConfig['thresholds']>(mapAt(safetyMap, 'thresholds') ?? null) ?? {},
    protected: (safetyMap ? listAt(safetyMap, 'protected') ?? [] : []).map(String),
  };
  const driftMap = mapAt(doc, 'drift');
  const ignore: DriftIgnoreRule[] = (driftMap ? listAt(driftMap, 'ignore') ?? [] : []).map((v) => {
    const m = v as PlainMap;
    const rule: DriftIgnoreRule = { address: String(m.address), reason: String(m.reason) };
    if (typeof m.until === 'string') rule.until = m.until;
    return rule;
  });

  const reportMap = mapAt(doc, 'reports') ?? {};
  const reports: DesiredReport[] = Object.keys(reportMap).map((name) => ({
    name,
    definition: plain<ReportDefinition>(reportMap[name] ?? null),
    path: ['reports', name],
  }));

  const goalMap = mapAt(doc, 'goals') ?? {};
  const goals: DesiredGoal[] = Object.keys(goalMap).map((name) => ({
    name,
    definition: plain<GoalDefinition>(goalMap[name] ?? null),
    path: ['goals', name],
  }));

  const ownershipTeams = mapAt(doc, 'ownership')?.teams;
  const config: DesiredConfig = {
    version: 1,
    files,
    integrations,
    collection,
    teams,
    ...(ownershipTeams === 'exact' || ownershipTeams === 'listed' ? { ownership: { teams: ownershipTeams } } : {}),
    git: rules.length > 0 ? { defaults, repositories, rules } : { defaults, repositories },
    safety,
    drift: { ignore },
    reports,
    goals,
    sourceMap: { locate: (path: ConfigPath) => locate?.(writtenPath(path, doc, order)) },
  };
  if (monitoringMap) {
    const ids = (list: PlainValue[] | undefined) => (list ?? []).map((v) => v as string | number);
    const path = ['git', 'monitoring'];
    config.git.monitoring = {
      include: order.sort([...path, 'include'], ids(listAt(monitoringMap, 'include')), globKey),
      exclude: order.sort([...path, 'exclude'], ids(listAt(monitoringMap, 'exclude')), globKey),
      path,
    };
  }
  return config;
}

function globKey(v: string | number): string {
  return typeof v === 'number' ? `0${String(v).padStart(20, '0')}` : `1${v}`;
}

/** Maps a model path (sorted list indices) to the written path (indices as written). */
function writtenPath(path: ConfigPath, rootValue: PlainValue, order: ListOrder): (string | number)[] {
  const out: (string | number)[] = [];
  let node: PlainValue | undefined = rootValue;
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

function pmScope(key: string, s: PlainMap, path: ConfigPath, order: ListOrder): DesiredPmScope {
  const scope: DesiredPmScope = { integration: integrationRefOfKey(key), path };
  if (s.methodology === 'Scrum' || s.methodology === 'Kanban') scope.methodology = s.methodology;
  for (const k of ['boards', 'epics'] as const) {
    const list = listAt(s, k);
    if (list) scope[k] = order.sort([...path, k], list.map(entity), entityKey);
  }
  const labels = listAt(s, 'labels');
  if (labels) scope.labels = order.sort([...path, 'labels'], labels.map(String), (l) => l);
  const fields = listAt(s, 'fields');
  if (fields) {
    const built = fields.map((f, i): DesiredField => {
      const m = f as PlainMap;
      const value = order.sort([...path, 'fields', i, 'value'], (listAt(m, 'value') ?? []).map(String), (x) => x);
      return { field: typeof m.id === 'string' ? { id: m.id } : { name: String(m.name) }, value };
    });
    scope.fields = order.sort([...path, 'fields'], built, (f) => entityKey(f.field));
  }
  const ptas = listAt(s, 'project_team_areas');
  if (ptas) {
    const built = ptas.map((p, i): DesiredProjectTeamAreas => {
      const m = p as PlainMap;
      const areas = order.sort([...path, 'project_team_areas', i, 'areas'], (listAt(m, 'areas') ?? []).map(entity), entityKey);
      return { project: entity(m.project ?? null), team: entity(m.team ?? null), areas };
    });
    scope.project_team_areas = order.sort([...path, 'project_team_areas'], built, (p) => `${entityKey(p.project)}\u0000${entityKey(p.team)}`);
  }
  return scope;
}

function gitScope(g: PlainMap, path: ConfigPath, order: ListOrder): DesiredGitScope {
  const repos = (listAt(g, 'repositories') ?? []).map((v): RepoRef => (typeof v === 'number' ? { id: v } : { name: String(v) }));
  const services = (listAt(g, 'services') ?? []).map(Number);
  return {
    repositories: order.sort([...path, 'repositories'], repos, repoKey),
    services: order.sort([...path, 'services'], services, (n) => String(n).padStart(20, '0')),
    path,
  };
}
