// Wire types of the service's own lists (DESIGN.md section 13): teams, contributors (users),
// services, the health check and the plain repository list. api-spec.md does not show these
// routes; their shapes are those public clients of the service read (api-notes.md, "Routes the
// spec does not show"). Shared by the client (src/api) and the emulator (src/emulator).

/** A page of these lists holds at most this many items (`page_size` 1-50, default 50). */
export const LIST_PAGE_SIZE_MAX = 50;
/** `search_term` of the team list: 1-100 characters. */
export const TEAM_SEARCH_TERM_MAX = 100;

/**
 * The two teams the service keeps itself: `All Teams`, the parent of every top-level team, and
 * `All Contributors`, holding every contributor. Clients find them by name and leave them out of
 * per-team work; emctl never writes them to a config, and `teams: all` leaves them out.
 */
export const SERVICE_TEAM_NAMES = { allTeams: 'All Teams', allContributors: 'All Contributors' } as const;

/** Whether a listed team is one of the service's own two: named so, at the top (no parent). */
export function isServiceTeam(team: Pick<ListedTeam, 'name' | 'parent_id'>): boolean {
  return (team.parent_id ?? null) === null && (team.name === SERVICE_TEAM_NAMES.allTeams || team.name === SERVICE_TEAM_NAMES.allContributors);
}

/** Emails known for contributors, by id: from the team list and, when it was read, the user list. */
export type EmailBook = ReadonlyMap<number, string>;

const hasEmail = (c: Pick<ListedContributor, 'email'>): boolean => typeof c.email === 'string' && c.email.includes('@');

/** Contributors without an email in the team list: only then is the user list worth a read. */
export function membersWithoutEmail(teams: readonly ListedTeam[]): boolean {
  return teams.some((t) => !isServiceTeam(t) && t.contributors.some((c) => !hasEmail(c)));
}

/** Every email the lists show, by contributor id (the team list first, then the user list). */
export function emailBook(teams: readonly ListedTeam[], users: readonly Pick<ListedContributor, 'id' | 'email'>[] = []): Map<number, string> {
  const book = new Map<number, string>();
  for (const c of [...teams.flatMap((t) => t.contributors), ...users]) {
    if (!book.has(c.id) && hasEmail(c)) book.set(c.id, c.email);
  }
  return book;
}

/**
 * A list read whole, or (an older service answers its route 404 or 405) the route and status that
 * say the service has no such list: not a failure, and never read as an empty list.
 */
export type ListRead<T> = { listed: true; items: T[] } | { listed: false; route: string; status: number };

export interface ListedContributor {
  id: number;
  name: string;
  email: string;
  provider_id: string;
}

export interface ListedTeam {
  id: number;
  name: string;
  /** The parent team; null at the top (`All Teams` and `All Contributors`). */
  parent_id: number | null;
  /** 1-3 characters, null when none was given (older services leave it out). */
  initials?: string | null;
  /** #RGB or #RRGGBB (older services leave it out). */
  color?: string;
  contributors: ListedContributor[];
}

export interface TeamListResponse {
  total: number;
  items: ListedTeam[];
}

export interface ListTeamsParams {
  offset?: number;
  page_size?: number;
  /** Case-insensitive substring of the team's name, 1-100 characters. */
  search_term?: string;
  /** Leave out contributors whose identity the service merged into another contributor. */
  nonmerged_members_only?: boolean;
}

export interface ListedUser extends ListedContributor {
  /** The teams the contributor belongs to (not the service's own two). */
  team_ids: number[];
}

export interface UserListResponse {
  total: number;
  items: ListedUser[];
}

export interface ListUsersParams {
  offset?: number;
  page_size?: number;
}

/** A repository of a service: `url` as a generated OpenAPI copy reads it, `id` and `name` as a customer's script does. */
export interface ServiceRepository {
  id: number;
  name: string;
  url: string;
  paths: string[];
}

export interface ServiceListResponse {
  total: number;
  items: { id: number; name: string; repositories?: ServiceRepository[] }[];
}

export interface HealthResponse {
  status: string;
}

/** An item of `GET /api/v1/repositories` (a plain array): what the vendor's agent plugin reads. */
export interface KnownRepository {
  id: number;
  name: string;
  http_url: string;
  provider: string;
  state: string;
}
