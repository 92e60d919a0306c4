// One kind of object: a team's member set (DESIGN 14), the exact set of contributors, by email or
// contributor id. Its addresses (`team["Payments"].members` for what is added, one
// `team["Payments"].members["bo@acme.io"]` per removal), its diff against the members the team
// list shows inline, the calls (the adds of a team in one PATCH, each removal its own DELETE:
// nothing is removed that the plan did not show, so the replace-all POST is never used), its
// predicted refusals (an unknown email or id, with the closest known ones) and its impact label.

import { teamAddress } from '../shared/addresses.js';
import type { DesiredTeam, MemberRef } from '../../model.js';
import { operation, plural, type DraftOperation } from '../../ops-common.js';
import type { Change } from '../../plan-model.js';
import { didYouMean } from '../../resolve.js';
import { contributorIndex, isNewTeamId, type ContributorIndex, type TeamDirectory } from '../shared/team-directory.js';
import type { Kind, KindSink } from '../kind.js';
import type { MemberTarget } from './target.js';
import { teamMembersReads } from './reads.js';
import { exportMembers } from './export.js';
import { teamMembersOwnership } from './ownership.js';
import { countMemberSets, knownMemberSets, memberSetNarrowing, memberSetSyntax } from './shape.js';

/** How a member is shown: the email when the contributor has one, else the id. */
function shown(contributors: ContributorIndex, id: number): string | number {
  const email = contributors.byId.get(id)?.email;
  return email === undefined || email === '' ? id : email;
}

/** The contributor a member reference names, or undefined after reporting it with the closest known ones. */
function memberId(sink: KindSink<MemberTarget>, contributors: ContributorIndex, team: DesiredTeam, ref: MemberRef, index: number): number | undefined {
  const path = [...team.path, 'members', index];
  const address = `${teamAddress(team.key)}.members`;
  if ('id' in ref) {
    if (contributors.byId.has(ref.id)) return ref.id;
    sink.error(`unknown member ${ref.id} of ${teamAddress(team.key)}: no contributor has that id`, path, address);
    return undefined;
  }
  const id = contributors.byEmail.get(ref.email.toLowerCase());
  if (id !== undefined) return id;
  const close = didYouMean(ref.email, contributors.emails);
  sink.error(`unknown member "${ref.email}" of ${teamAddress(team.key)}: no contributor has that email${close === undefined ? '' : `; did you mean "${close}"?`}`, path, address);
  return undefined;
}

/** The member changes of every team whose `members:` is written. */
function diffMembers(sink: KindSink<MemberTarget>, dir: TeamDirectory, contributors: ContributorIndex): void {
  for (const team of sink.config.teams) {
    if (team.members === undefined || team.id === undefined) continue;
    const id = team.id;
    const listed = dir.byId.get(id);
    if (listed === undefined && !isNewTeamId(id)) continue; // the team kind reports the missing team
    const wanted: number[] = [];
    let failed = false;
    team.members.forEach((ref, i) => {
      const member = memberId(sink, contributors, team, ref, i);
      if (member === undefined) failed = true;
      else if (!wanted.includes(member)) wanted.push(member);
    });
    if (failed) continue;
    const live = new Set((listed?.contributors ?? []).map((c) => c.id));
    const want = new Set(wanted);
    const added = wanted.filter((m) => !live.has(m)).sort((a, b) => a - b);
    const removed = [...live].filter((m) => !want.has(m)).sort((a, b) => a - b);
    const address = `${teamAddress(team.key)}.members`;
    const teamName = team.name ?? listed?.name ?? String(id);
    const impacts: Change['impacts'] = ['changes-team-metrics'];
    if (added.length > 0) {
      sink.add(
        { address, kind: 'team-members', action: 'add', before: null, after: added, impacts, display: { after: added.map((m) => shown(contributors, m)) } },
        { kind: 'team-members', id, teamName, action: 'add', members: added },
        [...team.path, 'members'],
      );
    }
    for (const m of removed) {
      const who = shown(contributors, m);
      sink.add(
        { address: `${address}[${JSON.stringify(who)}]`, kind: 'team-members', action: 'remove', before: m, after: null, impacts, display: { before: who } },
        { kind: 'team-members', id, teamName, action: 'remove', members: [m] },
        [...team.path, 'members'],
      );
    }
  }
}

const MEMBERS = '/api/v2/teams/{team_id}/members';
const MEMBER = '/api/v2/teams/{team_id}/members/{member}';

/** Where the member calls go in the plan's list of calls: after the other writes, before team deletes (kind.ts CallGroup). */
const PLACE = 100;

/** The adds of a team in one PATCH (the route adds what it is given); each removal its own DELETE. */
function planMemberOperations(changes: readonly { change: Change; target: MemberTarget }[]): DraftOperation[] {
  const ops: DraftOperation[] = [];
  for (const { change, target } of changes) {
    if (target.action === 'add') {
      const op = operation('first', `team.${target.id}.members.add`, 'PATCH', MEMBERS, `/api/v2/teams/${target.id}/members`, `add ${plural(target.members.length, 'member')} to team "${target.teamName}"`, target.members);
      op.addresses = [change.address];
      ops.push(op);
      continue;
    }
    const member = target.members[0] as number;
    const op = operation('first', `team.${target.id}.members.remove.${member}`, 'DELETE', MEMBER, `/api/v2/teams/${target.id}/members/${member}`, `remove member ${member} from team "${target.teamName}"`);
    op.addresses = [change.address];
    ops.push(op);
  }
  return ops;
}

/** The member-set kind's traits, for the registry (kinds/registry.ts). */
export const teamMembersKind: Kind<'team-members', MemberTarget> = {
  kind: 'team-members',
  section: 'Teams',
  // An add has no live value (the members it adds are not in the team), a removal no desired one.
  absent: 'not a member',
  teamOf: (target) => target.id,
  diff(draft, found) {
    const dir = found.teamDirectory();
    if (dir !== undefined && draft.live.teamList !== undefined) diffMembers(draft, dir, contributorIndex(draft.live.teamList, draft.live.users));
  },
  calls: { plan: (changes) => ({ groups: [{ place: PLACE, ops: planMemberOperations(changes) }] }) },
  // `team[...].members["bo@acme.io"]`: a removal lies under the member set `team[...].members`.
  // A member lies under the member set, its object of the ownership rule (ownership.ts).
  objectOf: ({ address }) => teamMembersOwnership(address)?.[0],
  // What its objects need read (reads.ts).
  reads: teamMembersReads,
  // Export: how its live objects are written back as config (export.ts).
  export: exportMembers,
  // What an answer proves.
  ownership: teamMembersOwnership,
  // Shape: where its objects sit in a config, by their addresses (shape.ts).
  known: knownMemberSets,
  narrowing: memberSetNarrowing,
  syntax: memberSetSyntax,
  count: countMemberSets,
};
