// What a Git scope write's answer proves: the service answers every write of a team's Git scope
// with the whole scope after it (api-spec), so apply's own-result check takes the team's scope
// from its last answer instead of reading it again.

import type { TeamGitScopeResponse } from '../../../contract/git-types.js';
import type { DesiredConfig } from '../../model.js';
import type { LiveSnapshot } from '../../snapshot.js';
import type { AnswerLedger, KindAnswers } from '../kind.js';
import { AnswersById } from '../shared/answers-by-id.js';

const WRITES = /^(?:PUT|PATCH|DELETE) \/api\/v1\/git\/config\/teams\/\{team_id\}\/scope(?:\/\{scope_key\})?$/;
const TEAM_IN_PATH = /\/teams\/(\d+)\//;

/** The last answer of each team's Git scope written; a team whose last write failed or was lost is not here. */
class GitScopeAnswers extends AnswersById<TeamGitScopeResponse> implements AnswerLedger {
  constructor() {
    super((answer) => answer.team_id, TEAM_IN_PATH);
  }

  unshown(config: DesiredConfig): DesiredConfig {
    if (this.byId.size === 0) return config;
    const teams = config.teams.map((team) => {
      if (team.id === undefined || !this.byId.has(team.id)) return team;
      const kept = { ...team };
      delete kept.git;
      return kept;
    });
    return { ...config, teams };
  }

  land(after: LiveSnapshot): void {
    for (const [id, scope] of this.byId) after.teamGitScopes.set(id, scope);
  }
}

export const gitScopeAnswers: KindAnswers = {
  carries: (route) => WRITES.test(route),
  ledger: () => new GitScopeAnswers(),
};
