// The Git scope kind's calls: one per team, every changed key written whole. A write naming a
// repository this plan starts to monitor waits for that start; a stop of monitoring waits for the
// writes that drop its repository.

import type { GitScopeKey, TeamGitScopeBody } from '../../../contract/git-types.js';
import type { TargetOf } from '../../draft.js';
import { groupBy, operation, pushUnique, type DraftOperation } from '../../ops-common.js';
import type { KindChange, MonitoringCalls } from '../kind.js';

type GitScopeChange = KindChange<TargetOf<'git-scope'>>;

const GIT_SCOPE = '/api/v1/git/config/teams/{team_id}/scope';

/** Repositories some team Git scope write of this plan drops. */
export function droppedFromGitScopes(changes: readonly GitScopeChange[]): Set<number> {
  const dropped = new Set<number>();
  for (const c of changes) {
    if (c.target.key !== 'repositories') continue;
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
export function planGitScopes(changes: readonly GitScopeChange[], monitoring: MonitoringCalls): DraftOperation[] {
  const byTeam = groupBy(changes, (c) => c.target.teamId);
  const ops: DraftOperation[] = [];
  const startsByRepo = callsByRepository(monitoring.starts, 'monitored');
  const stopsByRepo = callsByRepository(monitoring.stops, 'not_monitored');
  for (const [team, list] of byTeam) {
    const keys = list.map((c) => c.target);
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
