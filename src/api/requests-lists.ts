// Pure request descriptions of the service's own lists (DESIGN.md section 13): routes api-spec.md
// does not show, called as public clients of the service call them (api-notes.md), checked against
// their limits before anything is sent (requests.ts does the same for the documented endpoints).

import { InvalidRequestError } from './errors.js';
import { buildQuery, type RequestDescription } from './requests.js';
import { LIST_PAGE_SIZE_MAX, TEAM_SEARCH_TERM_MAX, type ListTeamsParams, type ListUsersParams } from '../contract/list-types.js';

export const TEAMS_ROUTE = 'GET /api/v2/teams';
export const USERS_ROUTE = 'GET /api/v1/users';
export const SERVICES_ROUTE = 'GET /api/v1/services';
export const HEALTH_ROUTE = 'GET /api/v1/health';
export const KNOWN_REPOSITORIES_ROUTE = 'GET /api/v1/repositories';

function fail(route: string, problem: string): never {
  throw new InvalidRequestError(route, problem);
}

function checkPaging(route: string, p: { offset?: number; page_size?: number }): void {
  if (p.offset !== undefined && (!Number.isSafeInteger(p.offset) || p.offset < 0)) fail(route, `offset must be an integer >= 0, got ${String(p.offset)}`);
  if (p.page_size !== undefined && (!Number.isInteger(p.page_size) || p.page_size < 1 || p.page_size > LIST_PAGE_SIZE_MAX)) {
    fail(route, `page_size must be an integer from 1 to ${LIST_PAGE_SIZE_MAX}, got ${String(p.page_size)}`);
  }
}

function describeGet(route: string, query = ''): RequestDescription {
  return { method: 'GET', route, path: route.slice('GET '.length) + query };
}

/** One page of the team list. */
export function listTeams(p: ListTeamsParams = {}): RequestDescription {
  checkPaging(TEAMS_ROUTE, p);
  const term = p.search_term;
  if (term !== undefined && (term.length < 1 || term.length > TEAM_SEARCH_TERM_MAX)) {
    fail(TEAMS_ROUTE, `search_term must be 1 to ${TEAM_SEARCH_TERM_MAX} characters long, got ${term.length}`);
  }
  return describeGet(
    TEAMS_ROUTE,
    buildQuery([
      ['offset', p.offset],
      ['page_size', p.page_size],
      ['search_term', term],
      ['nonmerged_members_only', p.nonmerged_members_only],
    ]),
  );
}

/** One page of the contributors. */
export function listUsers(p: ListUsersParams = {}): RequestDescription {
  checkPaging(USERS_ROUTE, p);
  return describeGet(USERS_ROUTE, buildQuery([['offset', p.offset], ['page_size', p.page_size]]));
}

/** One page of the services. */
export function listServices(p: { offset?: number; page_size?: number } = {}): RequestDescription {
  checkPaging(SERVICES_ROUTE, p);
  return describeGet(SERVICES_ROUTE, buildQuery([['offset', p.offset], ['page_size', p.page_size]]));
}

export function health(): RequestDescription {
  return describeGet(HEALTH_ROUTE);
}

/** Every repository the service knows, as one plain array (the vendor's agent plugin reads it). */
export function listKnownRepositories(): RequestDescription {
  return describeGet(KNOWN_REPOSITORIES_ROUTE);
}
