// Checks of the fixture's `activity:` section beyond its schema: ids unique, references to
// repositories, teams and contributors that exist, timestamps that parse and come in a sane order,
// AI dev tool ids the spec knows. One pass over each list, with Maps and Sets (500,000 PRs check in
// well under a second).

import { isDevToolId } from '../contract/metrics.js';
import type { Fixture, FixtureProblem } from './fixture-types.js';
import type { ActivityPullRequest } from './metrics/types.js';

type Stamp = 'first_commit_at' | 'opened_at' | 'first_review_at' | 'approved_at' | 'merged_at' | 'released_at';

/** Each event and the event it cannot come before (DESIGN.md §6.2's durations must not be negative). */
const ORDER: readonly [Stamp, Stamp][] = [
  ['opened_at', 'first_commit_at'],
  ['first_review_at', 'opened_at'],
  ['approved_at', 'opened_at'],
  ['merged_at', 'opened_at'],
  ['released_at', 'merged_at'],
];
const STAMPS: readonly Stamp[] = ['first_commit_at', 'opened_at', 'first_review_at', 'approved_at', 'merged_at', 'released_at'];
const TOOLS = ['coding_assistant', 'ai_review', 'agentic_pr'] as const;

function when(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  return Date.parse(value);
}

function checkPullRequest(pr: ActivityPullRequest, at: (string | number)[]): FixtureProblem | undefined {
  const times = new Map<Stamp, number>();
  for (const stamp of STAMPS) {
    const t = when(pr[stamp]);
    if (t === undefined) continue;
    if (Number.isNaN(t)) return { path: [...at, stamp], message: `"${pr[stamp]}" is not a valid timestamp` };
    times.set(stamp, t);
  }
  for (const [later, earlier] of ORDER) {
    const a = times.get(later);
    if (a === undefined) continue;
    const b = times.get(earlier);
    if (b === undefined) return { path: [...at, later], message: `${later} needs ${earlier}` };
    if (a < b) return { path: [...at, later], message: `${later} (${pr[later]}) is before ${earlier} (${pr[earlier]})` };
  }
  for (const tool of TOOLS) {
    const id = pr[tool];
    if (id !== null && id !== undefined && !isDevToolId(id)) return { path: [...at, tool], message: `${id} is not an AI dev tool id (1-92, not 44)` };
  }
  return undefined;
}

/** The first problem of the activity section, or undefined. */
export function checkActivity(f: Fixture): FixtureProblem | undefined {
  const activity = f.activity;
  if (!activity) return undefined;
  if (activity.generate && (activity.contributors || activity.pull_requests || activity.releases)) {
    return { path: ['activity', 'generate'], message: 'give either generate or the lists (contributors, pull_requests, releases), not both' };
  }
  const repos = new Set((f.repositories ?? []).map((r) => r.id));
  const teams = new Set((f.teams ?? []).map((t) => t.id));
  const contributors = new Set<number>();
  for (const [i, c] of (activity.contributors ?? []).entries()) {
    if (contributors.has(c.id)) return { path: ['activity', 'contributors', i, 'id'], message: `id ${c.id} is used twice` };
    contributors.add(c.id);
    const team = (c.team_ids ?? []).findIndex((t) => !teams.has(t));
    if (team >= 0) return { path: ['activity', 'contributors', i, 'team_ids', team], message: `team ${c.team_ids[team]} is not defined` };
  }
  const prIds = new Set<number>();
  for (const [i, pr] of (activity.pull_requests ?? []).entries()) {
    const at = ['activity', 'pull_requests', i];
    if (prIds.has(pr.id)) return { path: [...at, 'id'], message: `id ${pr.id} is used twice` };
    prIds.add(pr.id);
    if (!repos.has(pr.repository_id)) return { path: [...at, 'repository_id'], message: `repository ${pr.repository_id} is not defined` };
    if (!contributors.has(pr.author_id)) return { path: [...at, 'author_id'], message: `contributor ${pr.author_id} is not in activity.contributors` };
    const problem = checkPullRequest(pr, at);
    if (problem) return problem;
  }
  for (const [i, r] of (activity.releases ?? []).entries()) {
    if (!repos.has(r.repository_id)) return { path: ['activity', 'releases', i, 'repository_id'], message: `repository ${r.repository_id} is not defined` };
    if (Number.isNaN(Date.parse(r.at))) return { path: ['activity', 'releases', i, 'at'], message: `"${r.at}" is not a valid timestamp` };
  }
  const end = activity.generate?.end;
  if (end !== undefined && Number.isNaN(Date.parse(`${end}T00:00:00Z`))) return { path: ['activity', 'generate', 'end'], message: `"${end}" is not a valid date` };
  return undefined;
}
