// The team kind's diff (DESIGN 14): the config's teams against the team list, into changes
// (create, the properties of a listed team, delete under exact ownership) with what the calls
// need to order them (creation level, move order, children before parents), and the refusals
// the plan can predict (an unknown or pinned id, an unknown parent, a cycle, a name taken).

import type { ListedTeam } from '../../../contract/list-types.js';
import type { TeamPmScopeResponse } from '../../../contract/types.js';
import type { TeamGitScopeResponse } from '../../../contract/git-types.js';
import { SERVICE_TEAM_NAMES } from '../../../contract/list-types.js';
import { teamNameKey } from '../../../contract/team-rules.js';
import { teamAddress } from '../shared/addresses.js';
import { TEAM_PROPERTIES } from './address.js';
import type { ConfigPath, DesiredTeam } from '../../model.js';
import type { KindSink } from '../kind.js';
import { append, plural } from '../../ops-common.js';
import type { Change } from '../../plan-model.js';
import { didYouMean } from '../../resolve.js';
import { isNewTeamId, liveParent, type TeamDirectory } from '../shared/team-directory.js';
import type { TeamBody, TeamTarget } from './target.js';

/** The final tree: every team's parent after the plan (null at the top). */
type Parents = Map<number, number | null>;

interface Resolved {
  team: DesiredTeam & { id: number };
  listed?: ListedTeam;
  /** The parent after the plan, when the config manages it. */
  parent?: number | null;
}

/** The scopes read of teams the plan deletes (what goes with them); absent when not read. */
export interface DeletedScopes {
  pm: ReadonlyMap<number, TeamPmScopeResponse | 'not_found'>;
  git: ReadonlyMap<number, TeamGitScopeResponse | 'not_found'>;
}

/**
 * The team changes of a plan. `dir` is the team list read; `config` has its team ids resolved
 * (team-directory.ts: placeholders below 0 for the teams to create).
 */
export function diffTeams(sink: KindSink<TeamTarget>, dir: TeamDirectory, scopes?: DeletedScopes): void {
  const config = sink.config;
  const teams = config.teams.filter((t): t is DesiredTeam & { id: number } => t.id !== undefined);
  // The names this file gives teams (a name key, or `name:`), for parents named by name.
  const byConfigName = new Map<string, number>();
  for (const t of teams) if (t.name !== undefined) byConfigName.set(teamNameKey(t.name), t.id);
  const resolved: Resolved[] = [];
  for (const team of teams) {
    const listed = dir.byId.get(team.id);
    const address = teamAddress(team.key);
    if (!isNewTeamId(team.id) && listed === undefined) {
      if (managesTeam(team) || ('name' in team.key && team.id !== undefined)) sink.error(`team ${team.id} does not exist: the service does not list it`, team.path, address);
      continue;
    }
    const entry: Resolved = listed === undefined ? { team } : { team, listed };
    if (team.parent !== undefined) {
      const parent = parentId(sink, dir, byConfigName, team);
      if (parent === undefined) continue;
      entry.parent = parent;
    }
    resolved.push(entry);
  }
  const parents = finalParents(dir, resolved);
  if (cycles(sink, dir, parents, resolved)) return;

  const nameNow = new Map<number, string>();
  for (const t of dir.own) nameNow.set(t.id, t.name);
  for (const { team } of resolved) if (isNewTeamId(team.id) && team.name !== undefined) nameNow.set(team.id, team.name);
  const parentName = (id: number | null): string | null => (id === null ? null : (nameNow.get(id) ?? String(id)));

  if (namesTaken(sink, dir, resolved)) return;
  creates(sink, resolved, parents, parentName);
  const levels = Math.max(0, ...resolved.filter((r) => isNewTeamId(r.team.id)).map((r) => levelOf(r.team.id, parents) + 1));
  updates(sink, dir, resolved, parents, nameNow, levels);
  deletes(sink, dir, teams, parentName, scopes);
}

function managesTeam(t: DesiredTeam): boolean {
  return TEAM_PROPERTIES.some((p) => t[p] !== undefined) || t.members !== undefined;
}

/** The parent the config writes, as an id (a placeholder for one the plan creates), null for the top; undefined after reporting why it is unknown. */
function parentId(sink: KindSink<TeamTarget>, dir: TeamDirectory, byConfigName: Map<string, number>, team: DesiredTeam): number | null | undefined {
  const ref = team.parent;
  if (ref === undefined || ref === null) return null;
  const path = [...team.path, 'parent'];
  const address = `${teamAddress(team.key)}.parent`;
  if ('id' in ref) {
    if (ref.id === dir.allTeams) return null;
    if (ref.id === dir.allContributors) {
      sink.error(`a team cannot be a child of ${SERVICE_TEAM_NAMES.allContributors}`, path, address);
      return undefined;
    }
    if (dir.byId.has(ref.id)) return ref.id;
    sink.error(`unknown parent team ${ref.id}: the service does not list it`, path, address);
    return undefined;
  }
  const key = teamNameKey(ref.name);
  const own = byConfigName.get(key);
  if (own !== undefined) return own;
  const listed = dir.byName.get(key);
  if (listed !== undefined) {
    if (listed.id === dir.allTeams) return null;
    if (listed.id === dir.allContributors) {
      sink.error(`a team cannot be a child of ${SERVICE_TEAM_NAMES.allContributors}`, path, address);
      return undefined;
    }
    return listed.id;
  }
  const names = [...sink.config.teams.flatMap((t) => (t.name === undefined ? [] : [t.name])), ...dir.own.map((t) => t.name)];
  const close = didYouMean(ref.name, names);
  sink.error(`unknown parent team "${ref.name}": neither this config nor the service has a team of that name${close === undefined ? '' : `; did you mean "${close}"?`}`, path, address);
  return undefined;
}

function finalParents(dir: TeamDirectory, resolved: readonly Resolved[]): Parents {
  const parents: Parents = new Map();
  for (const t of dir.own) parents.set(t.id, liveParent(dir, t));
  for (const r of resolved) {
    if (r.parent !== undefined) parents.set(r.team.id, r.parent);
    else if (isNewTeamId(r.team.id)) parents.set(r.team.id, null);
  }
  return parents;
}

/** Reports each cycle of the final tree once, at a config team that closes it; true when there is one. */
function cycles(sink: KindSink<TeamTarget>, dir: TeamDirectory, parents: Parents, resolved: readonly Resolved[]): boolean {
  const state = new Map<number, 1 | 2>();
  const byId = new Map(resolved.map((r) => [r.team.id, r.team] as const));
  let found = false;
  for (const start of parents.keys()) {
    const chain: number[] = [];
    let at: number | null | undefined = start;
    while (at !== null && at !== undefined && state.get(at) === undefined) {
      state.set(at, 1);
      chain.push(at);
      at = parents.get(at);
    }
    if (at !== null && at !== undefined && state.get(at) === 1) {
      const loop = chain.slice(chain.indexOf(at));
      const name = (id: number) => byId.get(id)?.name ?? dir.byId.get(id)?.name ?? String(id);
      const team = loop.map((id) => byId.get(id)).find((t) => t?.parent !== undefined) ?? byId.get(loop[0] as number);
      const path = team === undefined ? undefined : [...team.path, 'parent'];
      const address = team === undefined ? undefined : `${teamAddress(team.key)}.parent`;
      sink.error(`the parents make a cycle: ${[...loop, loop[0] as number].map(name).join(' → ')} (the service refuses it)`, path, address);
      found = true;
    }
    for (const id of chain) state.set(id, 2);
  }
  return found;
}

/**
 * A created or renamed team's name that another listed team holds: the service refuses a taken
 * name (409). Where that team gives the name up in the same plan (renamed or deleted) the order of
 * the calls cannot make both work at once, so that is refused too: one apply renames, the next
 * creates or renames into the name. True when any name is taken.
 */
function namesTaken(sink: KindSink<TeamTarget>, dir: TeamDirectory, resolved: readonly Resolved[]): boolean {
  const changing = new Set(resolved.filter((r) => r.listed !== undefined && r.team.name !== undefined && r.team.name !== r.listed.name).map((r) => r.team.id));
  let taken = false;
  for (const { team, listed } of resolved) {
    const name = team.name;
    if (name === undefined || (listed !== undefined && teamNameKey(listed.name) === teamNameKey(name))) continue;
    const holder = dir.byName.get(teamNameKey(name));
    if (holder === undefined || holder.id === team.id) continue;
    const why = changing.has(holder.id)
      ? `team ${holder.id} ("${holder.name}") gives that name up in this same plan, and the service refuses a taken name whatever the order: rename it in one apply and take the name in the next`
      : `team ${holder.id} already has that name (names compare case-insensitively)`;
    sink.error(`${teamAddress(team.key)} cannot be named "${name}": ${why}`, 'id' in team.key ? [...team.path, 'name'] : team.path, teamAddress(team.key));
    taken = true;
  }
  return taken;
}

function levelOf(id: number, parents: Parents): number {
  let level = 0;
  for (let at = parents.get(id); at !== null && at !== undefined && isNewTeamId(at); at = parents.get(at)) level += 1;
  return level;
}

function creates(sink: KindSink<TeamTarget>, resolved: readonly Resolved[], parents: Parents, parentName: (id: number | null) => string | null): void {
  for (const { team } of resolved) {
    if (!isNewTeamId(team.id)) continue;
    const name = team.name ?? '';
    const parent = parents.get(team.id) ?? null;
    const body: TeamBody = { name, ...(parent === null ? {} : { parent_team: parentName(parent) }) };
    if (team.initials !== undefined) body.initials = team.initials;
    if (team.color !== undefined) body.color = team.color;
    const after = { name, parent: parentName(parent), ...(team.initials === undefined ? {} : { initials: team.initials }), ...(team.color === undefined ? {} : { color: team.color }) };
    sink.add(
      { address: teamAddress(team.key), kind: 'team', action: 'add', before: null, after, impacts: ['creates-team'] },
      { kind: 'team', id: team.id, action: 'create', name, body, step: levelOf(team.id, parents) },
      team.path,
    );
  }
}

/**
 * The property changes of listed teams, one PATCH per team. Renames and colours go first, side by
 * side; then the moves, one at a time in an order where each new parent is outside the moved
 * team's subtree at that moment (one always is when the final tree has no cycle), so that no
 * moment of the apply holds a cycle. A parent is sent by its name at the time of the call.
 */
function updates(sink: KindSink<TeamTarget>, dir: TeamDirectory, resolved: readonly Resolved[], finalTree: Parents, nameNow: Map<number, string>, first: number): void {
  const moves: Resolved[] = [];
  const pending: { r: Resolved; body: TeamBody; changes: [Change, ConfigPath][] }[] = [];
  const configNames = new Map<number, string>();
  for (const r of resolved) if (r.team.name !== undefined) configNames.set(r.team.id, r.team.name);
  for (const r of resolved) {
    const { team, listed } = r;
    if (listed === undefined) continue;
    const address = teamAddress(team.key);
    const body: TeamBody = {};
    const changes: [Change, ConfigPath][] = [];
    const property = (key: 'name' | 'parent' | 'initials' | 'color', before: unknown, after: unknown, impacts: Change['impacts'] = []): void => {
      changes.push([{ address: `${address}.${key}`, kind: 'team', action: before === null ? 'add' : 'update', before, after, impacts }, [...team.path, key]]);
    };
    if (team.name !== undefined && team.name !== listed.name) {
      body.name = team.name;
      property('name', listed.name, team.name);
    }
    if (team.initials !== undefined && team.initials !== (listed.initials ?? null)) {
      body.initials = team.initials;
      property('initials', listed.initials ?? null, team.initials);
    }
    if (team.color !== undefined && team.color.toLowerCase() !== (listed.color ?? '').toLowerCase()) {
      body.color = team.color;
      property('color', listed.color ?? null, team.color);
    }
    const moved = r.parent !== undefined && r.parent !== liveParent(dir, listed);
    if (moved) {
      moves.push(r);
      const name = (id: number | null) => (id === null ? null : (configNames.get(id) ?? dir.byId.get(id)?.name ?? String(id)));
      changes.push([
        { address: `${address}.parent`, kind: 'team', action: 'update', before: name(liveParent(dir, listed)), after: name(r.parent ?? null), impacts: ['changes-team-metrics'] },
        [...team.path, 'parent'],
      ]);
    }
    if (changes.length > 0) pending.push({ r, body, changes });
  }
  // Renames first (the moves name parents by their names after them), then the moves in a safe order.
  const order = moveOrder(dir, moves, finalTree);
  const stepOf = new Map<number, number>();
  order.forEach((r, i) => stepOf.set(r.team.id, first + 1 + i));
  for (const p of pending) if (!stepOf.has(p.r.team.id) && p.body.name !== undefined) nameNow.set(p.r.team.id, p.body.name);
  const byStep = [...pending].sort((a, b) => (stepOf.get(a.r.team.id) ?? first) - (stepOf.get(b.r.team.id) ?? first));
  for (const p of byStep) {
    const step = stepOf.get(p.r.team.id) ?? first;
    if (stepOf.has(p.r.team.id)) {
      const parent = p.r.parent ?? null;
      p.body.parent_team = parent === null ? null : (nameNow.get(parent) ?? String(parent));
      if (p.body.name !== undefined) nameNow.set(p.r.team.id, p.body.name);
    }
    const target: TeamTarget = { kind: 'team', id: p.r.team.id, action: 'update', name: p.r.team.name ?? p.r.listed?.name ?? '', body: p.body, step };
    for (const [change, path] of p.changes) sink.add(change, target, path);
  }
}

/** The moves in an order where no moment holds a cycle: each move's new parent is outside the moved team's subtree then. */
function moveOrder(dir: TeamDirectory, moves: readonly Resolved[], finalTree: Parents): Resolved[] {
  const now: Parents = new Map();
  for (const t of dir.own) now.set(t.id, liveParent(dir, t));
  for (const [id, parent] of finalTree) if (isNewTeamId(id)) now.set(id, parent);
  const within = (candidate: number | null, team: number): boolean => {
    const seen = new Set<number>();
    for (let at = candidate; at !== null && at !== undefined && !seen.has(at); at = now.get(at) ?? null) {
      if (at === team) return true;
      seen.add(at);
    }
    return false;
  };
  // Passes over the moves left, each taking every move that is safe at its turn; a pass that takes
  // none happens only when the final tree has a cycle (refused before this), and then takes one.
  let left = [...moves];
  const order: Resolved[] = [];
  while (left.length > 0) {
    const later: Resolved[] = [];
    for (const r of left) {
      if (within(r.parent ?? null, r.team.id)) later.push(r);
      else {
        now.set(r.team.id, r.parent ?? null);
        order.push(r);
      }
    }
    if (later.length === left.length) {
      const first = later.shift() as Resolved;
      now.set(first.team.id, first.parent ?? null);
      order.push(first);
    }
    left = later;
  }
  return order;
}

/** Under exact ownership, every listed team the config does not write, children first, with what goes with it. */
function deletes(
  sink: KindSink<TeamTarget>,
  dir: TeamDirectory,
  teams: readonly (DesiredTeam & { id: number })[],
  parentName: (id: number | null) => string | null,
  scopes: DeletedScopes | undefined,
): void {
  sink.count('team_deletion', dir.own.length);
  if (sink.config.ownership?.teams !== 'exact') return;
  const kept = new Set(teams.map((t) => t.id));
  const depth = (team: ListedTeam): number => {
    let d = 0;
    const seen = new Set<number>();
    for (let at = liveParent(dir, team); at !== null && !seen.has(at); d++) {
      seen.add(at);
      const parent = dir.byId.get(at);
      at = parent === undefined ? null : liveParent(dir, parent);
    }
    return d;
  };
  const gone = dir.own.filter((t) => !kept.has(t.id)).map((t) => ({ t, depth: depth(t) }));
  const deepest = Math.max(0, ...gone.map((g) => g.depth));
  const goneIds = new Set(gone.map((g) => g.t.id));
  const children = new Map<number, number[]>();
  for (const { t } of gone) {
    const parent = liveParent(dir, t);
    if (parent !== null && goneIds.has(parent)) append(children, parent, t.id);
  }
  for (const { t, depth: d } of gone.sort((a, b) => b.depth - a.depth || a.t.id - b.t.id)) {
    const members = t.contributors.map((c) => (c.email === '' ? c.id : c.email));
    const goes = scopeEntries(scopes?.pm.get(t.id), scopes?.git.get(t.id));
    const before = { id: t.id, name: t.name, parent: parentName(liveParent(dir, t)), members, ...goes.value };
    sink.add(
      {
        address: teamAddress({ name: t.name }),
        kind: 'team',
        action: 'remove',
        before,
        after: null,
        impacts: ['deletes-team'],
        destructive: 'team_deletion',
        label: `with ${plural(members.length, 'member')}${goes.label}`,
      },
      { kind: 'team', id: t.id, action: 'delete', name: t.name, step: deepest - d, ...(children.has(t.id) ? { children: children.get(t.id) } : {}) },
    );
  }
}

/** What a deleted team's scopes hold, by integration name and key, and a few words on it. */
function scopeEntries(pm: TeamPmScopeResponse | 'not_found' | undefined, git: TeamGitScopeResponse | 'not_found' | undefined): { value: Record<string, unknown>; label: string } {
  if (pm === undefined && git === undefined) return { value: {}, label: ', its PM and Git scopes' };
  const value: Record<string, unknown> = {};
  let pmEntries = 0;
  if (pm !== undefined && pm !== 'not_found') {
    const byIntegration: Record<string, Record<string, string[]>> = {};
    for (const item of pm.items) {
      const keys: Record<string, string[]> = {};
      for (const [key, list] of Object.entries(item.scope ?? {}) as [string, unknown[]][]) {
        const ids = list.map(entryId);
        if (ids.length > 0) keys[key] = ids;
        pmEntries += ids.length;
      }
      if (Object.keys(keys).length > 0) byIntegration[item.integration_name] = keys;
    }
    if (Object.keys(byIntegration).length > 0) value.pm = byIntegration;
  }
  let gitEntries = 0;
  if (git !== undefined && git !== 'not_found') {
    const repositories = git.repositories.map((r) => r.name);
    const services = git.services.map((s) => s.name);
    gitEntries = repositories.length + services.length;
    if (gitEntries > 0) value.git = { ...(repositories.length > 0 ? { repositories } : {}), ...(services.length > 0 ? { services } : {}) };
  }
  return { value, label: `, ${plural(pmEntries, 'PM scope entry', 'PM scope entries')} and ${plural(gitEntries, 'Git scope entry', 'Git scope entries')}` };
}

/** A scope entry as its id: an entity's entity_provider_id, a label's name, a project/team pair. */
function entryId(entry: unknown): string {
  const e = entry as { entity_provider_id?: string; name?: string; project?: { entity_provider_id: string }; team?: { entity_provider_id: string } };
  if (e.project !== undefined && e.team !== undefined) return `${e.project.entity_provider_id}/${e.team.entity_provider_id}`;
  return e.entity_provider_id ?? e.name ?? JSON.stringify(entry);
}
