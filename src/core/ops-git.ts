// Operations for the Git side: monitoring (starts and stops in shared calls unless a stop waits on
// a Git scope write: then starts first, stops last), team Git scopes, org
// defaults and repository overrides, each object written with the fewest calls the API allows.

import type { GitScopeKey, OrgSection, RepoSection, TeamGitScopeBody } from '../contract/git-types.js';
import { API_LIMITS } from '../contract/types.js';
import { RECOMPUTE_SECTIONS } from '../contract/git-types.js';
import type { PlannedChange, RepoContext } from './draft.js';
import { chunk, groupBy, operation, plural, pushUnique, type DraftOperation } from './ops-common.js';

const REPOSITORIES = '/api/v1/git/repositories';
const GIT_SCOPE = '/api/v1/git/config/teams/{team_id}/scope';

export interface MonitoringOps {
  /** Calls that start monitoring (phase first); a call that also stops some is here too. */
  starts: DraftOperation[];
  /** Calls that only stop monitoring, after the Git scope writes that drop their repositories. */
  stops: DraftOperation[];
}

/**
 * Starts and stops, 100 repositories a call. The endpoint takes a state per entry, so when no stop
 * waits on a Git scope write (one that drops the repository from a team), starts and stops share
 * calls: ceil((starts + stops) / 100). Otherwise starts go first and stops last.
 */
export function planMonitoring(changes: PlannedChange[]): MonitoringOps {
  const monitoring = changes.filter((c) => c.target.kind === 'monitoring');
  const byId = (c: PlannedChange) => (c.target.kind === 'monitoring' ? c.target.repo.id : 0);
  const sorted = (list: PlannedChange[]) => [...list].sort((a, b) => byId(a) - byId(b));
  const starts = sorted(monitoring.filter((c) => c.change.action === 'add'));
  const stops = sorted(monitoring.filter((c) => c.change.action === 'remove'));
  const build = (list: PlannedChange[], kind: 'monitor' | 'unmonitor' | 'monitoring'): DraftOperation[] =>
    chunk(list, API_LIMITS.monitorEntriesMax).map((part, n) => {
      const started = part.filter((c) => c.change.action === 'add').length;
      const stopped = part.length - started;
      const what = [
        ...(started > 0 ? [`monitor ${plural(started, 'repository', 'repositories')}`] : []),
        ...(stopped > 0 ? [`stop monitoring ${plural(stopped, 'repository', 'repositories')}`] : []),
      ].join(' and ');
      const op = operation(
        kind === 'unmonitor' ? 'last' : 'first',
        `${kind}.${n + 1}`,
        'PATCH',
        REPOSITORIES,
        REPOSITORIES,
        what,
        { repositories: part.map((c) => ({ id: byId(c), state: c.change.action === 'add' ? 'monitored' : 'not_monitored' })) },
      );
      op.addresses = part.map((c) => c.change.address);
      op.items = part.map((c) => ({ key: String(byId(c)), address: c.change.address }));
      return op;
    });
  const dropped = droppedFromGitScopes(changes);
  if (starts.length > 0 && stops.length > 0 && !stops.some((c) => dropped.has(byId(c)))) {
    return { starts: build([...starts, ...stops], 'monitoring'), stops: [] };
  }
  return { starts: build(starts, 'monitor'), stops: build(stops, 'unmonitor') };
}

/** Repositories some team Git scope write of this plan drops. */
function droppedFromGitScopes(changes: PlannedChange[]): Set<number> {
  const dropped = new Set<number>();
  for (const c of changes) {
    if (c.target.kind !== 'git-scope' || c.target.key !== 'repositories') continue;
    const after = new Set(c.target.after);
    for (const id of c.target.before) if (!after.has(id)) dropped.add(id);
  }
  return dropped;
}

const BODY_KEY: Record<GitScopeKey, keyof TeamGitScopeBody> = { repositories: 'repository_ids', services: 'service_ids' };

/**
 * One call per team, every changed key written whole: DELETE when both keys become empty; PUT
 * when both keys change otherwise; PATCH mode=merge with the changed key otherwise. A single key cleared is PATCH merge `[]` (same cost as DELETE .../{key};
 * one route keeps pacing simple). Writes naming repositories this plan starts to monitor wait
 * for those starts; stop-monitoring waits for the writes that drop its repositories.
 */
export function planGitScopes(changes: PlannedChange[], monitoring: MonitoringOps): DraftOperation[] {
  const byTeam = groupBy(changes, (c) => (c.target.kind === 'git-scope' ? c.target.teamId : undefined));
  const ops: DraftOperation[] = [];
  const startsByRepo = callsByRepository(monitoring.starts, 'monitored');
  const stopsByRepo = callsByRepository(monitoring.stops, 'not_monitored');
  for (const [team, list] of byTeam) {
    const keys = list.map((c) => c.target as Extract<PlannedChange['target'], { kind: 'git-scope' }>);
    // Changed keys are written whole (never mode=add), so the scope ends up as this run's desired
    // state even when another writer added to it meanwhile: one run's state, not a blend of two.
    const path = `/api/v1/git/config/teams/${team}/scope`;
    let op: DraftOperation;
    if (keys.length === 2 && keys.every((k) => k.after.length === 0)) {
      op = operation('first', `git-scope.${team}`, 'DELETE', GIT_SCOPE, path, `clear team ${team}'s Git scope`);
    } else if (keys.length === 2) {
      const body: TeamGitScopeBody = {};
      for (const k of keys) body[BODY_KEY[k.key]] = k.after;
      op = operation('first', `git-scope.${team}`, 'PUT', GIT_SCOPE, path, `replace team ${team}'s Git scope`, body);
    } else {
      const body: TeamGitScopeBody = {};
      for (const k of keys) body[BODY_KEY[k.key]] = k.after;
      op = operation('first', `git-scope.${team}`, 'PATCH', GIT_SCOPE, `${path}?mode=merge`, `set ${keys.map((k) => k.key).join(', ')} of team ${team}'s Git scope`, body);
    }
    op.addresses = list.map((c) => c.change.address);
    const repos = keys.find((k) => k.key === 'repositories');
    const before = new Set(repos?.before ?? []);
    const after = new Set(repos?.after ?? []);
    const added = repos ? repos.after.filter((id) => !before.has(id)) : [];
    const dropped = repos ? repos.before.filter((id) => !after.has(id)) : [];
    // The start calls that name an added repository, in the order of the calls.
    const waitsFor = [...new Set(added.flatMap((id) => startsByRepo.get(id) ?? []))].sort((a, b) => a - b);
    for (const n of waitsFor) {
      pushUnique(op.dependsOn, (monitoring.starts[n] as DraftOperation).id);
      op.phase = 'after-monitoring';
    }
    for (const n of new Set(dropped.flatMap((id) => stopsByRepo.get(id) ?? []))) pushUnique((monitoring.stops[n] as DraftOperation).dependsOn, op.id);
    ops.push(op);
  }
  return ops;
}

/**
 * Repository id -> indexes of the calls (in `calls`) that set it to `state`: each team's Git scope
 * write looks its added or dropped repositories up here instead of scanning every monitoring call
 * (teams x calls x 100 entries).
 */
function callsByRepository(calls: readonly DraftOperation[], state: 'monitored' | 'not_monitored'): Map<number, number[]> {
  const index = new Map<number, number[]>();
  calls.forEach((call, n) => {
    for (const id of repositoriesSetTo(call, state)) {
      const list = index.get(id);
      if (list === undefined) index.set(id, [n]);
      else if (list[list.length - 1] !== n) list.push(n);
    }
  });
  return index;
}

function repositoriesSetTo(op: DraftOperation, state: 'monitored' | 'not_monitored'): number[] {
  return ((op.body as { repositories: { id: number; state: string }[] }).repositories ?? []).filter((r) => r.state === state).map((r) => r.id);
}

/** One PATCH with the changed sections as written (backfill_days included when written). */
export function planOrgDefaults(changes: PlannedChange[]): DraftOperation[] {
  const sections = changes.flatMap((c) => (c.target.kind === 'org-default' ? [c] : []));
  if (sections.length === 0) return [];
  const body: Record<string, unknown> = {};
  for (const c of sections) {
    const t = c.target as { section: OrgSection; written: unknown };
    body[t.section] = t.written;
  }
  const op = operation('first', 'org-defaults', 'PATCH', '/api/v1/git/config', '/api/v1/git/config', `set org defaults: ${Object.keys(body).join(', ')}`, body);
  op.addresses = sections.map((c) => c.change.address);
  return [op];
}

/**
 * Per repository: ONE DELETE /config when every override goes and none is added; PUT when it
 * takes fewer calls than PATCH + a DELETE per removed section, provided the overrides it must
 * re-send unchanged include no recompute section; PATCH (changed and added sections) plus one
 * DELETE /config/{section} per removed section otherwise.
 */
export function planRepositorySettings(changes: PlannedChange[]): DraftOperation[] {
  const byRepo = groupBy(changes, (c): RepoContext | undefined => (c.target.kind === 'repo-override' ? c.target.repo : undefined));
  const ops: DraftOperation[] = [];
  for (const [ctx, list] of byRepo) {
    const section = (c: PlannedChange) => (c.target as { section: RepoSection }).section;
    const writes = list.filter((c) => c.change.action !== 'remove');
    const removes = list.filter((c) => c.change.action === 'remove');
    const touched = new Set(list.map(section));
    const untouched = [...ctx.live.keys()].filter((s) => !touched.has(s));
    const id = ctx.repo.id;
    const path = `/api/v1/git/repositories/${id}/config`;
    const template = '/api/v1/git/repositories/{repo_id}/config';
    const written = (s: RepoSection) => (ctx.desired as Record<string, unknown>)[s];
    const name = ctx.repo.name;
    if (writes.length === 0 && untouched.length === 0) {
      const op = operation('first', `repo-config.${id}.delete`, 'DELETE', template, path, `remove every override of ${name}`);
      op.addresses = list.map((c) => c.change.address);
      ops.push(op);
      continue;
    }
    const patchCost = (writes.length > 0 ? 1 : 0) + removes.length;
    const putAllowed = untouched.every((s) => !RECOMPUTE_SECTIONS.includes(s));
    if (patchCost > 1 && putAllowed) {
      const body: Record<string, unknown> = {};
      for (const c of writes) body[section(c)] = written(section(c));
      for (const s of untouched) body[s] = ctx.live.get(s);
      const op = operation('first', `repo-config.${id}.put`, 'PUT', template, path, `replace the overrides of ${name}`, body);
      op.addresses = list.map((c) => c.change.address);
      ops.push(op);
      continue;
    }
    if (writes.length > 0) {
      const body: Record<string, unknown> = {};
      for (const c of writes) body[section(c)] = written(section(c));
      const op = operation('first', `repo-config.${id}.patch`, 'PATCH', template, path, `override ${Object.keys(body).join(', ')} of ${name}`, body);
      op.addresses = writes.map((c) => c.change.address);
      ops.push(op);
    }
    for (const c of removes) {
      const s = section(c);
      const op = operation(
        'first',
        `repo-config.${id}.delete.${s}`,
        'DELETE',
        '/api/v1/git/repositories/{repo_id}/config/{section}',
        `${path}/${s}`,
        `remove the ${s} override of ${name}`,
      );
      op.addresses = [c.change.address];
      ops.push(op);
    }
  }
  return ops;
}
