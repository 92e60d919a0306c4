// One kind of object: a team itself (DESIGN 14). Its address (`team["Payments"]`, `team[42]`, and
// `.name`, `.parent`, `.initials`, `.color`), its diff against the team list into changes with
// their predicted refusals and impact labels (diff.ts), and the calls that carry them (calls.ts).

import type { Kind } from '../kind.js';
import { teamAddress } from '../shared/addresses.js';
import { planTeamCalls } from './calls.js';
import { diffTeams } from './diff.js';
import type { TeamTarget } from './target.js';
import { teamReads } from './reads.js';
import { exportTeams } from './export.js';
import { teamOwnership } from './ownership.js';
import { countTeams, knownTeams, teamNarrowing, teamSyntax } from './shape.js';

/** A team's own address (`team["Payments"]`, `team[42]`), nothing after it. */
const WHOLE_TEAM = /^team\[(?:"(?:[^"\\]|\\.)*"|\d+)\]$/;

/** The team kind's traits, for the registry (kinds/registry.ts). */
export const teamKind: Kind<'team', TeamTarget> = {
  kind: 'team',
  section: 'Teams',
  teamOf: (target) => target.id,
  diff(draft, found) {
    const dir = found.teamDirectory();
    if (dir !== undefined) diffTeams(draft, dir, { pm: draft.live.teamPmScopes, git: draft.live.teamGitScopes });
  },
  calls: { plan: (changes) => planTeamCalls(changes) },
  // Under exact ownership a team taken out of the file is deleted.
  deletedWhenUnwritten: true,
  // A team itself is named only by its own address: what is under it (its properties, members
  // and scope keys) is known address by address.
  standsAlone: (address) => WHOLE_TEAM.test(address),
  // A team deleted is addressed by its name; the file may have keyed it by id (`team[42]`).
  objectOf: ({ before }) => {
    const id = (before as { id?: unknown } | null | undefined)?.id;
    return typeof id === 'number' ? teamAddress(id) : undefined;
  },
  // What its objects need read (reads.ts).
  reads: teamReads,
  // Export: how its live objects are written back as config (export.ts).
  export: exportTeams,
  // What an answer proves.
  ownership: teamOwnership,
  // Shape: where its objects sit in a config, by their addresses (shape.ts).
  known: knownTeams,
  narrowing: teamNarrowing,
  syntax: teamSyntax,
  count: countTeams,
};
