// One kind of object: a team itself (DESIGN 14). Its address (`team["Payments"]`, `team[42]`, and
// `.name`, `.parent`, `.initials`, `.color`), its diff against the team list into changes (create,
// the properties of a listed team, delete under exact ownership), the calls that carry them
// (created parents first, one call per depth level; one PATCH per changed team, ordered so that
// no moment holds a cycle; deletes children first, after everything else), its predicted refusals
// (an unknown or pinned id, an unknown parent, a cycle) and its impact labels.

import type { ListedTeam } from '../../contract/list-types.js';
import { SERVICE_TEAM_NAMES } from '../../contract/list-types.js';
import { teamNameKey } from '../../contract/team-rules.js';
import { teamAddress } from '../address.js';
import type { ConfigPath, DesiredConfig, DesiredTeam, DestructiveKind, TeamRef } from '../model.js';
import { operation, plural, type DraftOperation } from '../ops-common.js';
import type { Change } from '../plan-model.js';
import { didYouMean } from '../resolve.js';
import { isNewTeamId, liveParent, type TeamDirectory } from './team-directory.js';

/** The body of a team in the create call, or of one team's PATCH (only what changes). */
export interface TeamBody {
  name?: string;
  /** The parent's name at the time of the call; null = the top. */
  parent_team?: string | null;
  initials?: string;
  color?: string;
}

/** What a team change carries to the operation planner. */
export interface TeamTarget {
  kind: 'team';
  /** The team's id; below 0 for a team this plan creates. */
  id: number;
  action: 'create' | 'update' | 'delete';
  /** The team's name once the call is made (a delete: its name now). */
  name: string;
  /** create: the team as sent; update: the whole PATCH of the team (shared by its property changes). */
  body?: TeamBody;
  /** Order within the team calls: the creation level, the place in the move order, or children before parents. */
  step: number;
  /** A delete: the teams under it that this plan deletes too (they go first). */
  children?: number[];
}

/** What the planner's draft offers a kind: its config, messages, totals and the changes found. */
export interface KindSink<T> {
  readonly config: DesiredConfig;
  error(message: string, path?: ConfigPath, address?: string): void;
  warn(message: string, path?: ConfigPath, address?: string): void;
  count(kind: DestructiveKind, n: number): void;
  add(change: Change, target: T, path?: ConfigPath): void;
}

const CREATE = '/api/v2/teams';
const TEAM = '/api/v2/teams/{team_id}';

/** The final tree: every team's parent after the plan (null at the top). */
type Parents = Map<number, number | null>;

interface Resolved {
  team: DesiredTeam & { id: number };
  listed?: ListedTeam;
  /** The parent after the plan, when the config manages it. */
  parent?: number | null;
}

/**
 * The team changes of a plan. `dir` is the team list read; `config` has its team ids resolved
 * (team-directory.ts: placeholders below 0 for the teams to create).
 */
export function diffTeams(sink: KindSink<TeamTarget>, dir: TeamDirectory): void {
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
  if (cycles(sink, dir, parents, resolved, config)) return;

  const nameNow = new Map<number, string>();
  for (const t of dir.own) nameNow.set(t.id, t.name);
  for (const { team } of resolved) if (isNewTeamId(team.id) && team.name !== undefined) nameNow.set(team.id, team.name);
  const parentName = (id: number | null): string | null => (id === null ? null : (nameNow.get(id) ?? String(id)));

  creates(sink, resolved, parents, parentName);
  const levels = Math.max(0, ...resolved.filter((r) => isNewTeamId(r.team.id)).map((r) => levelOf(r.team.id, parents) + 1));
  updates(sink, dir, resolved, parents, nameNow, levels);
  deletes(sink, dir, teams, parentName);
}

function managesTeam(t: DesiredTeam): boolean {
  return t.name !== undefined || t.parent !== undefined || t.initials !== undefined || t.color !== undefined || t.members !== undefined;
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
function cycles(sink: KindSink<TeamTarget>, dir: TeamDirectory, parents: Parents, resolved: readonly Resolved[], config: DesiredConfig): boolean {
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
  void config;
  return found;
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
      const name = (id: number | null) => (id === null ? null : (sinkName(resolved, id) ?? dir.byId.get(id)?.name ?? String(id)));
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

function sinkName(resolved: readonly Resolved[], id: number): string | undefined {
  return resolved.find((r) => r.team.id === id)?.team.name;
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
  const left = [...moves];
  const order: Resolved[] = [];
  while (left.length > 0) {
    const i = left.findIndex((r) => !within(r.parent ?? null, r.team.id));
    // None is safe only when the final tree has a cycle, which is refused before this.
    const next = left.splice(i === -1 ? 0 : i, 1)[0] as Resolved;
    now.set(next.team.id, next.parent ?? null);
    order.push(next);
  }
  return order;
}

/** Under exact ownership, every listed team the config does not write, children first, with what goes with it. */
function deletes(sink: KindSink<TeamTarget>, dir: TeamDirectory, teams: readonly (DesiredTeam & { id: number })[], parentName: (id: number | null) => string | null): void {
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
    if (parent !== null && goneIds.has(parent)) children.set(parent, [...(children.get(parent) ?? []), t.id]);
  }
  for (const { t, depth: d } of gone.sort((a, b) => b.depth - a.depth || a.t.id - b.t.id)) {
    const members = t.contributors.map((c) => (c.email === '' ? c.id : c.email));
    const before = { id: t.id, name: t.name, parent: parentName(liveParent(dir, t)), members };
    sink.add(
      {
        address: teamAddress({ name: t.name }),
        kind: 'team',
        action: 'remove',
        before,
        after: null,
        impacts: ['deletes-team'],
        destructive: 'team_deletion',
        label: `with ${plural(members.length, 'member')}, its PM and Git scopes`,
      },
      { kind: 'team', id: t.id, action: 'delete', name: t.name, step: deepest - d, ...(children.has(t.id) ? { children: children.get(t.id) } : {}) },
    );
  }
}

/**
 * The calls of the team changes kept: creates by level, one PATCH per team, deletes children
 * first. The executor starts a call as soon as what it depends on is done, so the order is
 * written as dependencies: each creation level waits for the one before, the PATCHes for the
 * creations, each move for the step before it, and a delete for the deletes of its children or,
 * for a team with none, for every other call of the plan (`others`).
 */
export function planTeamOperations(changes: readonly { change: Change; target: TeamTarget }[], others: readonly DraftOperation[]): DraftOperation[] {
  const createLevels = new Map<number, { change: Change; target: TeamTarget }[]>();
  const patches = new Map<number, { change: Change; target: TeamTarget }[]>();
  for (const c of changes) {
    if (c.target.action === 'create') createLevels.set(c.target.step, [...(createLevels.get(c.target.step) ?? []), c]);
    else if (c.target.action === 'update') patches.set(c.target.id, [...(patches.get(c.target.id) ?? []), c]);
  }
  const teamOps: DraftOperation[] = [];
  for (const level of [...createLevels.keys()].sort((a, b) => a - b)) {
    const list = createLevels.get(level) ?? [];
    const op = operation('teams', `teams.create.${level + 1}`, 'POST', CREATE, CREATE, `create ${plural(list.length, 'team')}${level > 0 ? ` (level ${level + 1})` : ''}`, list.map((c) => c.target.body));
    op.step = level;
    op.addresses = list.map((c) => c.change.address);
    op.items = list.map((c) => ({ key: String(c.target.id), address: c.change.address }));
    teamOps.push(op);
  }
  const levels = createLevels.size === 0 ? 0 : Math.max(...createLevels.keys()) + 1;
  for (const [teamId, list] of patches) {
    const target = (list[0] as { target: TeamTarget }).target;
    const what = list.map((c) => c.change.address.slice(c.change.address.lastIndexOf('.') + 1)).join(', ');
    const op = operation('teams', `team.${teamId}`, 'PATCH', TEAM, `/api/v2/teams/${teamId}`, `update team "${target.name}" (${what})`, target.body);
    op.step = Math.max(levels, target.step);
    op.addresses = list.map((c) => c.change.address);
    teamOps.push(op);
  }
  // Each step of the team calls waits for the step before it.
  const steps = [...new Set(teamOps.map((op) => op.step ?? 0))].sort((a, b) => a - b);
  const atStep = (step: number) => teamOps.filter((op) => (op.step ?? 0) === step);
  for (let i = 1; i < steps.length; i++) for (const op of atStep(steps[i] as number)) op.dependsOn.push(...atStep(steps[i - 1] as number).map((o) => o.id));

  const deletes = changes.filter((c) => c.target.action === 'delete');
  const deleteOps = new Map<number, DraftOperation>();
  for (const c of deletes) {
    const op = operation('team-deletes', `team.${c.target.id}.delete`, 'DELETE', TEAM, `/api/v2/teams/${c.target.id}`, `delete team "${c.target.name}"`);
    op.step = c.target.step;
    op.addresses = [c.change.address];
    deleteOps.set(c.target.id, op);
  }
  const allOthers = [...others, ...teamOps].map((op) => op.id);
  for (const c of deletes) {
    const op = deleteOps.get(c.target.id) as DraftOperation;
    const children = (c.target.children ?? []).flatMap((id) => (deleteOps.has(id) ? [(deleteOps.get(id) as DraftOperation).id] : []));
    op.dependsOn.push(...(children.length > 0 ? children : allOthers));
  }
  return [...teamOps, ...deleteOps.values()];
}

const NEW_TEAM_IN_PATH = /\/teams\/(-\d+)(?=\/|$|\?)/;

/** The placeholders of teams created by this plan that a call names (its path, or a `team_id` of its body). */
export function newTeamsNamed(op: { path: string; body?: unknown }): number[] {
  const out = new Set<number>();
  const inPath = NEW_TEAM_IN_PATH.exec(op.path)?.[1];
  if (inPath !== undefined) out.add(Number(inPath));
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'team_id' && typeof x === 'number' && isNewTeamId(x)) out.add(x);
        else walk(x);
      }
    }
  };
  walk(op.body);
  return [...out];
}

/** Each call naming a team this plan creates waits for the call that creates it. */
export function waitForCreates(ops: DraftOperation[]): void {
  const creator = new Map<number, string>();
  for (const op of ops) if (op.route === `POST ${CREATE}`) for (const item of op.items ?? []) creator.set(Number(item.key), op.id);
  if (creator.size === 0) return;
  for (const op of ops) {
    if (op.route === `POST ${CREATE}`) continue;
    for (const id of newTeamsNamed(op)) {
      const by = creator.get(id);
      if (by !== undefined && !op.dependsOn.includes(by)) op.dependsOn.push(by);
    }
  }
}

/**
 * A call with the placeholders of created teams replaced by the ids their creation gave: in its
 * path, the `team_id`s of its body and the keys of its items (a scope write's answer names the
 * real ids). Unchanged when it names no created team.
 */
export function withCreatedTeamIds<T extends { path: string; body?: unknown; items?: { key: string; address: string }[] }>(op: T, ids: ReadonlyMap<number, number>): T {
  if (ids.size === 0 || newTeamsNamed(op).length === 0) return op;
  const swap = (id: number): number => ids.get(id) ?? id;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v !== 'object' || v === null) return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'team_id' && typeof x === 'number' ? swap(x) : walk(x)]));
  };
  const path = op.path.replace(NEW_TEAM_IN_PATH, (_, id: string) => `/teams/${swap(Number(id))}`);
  const out: T = { ...op, path };
  if (op.body !== undefined) out.body = walk(op.body);
  if (op.items !== undefined) out.items = op.items.map((i) => ({ ...i, key: i.key.replace(/^-\d+(?=\/|$)/, (id) => String(swap(Number(id)))) }));
  return out;
}

/** Team references as the config writes them, for did-you-mean and messages. */
export function teamRefText(ref: TeamRef): string {
  return 'id' in ref ? String(ref.id) : `"${ref.name}"`;
}
