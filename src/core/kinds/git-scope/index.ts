// One key of a team's Git scope: `team[42].git.repositories`. Its diff (diff.ts), its calls
// (calls.ts: they wait for the monitoring starts of the repositories they add) and its predicted
// refusal: a repository that is not monitored after the plan cannot be in a team's Git scope.

import type { PlanDraft, TargetOf } from '../../draft.js';
import { isMonitored } from '../../monitoring-decisions.js';
import type { Kind, KindChange } from '../kind.js';
import { refuse } from '../shared/refusals.js';
import { droppedFromGitScopes, planGitScopes } from './calls.js';
import { diffGitScopes } from './diff.js';
import { gitScopeReads } from './reads.js';
import { exportGitScopes } from './export.js';
import { gitScopeOwnership } from './ownership.js';
import { gitScopeAnswers } from './answers.js';
import { gitScopeLiveSource } from './address.js';
import { countGitScopes, gitScopeNarrowing, gitScopeSyntax, knownGitScopes } from './shape.js';

/** Where the Git scope writes go in the plan's list of calls (kind.ts CallGroup). */
const PLACE = 50;

export const gitScope: Kind<'git-scope', TargetOf<'git-scope'>> = {
  kind: 'git-scope',
  section: 'Teams',
  teamOf: (target) => target.teamId,
  diff: (draft) => diffGitScopes(draft),
  facts: (changes) => ({ droppedRepositories: droppedFromGitScopes(changes) }),
  calls: {
    needs: ['monitoringCalls'],
    plan: (changes, offers) => ({ groups: [{ place: PLACE, ops: planGitScopes(changes, offers.monitoringCalls) }] }),
  },
  predict(c, draft, facts) {
    if (c.target.key === 'repositories') unmonitoredInGitScope(draft, c, facts.monitoredAfter);
  },
  // What its objects need read (reads.ts).
  reads: gitScopeReads,
  // Export: how its live objects are written back as config (export.ts).
  export: exportGitScopes,
  // What an answer proves.
  ownership: gitScopeOwnership,
  answers: gitScopeAnswers,
  // Where a change's live value was read (address.ts).
  liveSource: gitScopeLiveSource,
  // Shape: where its objects sit in a config, by their addresses (shape.ts).
  known: knownGitScopes,
  narrowing: gitScopeNarrowing,
  syntax: gitScopeSyntax,
  count: countGitScopes,
};

function unmonitoredInGitScope(draft: PlanDraft, c: KindChange<TargetOf<'git-scope'>>, monitoringAfter: ReadonlyMap<number, boolean>): void {
  for (const id of c.target.after) {
    const repo = draft.repos.byId.get(id);
    if (!repo) continue;
    const monitoredAfter = monitoringAfter.get(id) ?? isMonitored(repo);
    if (monitoredAfter) continue;
    const why = isMonitored(repo) ? 'this plan stops monitoring it' : 'it is not monitored and this plan does not start monitoring it';
    refuse(draft, c, `repository ${repo.name} (${id}) cannot be in team ${c.target.teamId}'s Git scope: ${why} (the service refuses the write)`);
  }
}
