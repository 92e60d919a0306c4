// What the final re-read of an apply (DESIGN 3) needs to read: the desired state narrowed to the
// objects the apply wrote. The state reader reads what a config manages, so planning the narrowed
// config reads only those objects (and what resolving them needs: the integration list, their
// entity lists, the repository list), not the whole organization a second time.
// Pure: no I/O.

import { coversSome, otherRepoSpelling, repoAddress, teamAddress, type RepositoryNames } from '../core/address.js';

const TEAM_PROPERTIES = ['name', 'parent', 'initials', 'color'] as const;
import type { OrgSettings } from '../contract/git-types.js';
import type { DesiredConfig, DesiredTeam } from '../core/model.js';

/**
 * `config` with only the objects at (or under) `addresses`: the selection sets, team PM scopes and
 * methodologies, team Git scopes, org default sections, repository override sets and monitoring
 * states written. Monitoring patterns are kept when any monitoring state was written (a pattern
 * may be what decided it); aliases, safety and drift settings are kept as they are. With `repos`,
 * a repository's entry is reached under either spelling of it (repo[ID], repo["NAME"]).
 */
export function narrowDesiredTo(config: DesiredConfig, addresses: readonly string[], repos?: RepositoryNames): DesiredConfig {
  // Whether some written address is an object's address or lies under it: one lookup per object.
  const touched = coversSome(addresses);
  const collection = config.collection.filter((s) => touched(`collection.${String(s.integration)}.${s.entityType}`));
  const teams: DesiredTeam[] = [];
  const written = new Set(addresses);
  for (const team of config.teams) {
    const prefix = teamAddress(team.key);
    if (!touched(prefix)) continue;
    const pm = team.pm.filter((scope) => touched(`${prefix}.pm.${String(scope.integration)}`));
    const kept: DesiredTeam = { ...team, pm };
    if (team.git === undefined || !touched(`${prefix}.git`)) delete kept.git;
    // Its properties when the team or one of them was written; its members when they were.
    if (!written.has(prefix) && !TEAM_PROPERTIES.some((p) => touched(`${prefix}.${p}`))) {
      for (const key of ['parent', 'initials', 'color'] as const) delete kept[key];
      if ('id' in team.key) delete kept.name;
    }
    if (!touched(`${prefix}.members`)) delete kept.members;
    teams.push(kept);
  }
  const defaults: OrgSettings = {};
  for (const [section, value] of Object.entries(config.git.defaults)) {
    if (touched(`git.defaults.${section}`)) (defaults as Record<string, unknown>)[section] = value;
  }
  const repositories = [];
  for (const entry of config.git.repositories) {
    // An entry a rule expanded to is written by id; the plan names it by name (core/rules.ts).
    const spellings = [repoAddress(entry.ref)];
    const other = repos === undefined ? undefined : otherRepoSpelling(spellings[0] as string, repos);
    if (other !== undefined) spellings.push(other);
    const settings = entry.settings !== undefined && spellings.some((repo) => touched(`${repo}.settings`));
    const monitored = entry.monitored !== undefined && spellings.some((repo) => touched(`${repo}.monitored`));
    if (!settings && !monitored) continue;
    const kept = { ...entry };
    if (!settings) delete kept.settings;
    if (!monitored) delete kept.monitored;
    repositories.push(kept);
  }
  const anyMonitoring = addresses.some((a) => a.startsWith('repo[') && a.endsWith('.monitored'));
  const git: DesiredConfig['git'] = { defaults, repositories };
  if (config.git.monitoring !== undefined && anyMonitoring) git.monitoring = config.git.monitoring;
  return { ...config, collection, teams, git };
}
