// The service's own lists (DESIGN.md section 13) as the client reads them: the team list and the
// contributors paged by offset to `total` (paginate.ts: a list that moves is read again, a broken
// one is a shape error naming the route, never an endless read or a short list), the services,
// the health check and the plain repository list. Every call goes through the client's one call
// path (pacing: each route is its own lane, so the team list is read beside everything else).

import type { KnownRepository, ListedTeam, ListedUser, ListTeamsParams, ListUsersParams, ServiceListResponse, TeamListResponse, UserListResponse, HealthResponse } from '../contract/list-types.js';
import { LIST_PAGE_SIZE_MAX } from '../contract/list-types.js';
import { collectOffsetPages } from './paginate.js';
import * as rq from './requests-lists.js';
import type { RequestDescription } from './requests.js';

/** What the list reads need of the client: its call path and its shape error. */
export interface ListWire {
  call<T>(d: RequestDescription): Promise<T>;
  /** An ApiError saying the 200 answer of `d`'s route does not have the documented shape. */
  shapeError(d: RequestDescription, problem: string): Error;
}

export class ListReads {
  constructor(private readonly wire: ListWire) {}

  /** One page of the team list. */
  teamsPage(p?: ListTeamsParams): Promise<TeamListResponse> {
    return this.wire.call(rq.listTeams(p));
  }

  /** Every team (matching `search_term`, when given), 50 a page, to `total`; `firstPageAnswered` as collectOffsetPages says. */
  allTeams(p: Omit<ListTeamsParams, 'offset' | 'page_size'> = {}, firstPageAnswered?: () => void): Promise<ListedTeam[]> {
    return collectOffsetPages(
      (offset, size) => this.teamsPage({ ...p, offset, page_size: size }),
      LIST_PAGE_SIZE_MAX,
      (problem) => this.wire.shapeError(rq.listTeams(p), problem),
      firstPageAnswered,
    );
  }

  /** One page of the contributors. */
  usersPage(p?: ListUsersParams): Promise<UserListResponse> {
    return this.wire.call(rq.listUsers(p));
  }

  /** Every contributor, 50 a page, to `total`; `firstPageAnswered` as collectOffsetPages says. */
  allUsers(firstPageAnswered?: () => void): Promise<ListedUser[]> {
    return collectOffsetPages((offset, size) => this.usersPage({ offset, page_size: size }), LIST_PAGE_SIZE_MAX, (problem) => this.wire.shapeError(rq.listUsers(), problem), firstPageAnswered);
  }

  /** Every service, 50 a page, to `total`. */
  allServices(): Promise<ServiceListResponse['items']> {
    return collectOffsetPages((offset, size) => this.wire.call<ServiceListResponse>(rq.listServices({ offset, page_size: size })), LIST_PAGE_SIZE_MAX, (problem) => this.wire.shapeError(rq.listServices(), problem));
  }

  health(): Promise<HealthResponse> {
    return this.wire.call(rq.health());
  }

  /** Every repository the service knows, one plain array. */
  knownRepositories(): Promise<KnownRepository[]> {
    return this.wire.call(rq.listKnownRepositories());
  }
}
