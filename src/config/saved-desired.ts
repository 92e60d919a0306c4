// The desired state a saved plan holds (the model the plan was made from, without its source map)
// checked as a config is: written back as the config document it stands for, validated by the
// config schema (schemas/emctl.schema.json), and built into the model again. A hand-edited or
// foreign plan file fails here, naming each bad key, instead of deep inside the planner.

import { PM_SCOPE_KEYS } from '../contract/types.js';
import type { DesiredConfig } from '../core/model.js';
import { modelOf } from './build-model.js';
import { isConfigDocument, schemaProblems } from './schema-check.js';
import type { PlainMap, PlainValue } from './yaml/source.js';

/** The saved desired state as a model, or every problem with it (`desired.teams.42: ...`). */
export function savedDesired(saved: unknown): { config: DesiredConfig } | { problems: string[] } {
  if (!isMap(saved)) return { problems: ['desired: expected a mapping'] };
  const files = saved.files;
  const fileList = Array.isArray(files) && files.every((f) => typeof f === 'string') ? (files as string[]) : undefined;
  const doc = configDocument(saved);
  const problems = schemaProblems(doc).map((p) => `desired${p.path.map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`)).join('')}: ${p.message}`);
  if (fileList === undefined) problems.unshift('desired.files: expected a list of file names');
  if (problems.length > 0 || fileList === undefined || !isConfigDocument(doc, problems)) return { problems };
  return { config: modelOf(doc, fileList) };
}

// The model back to the document (config/build-model.ts read the other way). Anything not shaped
// as the model is passed on as it is, for the schema to name.

function configDocument(m: PlainMap): PlainMap {
  const doc: PlainMap = { version: m.version ?? null };
  const put = (key: string, value: PlainValue | undefined): void => {
    if (value !== undefined && !isEmpty(value)) doc[key] = value;
  };
  put('integrations', byKey(m.integrations, (a) => [String(a.alias), without(a, ['alias'])]));
  put('collection', collectionOf(m.collection));
  put('teams', byKey(m.teams, (t) => [teamKey(t), teamOf(t)]));
  put('ownership', m.ownership);
  put('git', gitOf(m.git));
  put('safety', isMap(m.safety) ? dropEmpty({ thresholds: m.safety.thresholds, protected: m.safety.protected }) : m.safety);
  put('drift', isMap(m.drift) ? dropEmpty({ ignore: m.drift.ignore }) : m.drift);
  return doc;
}

function collectionOf(value: PlainValue | undefined): PlainValue | undefined {
  if (!Array.isArray(value)) return value;
  const out: PlainMap = {};
  for (const s of value) {
    if (!isMap(s) || typeof s.entityType !== 'string') return value;
    const key = String(s.integration);
    out[key] = { ...(isMap(out[key]) ? out[key] : {}), [s.entityType]: entities(s.entities) ?? null };
  }
  return out;
}

/** A team's key as written: its id, or its name. */
function teamKey(t: PlainMap): string {
  const key = isMap(t.key) ? t.key : {};
  return key.id !== undefined ? String(key.id) : key.name !== undefined ? String(key.name) : String(t.id);
}

function teamOf(t: PlainMap): PlainValue {
  const pm = byKey(t.pm, (s) => [String(s.integration), pmScopeOf(s)]);
  // A Git scope written empty (`git: {}`) is managed: it stays, empty.
  const git = isMap(t.git) ? dropEmpty({ repositories: refs(t.git.repositories), services: t.git.services }) : t.git;
  const byName = isMap(t.key) && t.key.name !== undefined;
  const parent = isMap(t.parent) ? (t.parent.id ?? t.parent.name) : t.parent;
  const members = Array.isArray(t.members) ? t.members.map((m) => (isMap(m) ? (m.id ?? m.email ?? m) : m)) : t.members;
  return dropEmpty({ ...(byName ? { id: t.id } : { name: t.name }), parent, initials: t.initials, color: t.color, members, pm, git }, ['git', 'members']);
}

function pmScopeOf(s: PlainMap): PlainValue {
  const fields = Array.isArray(s.fields) ? s.fields.map((f) => (isMap(f) ? { ...(isMap(f.field) ? f.field : { id: f.field ?? null }), value: f.value ?? null } : f)) : s.fields;
  const areas = Array.isArray(s.project_team_areas)
    ? s.project_team_areas.map((p) => (isMap(p) ? { project: entityValue(p.project ?? null), team: entityValue(p.team ?? null), areas: entities(p.areas) ?? null } : p))
    : s.project_team_areas;
  return dropEmpty({ methodology: s.methodology, boards: entities(s.boards), epics: entities(s.epics), labels: s.labels, fields, project_team_areas: areas }, KEPT_EMPTY);
}

function gitOf(g: PlainValue | undefined): PlainValue | undefined {
  if (!isMap(g)) return g;
  const monitoring = isMap(g.monitoring) ? { include: g.monitoring.include ?? null, exclude: g.monitoring.exclude ?? null } : g.monitoring;
  const repositories = byKey(g.repositories, (r) => {
    const ref = isMap(r.ref) ? r.ref : {};
    const key = ref.id !== undefined ? String(ref.id) : String(ref.name);
    return [key, dropEmpty({ integration: ref.integration, monitored: r.monitored, settings: r.settings }, ['settings'])];
  });
  // Rules after the literal keys, in their order (the last matching rule wins).
  const rules = byKey(g.rules, (r) => [String(r.pattern), dropEmpty({ integration: r.integration, settings: r.settings }, ['settings'])]);
  return dropEmpty({ defaults: g.defaults, monitoring, repositories: mergedMaps(repositories, rules) });
}

/** Two maps as one (the second's keys after the first's); anything not a map as it is, for the schema to name. */
function mergedMaps(a: PlainValue | undefined, b: PlainValue | undefined): PlainValue | undefined {
  if (b === undefined) return a;
  if (a === undefined) return b;
  return isMap(a) && isMap(b) ? { ...a, ...b } : a;
}

/** A PM scope's keys are managed when written, even empty (`boards: []` clears the key). */
const KEPT_EMPTY: readonly string[] = PM_SCOPE_KEYS;

/** A list of model entries as a map by the key each names; anything else as it is. */
function byKey(value: PlainValue | undefined, entry: (item: PlainMap) => [string, PlainValue]): PlainValue | undefined {
  if (!Array.isArray(value)) return value;
  if (!value.every(isMap)) return value;
  return Object.fromEntries(value.map((item) => entry(item as PlainMap)));
}

/** `{ id: "101" }` as the config writes it, "101"; `{ name: "Web" }` as it is. */
function entityValue(e: PlainValue): PlainValue {
  return isMap(e) && typeof e.id === 'string' && Object.keys(e).length === 1 ? e.id : e;
}

function entities(value: PlainValue | undefined): PlainValue | undefined {
  return Array.isArray(value) ? value.map(entityValue) : value;
}

/** Repository references of a team's Git scope: an id as a number, a name as a string. */
function refs(value: PlainValue | undefined): PlainValue | undefined {
  if (!Array.isArray(value)) return value;
  return value.map((r) => (isMap(r) && typeof r.id === 'number' ? r.id : isMap(r) && typeof r.name === 'string' ? r.name : r));
}

function without(map: PlainMap, keys: readonly string[]): PlainMap {
  return Object.fromEntries(Object.entries(map).filter(([k]) => !keys.includes(k)));
}

/** `map` without its undefined values, and without empty lists and maps unless `kept`. */
function dropEmpty(map: { [key: string]: PlainValue | undefined }, kept: readonly string[] = []): PlainMap {
  const out: PlainMap = {};
  for (const [k, v] of Object.entries(map)) if (v !== undefined && (kept.includes(k) || !isEmpty(v))) out[k] = v;
  return out;
}

function isEmpty(value: PlainValue): boolean {
  return (Array.isArray(value) && value.length === 0) || (isMap(value) && Object.keys(value).length === 0);
}

function isMap(value: unknown): value is PlainMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
