// The service's team list and contributors for one run of emctl (DESIGN.md section 13): each read
// at most once, when first needed, and shared by every request of the run (reports, goals). A
// service that lists none (an older one answers 404 or 405) is said once on stderr; emctl then
// names and resolves teams as it did before (the config, used_by, scope reads: team-names.ts).

import type { ListReads } from '../api/client-lists.js';
import { readTeamList, readUserList, unlistedNotice, type ListRead } from '../api/team-list.js';
import type { ListedTeam, ListedUser } from '../contract/list-types.js';

/** The part of the client the directory reads through (EmClient's `lists`). */
export type DirectoryLists = Pick<ListReads, 'allTeams' | 'allUsers'>;

/** What emctl does instead, per list, in the one notice of an older service. */
const INSTEAD = {
  teams: 'team names come from the config, then from the boards and projects that use them and team scope reads; a team named in a request must be named by id or by a `name:` in the config',
  users: 'contributor names stay empty',
} as const;

export class ServiceDirectory {
  private teamRead: Promise<ListRead<ListedTeam>> | undefined;
  private userRead: Promise<ListRead<ListedUser>> | undefined;
  private told = false;

  constructor(
    private readonly lists: DirectoryLists,
    private readonly notice: (text: string) => void,
  ) {}

  /** Every team the service lists (its own two included), or undefined where it lists none. */
  async teams(): Promise<readonly ListedTeam[] | undefined> {
    this.teamRead ??= readTeamList(this.lists);
    return this.listed(await this.teamRead, INSTEAD.teams);
  }

  /** Every contributor the service lists, or undefined where it lists none. */
  async users(): Promise<readonly ListedUser[] | undefined> {
    this.userRead ??= readUserList(this.lists);
    return this.listed(await this.userRead, INSTEAD.users);
  }

  private listed<T>(read: ListRead<T>, instead: string): readonly T[] | undefined {
    if (read.listed) return read.items;
    if (!this.told) {
      this.told = true;
      this.notice(unlistedNotice(read, instead));
    }
    return undefined;
  }
}
