// The team kind's calls: creates by depth level (parents first), one PATCH per changed team
// ordered so that no moment holds a cycle, deletes children first after every other call; and
// every call naming a team this plan creates waits for its creation.

import type { KindCalls } from '../kind.js';
import { append, operation, plural, type DraftOperation } from '../../ops-common.js';
import type { Change } from '../../plan-model.js';
import { newTeamsNamed } from '../shared/new-team-ids.js';
import type { TeamTarget } from './target.js';

const CREATE = '/api/v2/teams';
const TEAM = '/api/v2/teams/{team_id}';

/** Where the team calls go in the plan's list of calls: creates and updates before all, deletes after all (kind.ts CallGroup). */
const WRITES_PLACE = 10;
const DELETES_PLACE = 110;

/**
 * The calls of the team changes kept: creates by level, one PATCH per team, deletes children
 * first. The executor starts a call as soon as what it depends on is done, so the order is
 * written as dependencies: each creation level waits for the one before, the PATCHes for the
 * creations, each move for the step before it, and a delete for the deletes of its children or,
 * for a team with none, for every other call of the plan (once all are planned: settle).
 */
export function planTeamCalls(changes: readonly { change: Change; target: TeamTarget }[]): KindCalls {
  const createLevels = new Map<number, { change: Change; target: TeamTarget }[]>();
  const patches = new Map<number, { change: Change; target: TeamTarget }[]>();
  for (const c of changes) {
    if (c.target.action === 'create') append(createLevels, c.target.step, c);
    else if (c.target.action === 'update') append(patches, c.target.id, c);
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
  const byStep = new Map<number, DraftOperation[]>();
  for (const op of teamOps) append(byStep, op.step ?? 0, op);
  const steps = [...byStep.keys()].sort((a, b) => a - b);
  for (let i = 1; i < steps.length; i++) {
    const previous = (byStep.get(steps[i - 1] as number) ?? []).map((o) => o.id);
    for (const op of byStep.get(steps[i] as number) ?? []) op.dependsOn.push(...previous);
  }

  const deletes = changes.filter((c) => c.target.action === 'delete');
  const deleteOps = new Map<number, DraftOperation>();
  for (const c of deletes) {
    const op = operation('team-deletes', `team.${c.target.id}.delete`, 'DELETE', TEAM, `/api/v2/teams/${c.target.id}`, `delete team "${c.target.name}"`);
    op.step = c.target.step;
    op.addresses = [c.change.address];
    deleteOps.set(c.target.id, op);
  }
  const leaves: DraftOperation[] = [];
  for (const c of deletes) {
    const op = deleteOps.get(c.target.id) as DraftOperation;
    const children = (c.target.children ?? []).flatMap((id) => (deleteOps.has(id) ? [(deleteOps.get(id) as DraftOperation).id] : []));
    if (children.length > 0) op.dependsOn.push(...children);
    else leaves.push(op);
  }
  const own = new Set([...teamOps, ...deleteOps.values()]);
  return {
    groups: [
      { place: WRITES_PLACE, ops: teamOps },
      { place: DELETES_PLACE, ops: [...deleteOps.values()] },
    ],
    settle(drafts) {
      const allOthers = [...drafts.filter((op) => !own.has(op)), ...teamOps].map((op) => op.id);
      for (const op of leaves) op.dependsOn.push(...allOthers);
      return waitForCreates(drafts);
    },
  };
}

/**
 * Each call naming a team this plan creates waits for the call that creates it. Returns the calls
 * that name a team whose creation is not among them (a --target that kept a new team's scope but
 * not the team): no call can carry those.
 */
function waitForCreates(ops: readonly DraftOperation[]): { message: string; address: string }[] {
  const creator = new Map<number, string>();
  for (const op of ops) if (op.route === `POST ${CREATE}`) for (const item of op.items ?? []) creator.set(Number(item.key), op.id);
  const errors: { message: string; address: string }[] = [];
  for (const op of ops) {
    if (op.route === `POST ${CREATE}`) continue;
    for (const id of newTeamsNamed(op)) {
      const by = creator.get(id);
      if (by === undefined) {
        for (const address of op.addresses) errors.push({ message: `${address} belongs to a team this plan would create, and its creation is not in the plan: target the team itself (its address without the key)`, address });
      } else if (!op.dependsOn.includes(by)) op.dependsOn.push(by);
    }
  }
  return errors;
}
