// The reader of one run: each call through the ReadScheduler (routes side by side, stops after a
// failure), each failure turned into an error naming what could not be read, and every GET that
// gave a live object recorded in its sources. readLiveState (read-live.ts) decides what it reads.

import { ApiError } from '../api/errors.js';
import type { ListReads } from '../api/client-lists.js';
import { readTeamList, readUserList, type ListRead } from '../api/team-list.js';
import { TEAMS_ROUTE, USERS_ROUTE } from '../api/requests-lists.js';
import type { ListedTeam, ListedUser } from '../contract/list-types.js';
import { collectEntityPages, collectRepositoryPages } from '../api/paginate.js';
import * as rq from '../api/requests.js';
import type { EntityListResponse, EntityType, Integration, ListIntegrationsResponse, ListEntitiesParams, TeamPmScopeResponse } from '../contract/types.js';
import type { ListRepositoriesParams, ListRepositoriesResponse, OrgConfigResponse, Repository, RepositoryConfigResponse, TeamGitScopeResponse } from '../contract/git-types.js';
import { API_LIMITS } from '../contract/types.js';
import { EmctlError } from '../contract/errors.js';
import type { EntityListRead } from '../core/snapshot.js';
import { finishFullList, type EntityReadSpec, type RepositoryReadSpec } from './read-plan.js';
import { ReadScheduler, allOrFirstFailure, type LaneObserver } from './scheduler.js';
import { emptySources, entityKey, type ReadSources } from './sources.js';

/** The calls the reader makes; EmClient has them all (declared here so the need is explicit). */
export interface StateClient {
  listIntegrations(): Promise<ListIntegrationsResponse>;
  listEntities(type: EntityType, p: ListEntitiesParams): Promise<EntityListResponse>;
  getTeamPmScope(teamId: number, integrationIds?: number[]): Promise<TeamPmScopeResponse>;
  listRepositories(p: ListRepositoriesParams): Promise<ListRepositoriesResponse>;
  getRepositoryConfig(id: number): Promise<RepositoryConfigResponse>;
  getOrgConfig(): Promise<OrgConfigResponse>;
  getTeamGitScope(teamId: number): Promise<TeamGitScopeResponse>;
  /** The service's team list and contributors (DESIGN 13), paged to their totals. */
  readonly lists: Pick<ListReads, 'allTeams' | 'allUsers'>;
}

/** Turns a failed call into an error that says what could not be read; the key is already redacted. */
export function readFailure(what: string, error: unknown): unknown {
  if (error instanceof EmctlError) {
    return new EmctlError('api', `could not read ${what}: ${error.message}`, error.details);
  }
  return error;
}

function is404(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export class LiveReader {
  private readonly scheduler: ReadScheduler;
  readonly sources: ReadSources = emptySources();

  constructor(
    private readonly client: StateClient,
    perRoute: number,
    observer?: LaneObserver,
  ) {
    this.scheduler = new ReadScheduler(perRoute, observer);
  }

  /**
   * One read: scheduled on its route, failures reworded to name what failed. With `on404`, a 404
   * is an answer (the object does not exist), not a failure, so it does not stop the other reads.
   */
  private async read<T, F = never>(route: string, what: string, call: () => Promise<T>, on404?: () => F): Promise<T | F> {
    try {
      return await this.scheduler.run(route, () =>
        call().catch((error: unknown) => {
          if (on404 && is404(error)) return on404();
          throw error;
        }),
      );
    } catch (error) {
      throw readFailure(what, error);
    }
  }

  /** The whole team list, members inline (one paged read), or that this service lists none. */
  async teamList(): Promise<ListRead<ListedTeam>> {
    const read = await this.read(TEAMS_ROUTE, 'the team list', () => readTeamList(this.client.lists));
    if (read.listed) this.sources.teamList = TEAMS_ROUTE.slice('GET '.length);
    return read;
  }

  /** Every contributor (one paged read), or that this service lists none. */
  users(): Promise<ListRead<ListedUser>> {
    return this.read(USERS_ROUTE, 'the contributors (/api/v1/users)', () => readUserList(this.client.lists));
  }

  async integrations(): Promise<Integration[]> {
    const d = rq.listIntegrations();
    const response = await this.read(d.route, 'the integrations list', () => this.client.listIntegrations());
    this.sources.integrations = d.path;
    return response.items;
  }

  /**
   * One entity list sequence: first page, then the rest together (paginate.ts). `record` false
   * leaves the read sources alone (a reachability check is not where a live value came from).
   */
  async entities(spec: EntityReadSpec, record = true): Promise<EntityListRead[]> {
    // include_invalid is sent only when on (off is the default), with_used_by always (on is the default).
    const params: ListEntitiesParams = { integration_ids: spec.integrationIds, with_used_by: spec.withUsedBy };
    if (spec.includeInvalid) params.include_invalid = true;
    if (spec.selectedOnly) params.is_selected_for_collection = true;
    const what = `the ${spec.selectedOnly ? 'selected ' : ''}${spec.type} of integration${spec.integrationIds.length > 1 ? 's' : ''} ${spec.integrationIds.join(', ')}`;
    const route = rq.listEntities(spec.type, params).route;
    const pagePaths = new Map<string, string>();
    const merged = await this.read(route, what, () =>
      collectEntityPages(what, (offset, limit) => {
        const p = { ...params, limit, offset };
        const path = rq.listEntities(spec.type, p).path;
        return this.client.listEntities(spec.type, p).then((page) => {
          if (!record) return page;
          for (const group of page.integrations) {
            for (const e of group.entities) pagePaths.set(entityKey(group.integration_id, spec.type, e.entity_provider_id), path);
          }
          return page;
        });
      }, API_LIMITS.entityPageMax),
    );
    const target = spec.withUsedBy ? this.sources.usedByPages : this.sources.entityPages;
    if (record) for (const [key, path] of pagePaths) target.set(key, path);
    const byIntegration = new Map(merged.integrations.map((g) => [g.integration_id, g.entities] as const));
    // Every integration asked for gets a list, empty when the service returned no group for it:
    // the read covered it and found nothing.
    return spec.integrationIds.map((integrationId) => ({
      integrationId,
      type: spec.type,
      entities: byIntegration.get(integrationId) ?? [],
      withUsedBy: spec.withUsedBy,
      selectedOnly: spec.selectedOnly,
      includesUnreachable: spec.includeInvalid,
    }));
  }

  async teamPmScope(teamId: number, integrationIds: number[]): Promise<TeamPmScopeResponse | 'not_found'> {
    const d = rq.getTeamPmScope(teamId, integrationIds);
    this.sources.teamPmScopes.set(teamId, d.path);
    // Only live PM integration ids are sent, so a 404 here is about the team.
    return this.read(d.route, `the PM scope of team ${teamId}`, () => this.client.getTeamPmScope(teamId, integrationIds), () => 'not_found' as const);
  }

  async teamGitScope(teamId: number): Promise<TeamGitScopeResponse | 'not_found'> {
    const d = rq.getTeamGitScope(teamId);
    this.sources.teamGitScopes.set(teamId, d.path);
    return this.read(d.route, `the Git scope of team ${teamId}`, () => this.client.getTeamGitScope(teamId), () => 'not_found' as const);
  }

  async orgConfig(): Promise<OrgConfigResponse> {
    const d = rq.getOrgConfig();
    this.sources.orgConfig = d.path;
    return this.read(d.route, 'the organization Git configuration', () => this.client.getOrgConfig());
  }

  /** A repository's configuration; undefined on 404 (the caller decides whether that is an error). */
  async repositoryConfig(id: number): Promise<RepositoryConfigResponse | undefined> {
    const d = rq.getRepositoryConfig(id);
    const config = await this.read(d.route, `the configuration of repository ${id}`, () => this.client.getRepositoryConfig(id), () => undefined);
    if (config) this.sources.repositoryConfigs.set(id, d.path);
    return config;
  }

  /** Told of every repository page as it arrives (the configuration reads start from them). */
  onRepositoryPage: ((items: readonly Repository[]) => void) | undefined;

  /** How many repositories are monitored or failing: one call, page_size 1, only its total used. */
  async monitoredTotal(): Promise<number> {
    const p: ListRepositoriesParams = { state: ['monitored', 'failing'], page: 1, page_size: 1 };
    const d = rq.listRepositories(p);
    const page = await this.read(d.route, 'the count of monitored repositories', () => this.client.listRepositories(p));
    return page.total;
  }

  private repositoryPage(p: ListRepositoriesParams, what: string): Promise<ListRepositoriesResponse> {
    const d = rq.listRepositories(p);
    return this.read(d.route, what, () => this.client.listRepositories(p)).then((page) => {
      for (const repo of page.items) this.sources.repositories.set(repo.id, d.path);
      this.onRepositoryPage?.(page.items);
      return page;
    });
  }

  /** The whole list, reusing an already read first page once. */
  private async allRepositories(first?: ListRepositoriesResponse): Promise<Repository[]> {
    let probe = first;
    return collectRepositoryPages('the repository list', (page, pageSize) => {
      if (page === 1 && probe) {
        const p = probe;
        probe = undefined; // a re-read after the list moved fetches page 1 again
        return Promise.resolve(p);
      }
      return this.repositoryPage({ page, page_size: pageSize }, `page ${page} of the repository list`);
    }, API_LIMITS.repoPageSizeMax);
  }

  private async repositoriesByName(names: readonly string[]): Promise<Repository[]> {
    const lists = await allOrFirstFailure(
      names.map((name) =>
        collectRepositoryPages(`repositories named "${name}"`, (page, pageSize) =>
          this.repositoryPage({ name, page, page_size: pageSize }, `repositories named "${name}"`), API_LIMITS.repoPageSizeMax),
      ),
    );
    return lists.flat();
  }

  async repositories(spec: RepositoryReadSpec): Promise<{ items: Repository[]; complete: boolean }> {
    switch (spec.mode) {
      case 'none':
        return { items: [], complete: false };
      case 'all':
        return { items: await this.allRepositories(), complete: true };
      case 'names':
        return { items: await this.repositoriesByName(spec.names), complete: false };
      case 'probe': {
        const first = await this.repositoryPage({ page: 1, page_size: API_LIMITS.repoPageSizeMax }, 'page 1 of the repository list');
        if (finishFullList(first.total, spec.names)) return { items: await this.allRepositories(first), complete: true };
        // Page 1 is dropped: the snapshot holds either the whole list or exactly the named ones.
        for (const repo of first.items) this.sources.repositories.delete(repo.id);
        return { items: await this.repositoriesByName(spec.names), complete: false };
      }
    }
  }
}
