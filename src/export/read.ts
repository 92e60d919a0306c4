// Reads the whole organization for `emctl export`. Unlike the plan's reader, which reads only what
// a config manages, export has no config: it reads everything the config format can express, so
// the result is "what you would write to manage all of it". It holds a read-only client.
//
// Calls (P = PM integrations, T = teams, R = repositories read for settings):
//   1 integrations list and, beside it, the team list (ceil((T + 2) / 50) pages: the service's own
//   two teams are listed too), each on its own pacing lane;
//   one entity list sequence per (provider, entity type) that carries what the config needs
//     (boards/projects for the selection sets; every type with --fixture, twice:
//     with and without include_invalid, which is how an unreachable entity shows);
//   per team read (every listed team, or those --teams names, by id or name): one PM scope read and one Git
//   scope read; with an older service (no team list), the teams used_by of boards and projects
//   names, plus --teams (export/teams.ts);
//   the user list (ceil(U / 50) pages), only when a team's member comes without an email;
//   the repository list (pages of 100), the org configuration, and one configuration read per
//   repository whose overrides are exported (--repo-settings: all, monitored or none).
// Everything after the first two goes out at once (the team scopes as soon as the teams are
// known); the client's pacing and concurrency decide how many run together.

import { API_LIMITS, ENTITY_TYPES, type EntityType, type Integration, type PmProvider, type TeamPmScopeResponse } from '../contract/types.js';
import type { Repository, RepositoryConfigResponse, TeamGitScopeResponse } from '../contract/git-types.js';
import { ApiError } from '../api/errors.js';
import { isMonitored } from '../core/monitoring-decisions.js';
import { chunk } from '../core/ops-common.js';
import type { ReadOnlyClient } from '../api/read-only-client.js';
import { readTeamList, readUserList, type ListRead } from '../api/team-list.js';
import { membersWithoutEmail, type ListedTeam } from '../contract/list-types.js';
import type { EntityRead, OrganizationRead, RepoSettingsScope } from '../core/organization.js';
import { listKey } from '../core/snapshot.js';
import { chooseTeams, hasScope, teamIdsByName, type TeamSource } from './teams.js';


export interface ReadOptions {
  /** --teams given by id: only these teams (where the service lists teams), else added to those used_by names. */
  teams: readonly number[];
  /** --teams given by name: resolved in the team list before any read beyond it and the integration list (export/teams.ts). */
  teamNames?: readonly string[];
  /** Teams the config given with -c writes: always read and written. */
  configTeams: readonly number[];
  repoSettings: RepoSettingsScope;
  /** Read every entity type and reachability too (needed for an emulator fixture). */
  fixture: boolean;
  /** Told how many repository configurations are about to be read (one call each). */
  onRepositoryConfigs?: (count: number) => void;
}

/** Entity types the config itself needs: the selection sets and, through used_by, the team ids. */
const CONFIG_TYPES: readonly EntityType[] = ['boards', 'projects'];

/** One sequence of entity list calls per (provider, type), up to 50 integrations each. */
async function readEntities(client: ReadOnlyClient, pm: readonly Integration[], fixture: boolean): Promise<Map<string, EntityRead>> {
  const out = new Map<string, EntityRead>();
  const jobs: Promise<void>[] = [];
  for (const provider of Object.keys(ENTITY_TYPES) as PmProvider[]) {
    const ids = pm.filter((i) => i.provider === provider).map((i) => i.id);
    if (ids.length === 0) continue;
    for (const type of ENTITY_TYPES[provider]) {
      if (!fixture && !CONFIG_TYPES.includes(type)) continue;
      for (const integrationIds of chunk(ids, API_LIMITS.integrationIds)) {
        jobs.push(
          (async () => {
            // include_invalid: a selected entity the provider no longer exposes is still selected.
            const all = client.listAllEntities(type, { integration_ids: integrationIds, include_invalid: true });
            const reachable = fixture
              ? client.listAllEntities(type, { integration_ids: integrationIds, with_used_by: false })
              : undefined;
            const [allRead, reachableRead] = await Promise.all([all, reachable]);
            for (const id of integrationIds) {
              const entities = allRead.integrations.find((g) => g.integration_id === id)?.entities ?? [];
              const exposed = reachableRead?.integrations.find((g) => g.integration_id === id)?.entities;
              const exposedIds = new Set((exposed ?? entities).map((e) => e.entity_provider_id));
              const unreachable = new Set(entities.map((e) => e.entity_provider_id).filter((e) => !exposedIds.has(e)));
              out.set(listKey(id, type), { entities, unreachable });
            }
          })(),
        );
      }
    }
  }
  await Promise.all(jobs);
  return out;
}

/** Teams that use a board or project: how teams are found where the service lists none. */
function usedByTeams(entities: Map<string, EntityRead>): Set<number> {
  const ids = new Set<number>();
  for (const [key, read] of entities) {
    if (!CONFIG_TYPES.some((t) => key.endsWith(`/${t}`))) continue;
    for (const e of read.entities) for (const t of e.used_by?.teams ?? []) ids.add(t.id);
  }
  return ids;
}

const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

async function readTeams(client: ReadOnlyClient, teamIds: readonly number[]) {
  const pmScopes = new Map<number, TeamPmScopeResponse>();
  const gitScopes = new Map<number, TeamGitScopeResponse>();
  const missing = new Set<number>();
  const orUndefinedOn404 = <T>(read: Promise<T>): Promise<T | undefined> =>
    read.catch((e: unknown) => (isNotFound(e) ? undefined : Promise.reject(e)));
  await Promise.all(
    teamIds.map(async (teamId) => {
      const [pmScope, gitScope] = await Promise.all([
        orUndefinedOn404(client.getTeamPmScope(teamId)),
        orUndefinedOn404(client.getTeamGitScope(teamId)),
      ]);
      if (pmScope) pmScopes.set(teamId, pmScope);
      if (gitScope) gitScopes.set(teamId, gitScope);
      if (!pmScope && !gitScope) missing.add(teamId);
    }),
  );
  return { pmScopes, gitScopes, missing };
}

async function readRepositoryConfigs(client: ReadOnlyClient, repositories: readonly Repository[], options: ReadOptions) {
  const scope = options.repoSettings;
  const wanted = scope === 'all' ? repositories : scope === 'monitored' ? repositories.filter(isMonitored) : [];
  options.onRepositoryConfigs?.(wanted.length);
  const configs = new Map<number, RepositoryConfigResponse>();
  await Promise.all(
    wanted.map(async (repo) => {
      configs.set(repo.id, await client.getRepositoryConfig(repo.id));
    }),
  );
  return configs;
}

/** Chooses the teams once they are known (the list, or used_by of the entities) and reads their scopes. */
async function readChosenTeams(client: ReadOnlyClient, teamList: ListRead<ListedTeam>, entities: Promise<Map<string, EntityRead>>, options: ReadOptions) {
  const source: TeamSource = teamList.listed ? { kind: 'list', teams: teamList.items } : { kind: 'used_by', ids: usedByTeams(await entities) };
  const choice = chooseTeams(source, { teams: options.teams, configTeams: options.configTeams });
  const scopes = await readTeams(client, choice.read);
  // With the list every team is written (its name, parent and members are worth managing alone);
  // without it a team is only worth writing for its scope.
  const written = choice.read.filter((id) => !scopes.missing.has(id) && (teamList.listed || choice.named.has(id) || hasScope(scopes.pmScopes.get(id), scopes.gitScopes.get(id))));
  return { ...scopes, written, missing: [...new Set([...choice.missing, ...scopes.missing])].sort((a, b) => a - b) };
}

export async function readOrganization(client: ReadOnlyClient, options: ReadOptions): Promise<OrganizationRead> {
  const [integrationList, teamList] = await Promise.all([client.listIntegrations(), readTeamList(client.lists)]);
  // A name --teams gives that no team (or more than one) has stops the export here, before any read beyond these two lists.
  const byName = teamIdsByName(options.teamNames ?? [], teamList.listed ? teamList.items : undefined);
  const teamsGiven = byName.length === 0 ? options.teams : [...new Set([...options.teams, ...byName])];
  const integrations = integrationList.items.filter((i) => i.deleted_at === undefined).sort((a, b) => a.id - b.id);
  const pm = integrations.filter((i) => i.type === 'pm');
  const hasGit = integrations.some((i) => i.type === 'git');

  // Promise.all everywhere: a failed read rejects the whole export, and no read is left dangling.
  const repositoriesRead = (hasGit ? client.listAllRepositories() : Promise.resolve([] as Repository[])).then((list) => [...list].sort((a, b) => a.id - b.id));
  const entitiesRead = readEntities(client, pm, options.fixture);
  const [repositories, orgConfig, entities, teams, repositoryConfigs, users] = await Promise.all([
    repositoriesRead,
    client.getOrgConfig(),
    entitiesRead,
    readChosenTeams(client, teamList, entitiesRead, { ...options, teams: teamsGiven }),
    repositoriesRead.then((list) => readRepositoryConfigs(client, list, options)),
    // Members are written by email: the team list carries them; the user list is read only when
    // some member comes without one.
    teamList.listed && membersWithoutEmail(teamList.items) ? readUserList(client.lists) : Promise.resolve(undefined),
  ]);

  return {
    integrations,
    entities,
    teamIds: teams.written,
    teamList,
    ...(users?.listed ? { users: users.items } : {}),
    teamPmScopes: teams.pmScopes,
    teamGitScopes: teams.gitScopes,
    missingTeams: teams.missing,
    repositories,
    orgConfig,
    repositoryConfigs,
    repoSettings: options.repoSettings,
  };
}
