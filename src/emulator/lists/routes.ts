// The lists of DESIGN.md section 13, routes the spec does not show but public clients of the
// service call first: the team list (the connector's key probe, the vendor's scripts' lookup of a
// team by name), contributors, services, the health check and the plain repository list. Each
// answers with and without a trailing slash (the router ignores one). Their queries are read
// leniently, as the service's framework reads them: unknown parameters are ignored, a declared one
// that is invalid is refused with 422 in the Pydantic shape. A bad or missing key is 403 (the
// router), the health check needs none.

import { LIST_PAGE_SIZE_MAX, TEAM_SEARCH_TERM_MAX, type KnownRepository, type ServiceListResponse, type UserListResponse } from '../../contract/list-types.js';
import { Query } from '../route/params.js';
import type { Reply } from '../route/reply.js';
import type { Route, RouteContext } from '../route/route.js';
import type { People } from './people.js';
import { listTeams } from './teams.js';

const STATUS = 422;

/** What the list routes read of the emulator's store (store.ts): the contributors, indexed at load. */
export interface ListStore {
  readonly people: People;
}

type ListContext = RouteContext & { store: ListStore };

function paging(q: Query): { offset: number; pageSize: number } {
  const offset = q.int('offset', { min: 0 }) ?? 0;
  const pageSize = q.int('page_size', { min: 1, max: LIST_PAGE_SIZE_MAX }) ?? LIST_PAGE_SIZE_MAX;
  return { offset, pageSize };
}

function teamsRoute(ctx: ListContext): Reply {
  const q = new Query(ctx.query, ['offset', 'page_size', 'search_term', 'nonmerged_members_only'], STATUS, 'lenient');
  const { offset, pageSize } = paging(q);
  const searchTerm = q.string('search_term', { min: 1, max: TEAM_SEARCH_TERM_MAX });
  const nonmergedOnly = q.bool('nonmerged_members_only') ?? false;
  q.done();
  return { status: 200, body: listTeams(ctx.state, ctx.store.people, { offset, pageSize, searchTerm, nonmergedOnly }) };
}

function usersRoute(ctx: ListContext): Reply {
  const q = new Query(ctx.query, ['offset', 'page_size'], STATUS, 'lenient');
  const { offset, pageSize } = paging(q);
  q.done();
  const people = ctx.store.people.all;
  const body: UserListResponse = {
    total: people.length,
    items: people.slice(offset, offset + pageSize).map((p) => ({ id: p.id, name: p.name, email: p.email, provider_id: p.provider_id, team_ids: [...p.team_ids] })),
  };
  return { status: 200, body };
}

function servicesRoute(ctx: ListContext): Reply {
  const q = new Query(ctx.query, ['offset', 'page_size'], STATUS, 'lenient');
  const { offset, pageSize } = paging(q);
  q.done();
  const services = [...ctx.state.services.values()].sort((a, b) => a.id - b.id);
  const body: ServiceListResponse = { total: services.length, items: services.slice(offset, offset + pageSize).map((s) => ({ id: s.id, name: s.name })) };
  return { status: 200, body };
}

function repositoriesRoute(ctx: ListContext): Reply {
  const body: KnownRepository[] = ctx.state.reposSorted.map((r) => ({ id: r.id, name: r.name, http_url: r.http_url, provider: r.provider, state: r.state }));
  return { status: 200, body };
}

export const LIST_ROUTES: Route<{ store: ListStore }>[] = [
  { method: 'GET', template: '/api/v2/teams', family: 'lists', handle: teamsRoute },
  { method: 'GET', template: '/api/v1/users', family: 'lists', handle: usersRoute },
  { method: 'GET', template: '/api/v1/services', family: 'lists', handle: servicesRoute },
  { method: 'GET', template: '/api/v1/repositories', family: 'lists', handle: repositoriesRoute },
  { method: 'GET', template: '/api/v1/health', family: 'health', handle: () => ({ status: 200, body: { status: 'ok' } }) },
];
