// What a team's methodology needs read: the team's PM scope read on its integration (the answer
// carries each scope's methodology), as the team's PM scope keys do; the read plan reads each team
// once for all its integrations.

import type { KindReads } from '../shared/read-needs.js';
import { listedTeams } from '../shared/team-directory.js';

export const methodologyReads: KindReads = {
  needs: (config) => ({
    teamPmScopes: listedTeams(config).flatMap((team) => team.pm.filter((s) => s.methodology !== undefined).map((s) => ({ teamId: team.id, integration: s.integration }))),
  }),
};
