// What a Git scope write's answer proves: the service answers every write of a team's Git scope
// with the whole scope after it (api-spec), so apply's own-result check takes the team's scope
// from its last answer instead of reading it again.

import type { TeamGitScopeResponse } from '../../../contract/git-types.js';
import type { DesiredConfig } from '../../model.js';
import type { LiveSnapshot } from '../../snapshot.js';
import type { AnswerLedger, KindAnswers } from '../kind.js';

const WRITES = /^(?:PUT|PATCH|DELETE) \/api\/v1\/git\/config\/teams\/\{team_id\}\/scope(?:\/\{scope_key\})?$/;
const TEAM_IN_PATH = /\/teams\/(\d+)\//;

/** The last answer of each team's Git scope written; a team whose last write failed or was lost is not here. */
class GitScopeAnswers implements AnswerLedger {
  private readonly scopes = new Map<number, TeamGitScopeResponse>();

  answered(path: string, body: unknown): void {
    const answer = body as TeamGitScopeResponse | undefined;
    if (answer !== undefined && typeof answer.team_id === 'number') this.scopes.set(answer.team_id, answer);
    else this.failed(path);
  }

  failed(path: string): void {
    this.scopes.delete(Number(TEAM_IN_PATH.exec(path)?.[1] ?? Number.NaN));
  }

  unshown(config: DesiredConfig): DesiredConfig {
    if (this.scopes.size === 0) return config;
    const teams = config.teams.map((team) => {
      if (team.id === undefined || !this.scopes.has(team.id)) return team;
      const kept = { ...team };
      delete kept.git;
      return kept;
    });
    return { ...config, teams };
  }

  land(after: LiveSnapshot): void {
    for (const [id, scope] of this.scopes) after.teamGitScopes.set(id, scope);
  }
}

export const gitScopeAnswers: KindAnswers = {
  carries: (route) => WRITES.test(route),
  ledger: () => new GitScopeAnswers(),
};
