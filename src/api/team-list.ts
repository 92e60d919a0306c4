// The team list and the contributors where the service has them (DESIGN.md section 13). An older
// service answers these routes 404 or 405: that is not a failure but "no list here", and emctl
// falls back to its discovery of before (PM entities' used_by, scope reads), saying so once. Only
// the first page says so: a list whose first page came and whose later page answers 404 exists and
// failed to be read. Any other failure is an error like every failed read: a failed read never
// looks like "nothing exists".

import type { ListedTeam, ListedUser, ListRead } from '../contract/list-types.js';
import { ApiError } from './errors.js';
import type { ListReads } from './client-lists.js';
import { TEAMS_ROUTE, USERS_ROUTE } from './requests-lists.js';

export type { ListRead } from '../contract/list-types.js';

async function readListed<T>(route: string, read: (firstPageAnswered: () => void) => Promise<T[]>): Promise<ListRead<T>> {
  let answered = false;
  try {
    return { listed: true, items: await read(() => (answered = true)) };
  } catch (error) {
    if (!answered && error instanceof ApiError && error.route === route && (error.status === 404 || error.status === 405)) return { listed: false, route, status: error.status };
    throw error;
  }
}

/** Every team the service lists (its own two included), or that it lists none. */
export function readTeamList(lists: Pick<ListReads, 'allTeams'>): Promise<ListRead<ListedTeam>> {
  return readListed(TEAMS_ROUTE, (answered) => lists.allTeams({}, answered));
}

/** Every contributor the service lists, or that it lists none. */
export function readUserList(lists: Pick<ListReads, 'allUsers'>): Promise<ListRead<ListedUser>> {
  return readListed(USERS_ROUTE, (answered) => lists.allUsers(answered));
}

/** The one line said on stderr when the service has no list: which route, and what emctl does instead. */
export function unlistedNotice(read: { route: string; status: number }, instead: string): string {
  return `note: this service does not list ${read.route === USERS_ROUTE ? 'contributors' : 'teams'} (${read.route} answered ${read.status}: an older service); ${instead}`;
}
