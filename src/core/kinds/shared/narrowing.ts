// The narrowing of a config to some of its objects (core/reads/narrow.ts): which objects a caller
// keeps (Narrowing: --target/--exclude, --changed-from, a saved plan's re-plan, apply's check of
// its own result), and what each kind keeps of its own part of the config (KindNarrowing).

import type { DesiredConfig, DesiredRepository, DesiredTeam, RepoRef } from '../../model.js';

/** Which objects of a config a narrowing keeps. */
export interface Narrowing {
  /**
   * Whether the object at this address is kept: a selection set (`collection.tracker.boards`), a
   * team's PM scope on one integration (`team[42].pm.tracker`), a team's Git scope
   * (`team[42].git`), an org default section (`git.defaults.x`), a repository's override set
   * (`repo["acme/api"].settings`) or monitoring state (`repo["acme/api"].monitored`).
   */
  keeps(object: string): boolean;
  /** Whether the team at this address keeps its properties (parent, initials, colour; its name beside an id key). */
  keepsTeamProperties(team: string): boolean;
  /** Whether the team at this address keeps its member set. */
  keepsTeamMembers(team: string): boolean;
  /**
   * A repository object's address spelled the other way (`repo[1234]...` for `repo["acme/api"]...`,
   * and the reverse), when the caller's addresses may spell it so: the object is kept when either
   * spelling is. Absent when the caller spelled its patterns both ways already.
   */
  otherSpelling?(object: string): string | undefined;
  /** Whether the monitoring patterns (when the config has them) are kept. */
  readonly monitoring: boolean;
  /** Whether the settings rules (when the config has them) are kept. */
  readonly rules: boolean;
}

/**
 * What a kind keeps of its own part of a config, asked by the narrowing's one walk over the
 * config: each part gets a copy to take away from (`kept`), holding the whole part to begin with.
 * A kind written within another's object (the methodology, in its PM scope) is kept with that
 * object.
 */
export interface KindNarrowing {
  /** Its part outside team and repository entries: `kept` is a copy of `config` (its `git` copied too). */
  config?(config: DesiredConfig, kept: DesiredConfig, by: Narrowing): void;
  /** Its part of a team entry: `kept` is a copy of `team`; whether anything of its part is kept. */
  team?(team: DesiredTeam, kept: DesiredTeam, by: Narrowing): boolean;
  /**
   * Its part of a repository entry. An entry none of whose parts is kept is left out uncopied (a
   * config may hold 10,000), so the part says first whether it is kept, then leaves itself out of
   * the copy of an entry kept for another part.
   */
  readonly repository?: RepositoryPart;
  /** Whether a team entry writes something of it that a read answers (apply's own-result check leaves out an entry with nothing to read). */
  inTeam?(team: DesiredTeam): boolean;
  /** Whether a repository entry writes something of it (the same, for a repository entry). */
  inRepository?(entry: DesiredRepository): boolean;
}

/** A kind's part of a repository entry, narrowed. */
export interface RepositoryPart {
  /**
   * Whether `by` keeps its part of `entry` (false when the entry writes none). `at.repo` is the
   * repository's address as the entry keys it; `at.literal` takes the repository of a literal
   * override set left out (it still wins over the settings rules), so the walk asks it exactly
   * once per entry.
   */
  keeps(entry: DesiredRepository, by: Narrowing, at: EntryAt): boolean;
  /** Takes its part out of `kept`, a copy of an entry kept for another kind's part. */
  leaveOut(kept: DesiredRepository): void;
}

/** Where a repository entry is, for the kinds narrowing it. */
export interface EntryAt {
  /** The repository's address as the entry keys it (`repo["acme/api"]`, `repo[1234]`). */
  readonly repo: string;
  /** The repositories whose literal override set is left out. */
  readonly literal: RepoRef[];
}

/** Whether `by` keeps a repository's object under either spelling of the repository. */
export function keepsEitherSpelling(object: string, by: Narrowing): boolean {
  if (by.keeps(object)) return true;
  const other = by.otherSpelling?.(object);
  return other !== undefined && by.keeps(other);
}
