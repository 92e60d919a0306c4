// What a team's own properties need read: the team list, beside the integrations (a name key gets
// its id from it before the team's scopes are read, and a property is judged against the listed
// team), and, under exact ownership, the scopes of the listed teams the file does not write (a
// plan shows what goes with each team it deletes).

import type { KindReads } from '../shared/read-needs.js';
import { writesTeam } from './address.js';

export const teamReads: KindReads = {
  directories: (config) => ({
    teamList:
      config.ownership?.teams === 'exact' ||
      config.teams.some(writesTeam),
  }),
  needs: (config) => ({ unwrittenTeamScopes: config.ownership?.teams === 'exact' }),
};
