// What a team's member set needs read: the team list (it lists each team's contributors), and the
// users list when a member is named by email (it resolves emails).

import type { KindReads } from '../shared/read-needs.js';

export const teamMembersReads: KindReads = {
  directories: (config) => ({
    teamList: config.teams.some((t) => t.members !== undefined),
    userList: config.teams.some((t) => t.members?.some((m) => 'email' in m) === true),
  }),
};
