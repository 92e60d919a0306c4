// Rules for one (team, PM integration) scope value as written (api-spec.md endpoint 5, rules 4-8):
// which keys a provider takes, element shapes, entities named twice, existence and reachability,
// and the tracker_b project/team/areas structure. Shared by the scope writes (scopes.ts) and the
// fixture checks (team_pm_scopes), so both refuse the same things with the same words.

import { PM_SCOPE_KEYS, SCOPE_KEYS, type EntityType, type PmProvider, type ScopeRejectionCode } from '../../contract/types.js';
import { isObject } from '../route/params.js';
import type { EmulatorState, StoredScope } from '../state/state.js';

export interface EntityFacts {
  reachable: boolean;
  parentProject?: string;
  teams?: readonly string[];
}

export type EntityLookup = (type: EntityType, id: string) => EntityFacts | undefined;

export type ScopeCheck =
  | { ok: true; scope: StoredScope }
  | { ok: false; code: Extract<ScopeRejectionCode, 'scope_key_not_writable' | 'invalid_scope' | 'entity_not_found'>; message: string };



class ScopeProblem extends Error {
  constructor(
    readonly code: 'invalid_scope' | 'entity_not_found',
    message: string,
  ) {
    super(message);
  }
}

function ref(v: unknown, what: string, extra: readonly string[] = ['name']): string {
  if (!isObject(v) || typeof v.entity_provider_id !== 'string' || v.entity_provider_id === '') {
    throw new ScopeProblem('invalid_scope', `${what}: expected an object with a non-empty entity_provider_id`);
  }
  for (const k of Object.keys(v)) {
    if (k !== 'entity_provider_id' && !extra.includes(k)) throw new ScopeProblem('invalid_scope', `${what}: unknown field "${k}"`);
  }
  return v.entity_provider_id;
}

function list(v: unknown, key: string): unknown[] {
  if (!Array.isArray(v)) throw new ScopeProblem('invalid_scope', `${key}: expected a list`);
  return v;
}

function noTwice(ids: readonly string[], what: string): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new ScopeProblem('invalid_scope', `${what} ${id} is named twice`);
    seen.add(id);
  }
}

function mustExist(lookup: EntityLookup, type: EntityType, id: string, what: string): EntityFacts {
  const facts = lookup(type, id);
  if (!facts) throw new ScopeProblem('entity_not_found', `${what} ${id} does not exist on this integration`);
  if (!facts.reachable) throw new ScopeProblem('entity_not_found', `${what} ${id} is not reachable at the provider`);
  return facts;
}

/**
 * Checks a written scope object for `provider`. Keys absent from the input are absent from the
 * result; a key sent as [] is present and empty (the caller decides what [] means for its mode).
 */
export function checkScope(provider: PmProvider, scope: unknown, lookup: EntityLookup): ScopeCheck {
  if (!isObject(scope)) return { ok: false, code: 'invalid_scope', message: 'scope must be an object' };
  const writable = SCOPE_KEYS[provider];
  for (const key of Object.keys(scope)) {
    if (!(writable as readonly string[]).includes(key)) {
      const known = (PM_SCOPE_KEYS as readonly string[]).includes(key);
      return {
        ok: false,
        code: 'scope_key_not_writable',
        message: `${known ? 'scope key' : 'unknown scope key'} "${key}" is not writable on ${provider} (keys: ${writable.join(', ')})`,
      };
    }
  }
  try {
    return { ok: true, scope: readScope(scope, lookup) };
  } catch (error) {
    if (error instanceof ScopeProblem) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

function readScope(scope: Record<string, unknown>, lookup: EntityLookup): StoredScope {
  const out: StoredScope = {};
  // Shapes first (invalid_scope), then existence (entity_not_found), then structure (invalid_scope).
  if (scope.boards !== undefined) out.boards = list(scope.boards, 'boards').map((b, i) => ref(b, `boards[${i}]`));
  if (scope.epics !== undefined) out.epics = list(scope.epics, 'epics').map((e, i) => ref(e, `epics[${i}]`, ['name', 'provider_key']));
  if (scope.labels !== undefined) {
    out.labels = list(scope.labels, 'labels').map((l, i) => {
      if (!isObject(l) || typeof l.name !== 'string' || l.name === '' || Object.keys(l).length !== 1) {
        throw new ScopeProblem('invalid_scope', `labels[${i}]: expected { name: <label id> }`);
      }
      return l.name;
    });
  }
  if (scope.fields !== undefined) {
    out.fields = list(scope.fields, 'fields').map((f, i) => {
      const id = ref(f, `fields[${i}]`, ['name', 'value']);
      const value = (f as Record<string, unknown>).value;
      if (!Array.isArray(value) || !value.every((x) => typeof x === 'string')) {
        throw new ScopeProblem('invalid_scope', `fields[${i}].value: expected a list of strings`);
      }
      return { id, value: [...(value as string[])] };
    });
  }
  if (scope.project_team_areas !== undefined) {
    out.project_team_areas = list(scope.project_team_areas, 'project_team_areas').map((p, i) => {
      const at = `project_team_areas[${i}]`;
      if (!isObject(p)) throw new ScopeProblem('invalid_scope', `${at}: expected { project, team, areas }`);
      for (const k of Object.keys(p)) {
        if (!['project', 'team', 'areas'].includes(k)) throw new ScopeProblem('invalid_scope', `${at}: unknown field "${k}"`);
      }
      const areas = list(p.areas, `${at}.areas`).map((a, j) => ref(a, `${at}.areas[${j}]`));
      if (areas.length === 0) throw new ScopeProblem('invalid_scope', `${at}: at least one area is required`);
      noTwice(areas, 'area');
      return { project: ref(p.project, `${at}.project`), team: ref(p.team, `${at}.team`), areas };
    });
  }
  noTwice(out.boards ?? [], 'board');
  noTwice(out.epics ?? [], 'epic');
  noTwice(out.labels ?? [], 'label');
  noTwice((out.fields ?? []).map((f) => f.id), 'field');
  noTwice((out.project_team_areas ?? []).map((p) => `${p.project}/${p.team}`), 'project/team');

  for (const id of out.boards ?? []) mustExist(lookup, 'boards', id, 'board');
  for (const id of out.epics ?? []) mustExist(lookup, 'epics', id, 'epic');
  for (const id of out.labels ?? []) mustExist(lookup, 'labels', id, 'label');
  for (const f of out.fields ?? []) mustExist(lookup, 'fields', f.id, 'field');
  for (const p of out.project_team_areas ?? []) {
    mustExist(lookup, 'projects', p.project, 'project');
    const team = mustExist(lookup, 'teams', p.team, 'team');
    if (team.parentProject !== p.project) {
      throw new ScopeProblem('invalid_scope', `team ${p.team} is not a team of project ${p.project}`);
    }
    for (const a of p.areas) {
      const area = mustExist(lookup, 'areas', a, 'area');
      if (!(area.teams ?? []).includes(p.team)) throw new ScopeProblem('invalid_scope', `area ${a} does not belong to team ${p.team}`);
    }
  }
  return out;
}

/** How many entities a written scope names (the 1000-per-call limit); tolerant of bad shapes. */
export function countScopeEntities(scope: unknown): number {
  if (!isObject(scope)) return 0;
  let n = 0;
  for (const value of Object.values(scope)) {
    if (!Array.isArray(value)) continue;
    for (const entry of value) {
      n += 1;
      if (isObject(entry) && 'project' in entry) n += 1 + (Array.isArray(entry.areas) ? entry.areas.length : 0);
    }
  }
  return n;
}

/** True when a stored scope has no entries under any key (the team is unscoped there). */
export function isEmptyScope(scope: StoredScope): boolean {
  return Object.values(scope).every((v) => !Array.isArray(v) || v.length === 0);
}

/** What the scope rules need to know of an integration's entities, read from the state. */
export function entityLookup(state: EmulatorState, integrationId: number): EntityLookup {
  return (type, id) => {
    const e = state.entities.get(integrationId)?.get(type)?.get(id);
    return e && { reachable: e.reachable, parentProject: e.parentProject, teams: e.teams };
  };
}

/** Keys holding [] carry no meaning once stored: an empty key equals an absent one. */
export function dropEmptyKeys(scope: StoredScope): StoredScope {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(scope)) if (Array.isArray(v) && v.length > 0) out[k] = v;
  return out as StoredScope;
}
