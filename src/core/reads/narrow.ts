// The desired state narrowed to some of its objects: the one walk over a config that
// --target/--exclude, --changed-from, a saved plan's re-plan (read-scope.ts) and apply's check of
// its own result (writtenObjects below) share. The state reader reads what a config manages, so
// planning a narrowed config reads only the objects kept (and the lists that resolving them
// needs). What differs between the callers is which objects they keep: that is the Narrowing they
// pass. What each kind keeps of its own part is the kind's (kind.ts narrowing); the walk over the
// entries several kinds write in (a team entry, a repository entry) is this file's. Pure: no I/O.

import { coversSome, otherRepoSpelling, type RepositoryNames } from '../address.js';
import { EVERY_KIND } from '../kinds/registry.js';
import type { KindNarrowing, Narrowing } from '../kinds/shared/narrowing.js';
import { repoAddress } from '../kinds/shared/addresses.js';
import { TEAM_PROPERTIES } from '../kinds/team/address.js';
import type { DesiredConfig, DesiredRepository, DesiredTeam, RepoRef } from '../model.js';

export type { Narrowing } from '../kinds/shared/narrowing.js';

/** What each kind keeps of its part of a config, in registry order: outside the entries, of a team entry, of a repository entry. */
const NARROWING: readonly KindNarrowing[] = EVERY_KIND.flatMap((k) => (k.narrowing === undefined ? [] : [k.narrowing]));
const IN_CONFIG = NARROWING.flatMap((n) => (n.config === undefined ? [] : [n.config.bind(n)]));
const IN_TEAM = NARROWING.flatMap((n) => (n.team === undefined ? [] : [n.team.bind(n)]));
const IN_REPOSITORY = NARROWING.flatMap((n) => (n.repository === undefined ? [] : [n.repository]));

export interface NarrowedDesired {
  desired: DesiredConfig;
  /** Repositories whose literal override set was left out: they still win over the settings rules. */
  literal: RepoRef[];
}

/**
 * `config` with only the objects `by` keeps. Aliases, ownership, safety and drift settings are
 * kept as they are. Under exact team ownership every team the file writes stays, as its key at
 * least: a team left out of the narrowed config would be one to delete. One pass over the config,
 * one call of `by` per object.
 */
export function narrowDesired(config: DesiredConfig, by: Narrowing): NarrowedDesired {
  const desired: DesiredConfig = { ...config, git: { ...config.git } };
  for (const part of IN_CONFIG) part(config, desired, by);
  const exact = config.ownership?.teams === 'exact';
  desired.teams = [];
  for (const team of config.teams) {
    const kept: DesiredTeam = { ...team };
    // Every kind takes its part away from the copy: what is left without any part is the key alone.
    let any = false;
    for (const part of IN_TEAM) if (part(team, kept, by)) any = true;
    if (any || exact) desired.teams.push(kept);
  }
  const literal: RepoRef[] = [];
  desired.git.repositories = [];
  const keeps: boolean[] = IN_REPOSITORY.map(() => false);
  for (const entry of config.git.repositories) {
    const at = { repo: repoAddress(entry.ref), literal };
    // Every part is asked (each notes what it leaves out); an entry none keeps is not copied.
    let any = false;
    for (let i = 0; i < IN_REPOSITORY.length; i += 1) {
      keeps[i] = IN_REPOSITORY[i]?.keeps(entry, by, at) === true;
      if (keeps[i] === true) any = true;
    }
    if (!any) continue;
    const kept: DesiredRepository = { ...entry };
    for (let i = 0; i < IN_REPOSITORY.length; i += 1) if (keeps[i] !== true) IN_REPOSITORY[i]?.leaveOut(kept);
    desired.git.repositories.push(kept);
  }
  return { desired, literal };
}

/**
 * What apply's check of its own result (DESIGN 3) re-plans: the objects at or above an address it
 * wrote, and nothing a written address lies above. A team's properties are kept when the team
 * itself (its creation) or one of its properties was written, its members when they were: writing
 * a team's PM scope must not re-read the contributor list its members by email would need. The
 * monitoring patterns are kept when some monitoring state was written (a pattern may be what
 * decided it); the settings rules never are, since apply checks against the config they expanded
 * to, whose entries a rule wrote are written by id while the plan names them by name: with
 * `repos`, a repository's entry is reached under either spelling.
 */
export function writtenObjects(addresses: readonly string[], repos?: RepositoryNames): Narrowing {
  // Whether some written address is an object's address or lies under it: one lookup per object.
  const touched = coversSome(addresses);
  const written = new Set(addresses);
  return {
    keeps: touched,
    keepsTeamProperties: (team) => written.has(team) || TEAM_PROPERTIES.some((p) => touched(`${team}.${p}`)),
    keepsTeamMembers: (team) => touched(`${team}.members`),
    ...(repos === undefined ? {} : { otherSpelling: (object: string) => otherRepoSpelling(object, repos) }),
    monitoring: addresses.some((a) => a.startsWith('repo[') && a.endsWith('.monitored')),
    rules: false,
  };
}
