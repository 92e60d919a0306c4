// The desired state narrowed to some of its objects: the one walk over a config's kinds of
// objects that --target/--exclude, --changed-from, a saved plan's re-plan (read-scope.ts) and
// apply's check of its own result (writtenObjects below) share. The state reader reads what a
// config manages, so planning a narrowed config reads only the objects kept (and the lists that
// resolving them needs). What differs between the callers is which objects they keep: that is the
// Narrowing they pass. Each object's address is its kind's (kinds/*/address.ts); where the object
// sits in the config's shape is this walk's, so a kind added to the config is taught here once.
// Pure: no I/O.

import { coversSome, otherRepoSpelling, type RepositoryNames } from '../address.js';
import { gitScopeObjectAddress } from '../kinds/git-scope/address.js';
import { monitoredAddress } from '../kinds/monitoring/address.js';
import { orgDefaultAddress } from '../kinds/org-default/address.js';
import { pmScopeObjectAddress } from '../kinds/pm-scope/address.js';
import { repoSettingsAddress } from '../kinds/repo-override/address.js';
import { selectionSetAddress } from '../kinds/selection/address.js';
import { repoAddress, teamAddress } from '../kinds/shared/addresses.js';
import type { OrgSettings } from '../../contract/git-types.js';
import type { DesiredConfig, DesiredTeam, RepoRef } from '../model.js';

/** A team's properties, beside the team's own address (`team["Payments"]`, its creation or deletion). */
const TEAM_PROPERTIES = ['name', 'parent', 'initials', 'color'] as const;

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
  const collection = config.collection.filter((s) => by.keeps(selectionSetAddress(String(s.integration), s.entityType)));
  const exact = config.ownership?.teams === 'exact';
  const teams: DesiredTeam[] = [];
  for (const team of config.teams) {
    const kept = narrowTeam(team, by);
    if (kept !== undefined) teams.push(kept);
    else if (exact) teams.push(keyOnly(team));
  }
  const defaults: OrgSettings = {};
  for (const [section, value] of Object.entries(config.git.defaults)) {
    if (by.keeps(orgDefaultAddress(section as keyof OrgSettings))) (defaults as Record<string, unknown>)[section] = value;
  }
  const repositories = [];
  const literal: RepoRef[] = [];
  for (const entry of config.git.repositories) {
    const repo = repoAddress(entry.ref);
    const settings = entry.settings !== undefined && keepsRepository(repoSettingsAddress(repo), by);
    const monitored = entry.monitored !== undefined && keepsRepository(monitoredAddress(repo), by);
    if (entry.settings !== undefined && !settings) literal.push(entry.ref);
    if (!settings && !monitored) continue;
    const kept = { ...entry };
    if (!settings) delete kept.settings;
    if (!monitored) delete kept.monitored;
    repositories.push(kept);
  }
  const git: DesiredConfig['git'] = { defaults, repositories };
  if (config.git.rules !== undefined && config.git.rules.length > 0 && by.rules) git.rules = config.git.rules;
  if (config.git.monitoring !== undefined && by.monitoring) git.monitoring = config.git.monitoring;
  return { desired: { ...config, collection, teams, git }, literal };
}

/** The team with only what `by` keeps of it; undefined when nothing of it is kept. */
function narrowTeam(team: DesiredTeam, by: Narrowing): DesiredTeam | undefined {
  const prefix = teamAddress(team.key);
  const pm = team.pm.filter((scope) => by.keeps(pmScopeObjectAddress(team.key, String(scope.integration))));
  const git = team.git !== undefined && by.keeps(gitScopeObjectAddress(team.key));
  const properties = by.keepsTeamProperties(prefix);
  const members = team.members !== undefined && by.keepsTeamMembers(prefix);
  if (pm.length === 0 && !git && !properties && !members) return undefined;
  const kept: DesiredTeam = { ...team, pm };
  if (!properties) withoutProperties(kept);
  if (!git) delete kept.git;
  if (!members) delete kept.members;
  return kept;
}

/** The team as its key says which team it is (a name key is its own name), nothing of it managed. */
function keyOnly(team: DesiredTeam): DesiredTeam {
  const kept: DesiredTeam = { ...team, pm: [] };
  withoutProperties(kept);
  delete kept.git;
  delete kept.members;
  return kept;
}

function withoutProperties(team: DesiredTeam): void {
  for (const key of ['parent', 'initials', 'color'] as const) delete team[key];
  if ('id' in team.key) delete team.name;
}

function keepsRepository(object: string, by: Narrowing): boolean {
  if (by.keeps(object)) return true;
  const other = by.otherSpelling?.(object);
  return other !== undefined && by.keeps(other);
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
