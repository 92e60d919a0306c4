// Synthetic activity for the measurement endpoints (DESIGN.md §6.2): contributors in the fixture's
// teams, pull requests with skewed (log-normal) stage durations, releases, AI dev tool ids on a
// share of PRs, and some PRs on branches a typical exclude_branches / exclude_base_branches drops
// (dependabot/, renovate/, release/). Deterministic for a seed and an end day.
//
// Memory matters here (500,000 PRs must fit the emulator in well under 1 GB): every PR object has
// the same shape (null for "did not happen") and shares its labels array with others.

import type { ActivityGenerateSpec, Fixture } from './fixture-types.js';
import type { Activity, ActivityContributor, ActivityPullRequest, ActivityRelease } from './metrics/types.js';
import { seededRandom } from './traffic.js';

/** What the generator needs of the organization: its teams, their Git scopes, its repositories. */
export interface ActivityOrg {
  teamIds: readonly number[];
  /** team id -> repository ids of its Git scope (authors work mostly there, so team rows have data). */
  teamRepos: ReadonlyMap<number, readonly number[]>;
  /** Repositories PRs may land in (the monitored ones, else all). */
  repositoryIds: readonly number[];
}

const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;
const FIRST_NAMES = ['Ana', 'Ben', 'Chen', 'Dara', 'Eli', 'Fatima', 'Gus', 'Hana', 'Ivan', 'Jo', 'Kai', 'Lena', 'Milo', 'Nia', 'Omar', 'Pia', 'Quinn', 'Rosa', 'Sam', 'Tara', 'Uma', 'Vic', 'Wen', 'Yara', 'Zed'];
const LABEL_SETS: readonly (readonly string[])[] = [[], [], [], ['backend'], ['frontend'], ['mobile'], ['infra'], ['tech-debt'], ['bug'], ['backend', 'bug'], ['frontend', 'tech-debt']];
const CODING_ASSISTANTS = [3, 3, 3, 7, 7, 12, 21];
const AI_REVIEWERS = [17, 17, 31];
const AGENTS = [55, 60, 71];

/** Defaults of the spec, from the organization's size. */
export function activityDefaults(spec: ActivityGenerateSpec, teams: number): Required<Omit<ActivityGenerateSpec, 'end'>> {
  const months = spec.months ?? 6;
  return {
    seed: spec.seed ?? 1,
    months,
    prs: spec.prs ?? Math.max(100, 40 * months * Math.max(1, teams)),
    contributors: spec.contributors ?? Math.max(5, 6 * teams),
  };
}

/** The exclusive end of generated activity: `end` (yyyy-mm-dd) or the start of today, UTC. */
export function activityEnd(spec: ActivityGenerateSpec, now: Date): number {
  if (spec.end !== undefined) return Date.parse(`${spec.end}T00:00:00Z`);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

export function generateActivity(spec: ActivityGenerateSpec, org: ActivityOrg, now: Date): Activity {
  const { seed, months, prs, contributors: contributorCount } = activityDefaults(spec, org.teamIds.length);
  const random = seededRandom(seed);
  const end = activityEnd(spec, now);
  const startDate = new Date(end);
  startDate.setUTCMonth(startDate.getUTCMonth() - months);
  const start = startDate.getTime();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  // Log-normal minutes around a median: exp(ln(median) + sigma * z), z standard normal (Box-Muller).
  const logNormal = (median: number, sigma: number) => median * Math.exp(sigma * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()));

  const contributors: ActivityContributor[] = [];
  for (let i = 0; i < contributorCount; i++) {
    const teamIds: number[] = [];
    if (org.teamIds.length > 0) {
      teamIds.push(org.teamIds[i % org.teamIds.length]!);
      const second = pick(org.teamIds);
      if (random() < 0.1 && second !== teamIds[0]) teamIds.push(second);
    }
    const round = Math.floor(i / FIRST_NAMES.length);
    contributors.push({ id: 501 + i, name: `${FIRST_NAMES[i % FIRST_NAMES.length]}${round > 0 ? ` ${round + 1}` : ''}`, team_ids: teamIds });
  }

  const repos = org.repositoryIds;
  // Some repositories never release (no release detection); the rest release at 16:00Z on the first day a merged PR is ready.
  const releasing = (repoId: number) => (repoId * 2654435761) % 4 !== 0;
  const releaseDays = new Map<number, Set<number>>();
  const pullRequests: ActivityPullRequest[] = [];
  const iso = (ms: number) => new Date(Math.round(ms / MINUTE) * MINUTE).toISOString();
  /** ms when it happened, or null when it would happen at or after the end (not yet). */
  const happened = (ms: number | null) => (ms !== null && ms < end ? ms : null);

  for (let n = 0; n < prs && repos.length > 0 && contributors.length > 0; n++) {
    const author = contributors[Math.floor(random() ** 1.3 * contributors.length)]!;
    const home = author.team_ids.length > 0 ? org.teamRepos.get(author.team_ids[0]!) : undefined;
    const repositoryId = home && home.length > 0 && random() < 0.8 ? pick(home) : repos[Math.floor(random() ** 1.8 * repos.length)]!;
    const id = 100_001 + n;
    const kind = random();
    let branch = `feature/${id}`;
    let baseBranch = 'main';
    let bot = false;
    if (kind < 0.05) {
      branch = `dependabot/npm_and_yarn/lib-${id % 97}-${id}`;
      bot = true;
    } else if (kind < 0.07) {
      branch = `renovate/deps-${id}`;
      bot = true;
    } else if (kind < 0.09) {
      branch = `hotfix/${id}`;
      baseBranch = `release/${new Date(start).getUTCFullYear()}.${(id % 12) + 1}`;
    } else if (kind < 0.1) branch = `release/${id}`;
    else if (kind < 0.3) branch = `fix/${id}`;

    const opened = start + random() * (end - start);
    const firstCommit = opened - logNormal(bot ? 5 : 600, 1.1) * MINUTE;
    const reviewed = random() < (bot ? 0.4 : 0.9);
    const firstReview = reviewed ? happened(opened + logNormal(240, 1.0) * MINUTE) : null;
    const approved = firstReview !== null ? happened(firstReview + logNormal(180, 1.2) * MINUTE) : null;
    const mergeRoll = random();
    let merged: number | null = null;
    if (approved !== null && mergeRoll < 0.93) merged = happened(approved + logNormal(45, 1.0) * MINUTE);
    else if (firstReview === null && mergeRoll < 0.3) merged = happened(opened + logNormal(90, 1.0) * MINUTE);
    let released: number | null = null;
    if (merged !== null && releasing(repositoryId)) {
      const ready = merged + logNormal(600, 1.0) * MINUTE;
      const day = Math.floor((ready - 16 * 60 * MINUTE) / DAY) + 1;
      released = happened(day * DAY + 16 * 60 * MINUTE);
      if (released !== null) {
        let days = releaseDays.get(repositoryId);
        if (!days) releaseDays.set(repositoryId, (days = new Set()));
        days.add(day);
      }
    }
    const additions = Math.max(1, Math.round(logNormal(bot ? 6 : 80, 1.1)));
    const deletions = Math.round(additions * random() * 0.6);
    const reviews = firstReview === null ? 0 : 1 + Math.min(7, Math.floor(logNormal(0.8, 0.9)));
    pullRequests.push({
      id,
      repository_id: repositoryId,
      author_id: author.id,
      branch,
      base_branch: baseBranch,
      labels: bot ? LABEL_SETS[0]! as string[] : (pick(LABEL_SETS) as string[]),
      first_commit_at: iso(firstCommit),
      opened_at: iso(opened),
      first_review_at: firstReview === null ? null : iso(firstReview),
      approved_at: approved === null ? null : iso(approved),
      merged_at: merged === null ? null : iso(merged),
      released_at: released === null ? null : iso(released),
      additions,
      deletions,
      commits: bot ? 1 : 1 + Math.floor(logNormal(2, 0.8)),
      reviews,
      review_comments: firstReview === null ? 0 : Math.floor(logNormal(2.5, 1.0)),
      new_work_lines: Math.round(additions * 0.6),
      refactor_lines: Math.round(additions * 0.25),
      rework_lines: additions - Math.round(additions * 0.6) - Math.round(additions * 0.25),
      coding_assistant: !bot && random() < 0.35 ? pick(CODING_ASSISTANTS) : null,
      ai_review: random() < 0.25 ? pick(AI_REVIEWERS) : null,
      agentic_pr: !bot && random() < 0.06 ? pick(AGENTS) : null,
    });
  }

  const releases: ActivityRelease[] = [];
  for (const [repositoryId, days] of releaseDays) {
    for (const day of [...days].sort((a, b) => a - b)) releases.push({ repository_id: repositoryId, at: iso(day * DAY + 16 * 60 * MINUTE) });
  }
  return { contributors, pull_requests: pullRequests, releases };
}

/** The fixture's activity: its hand-written lists, or what its `generate:` makes for this organization. */
export function resolveActivity(fixture: Fixture, now: Date): Activity {
  const activity = fixture.activity;
  if (!activity) return {};
  if (!activity.generate) {
    // team_ids may be left out of a hand-written contributor: no team.
    const contributors = activity.contributors?.map((c) => (c.team_ids ? c : { ...c, team_ids: [] }));
    return { contributors, pull_requests: activity.pull_requests, releases: activity.releases };
  }
  const repositories = fixture.repositories ?? [];
  const monitored = repositories.filter((r) => r.state === 'monitored').map((r) => r.id);
  return generateActivity(
    activity.generate,
    {
      teamIds: (fixture.teams ?? []).map((t) => t.id),
      teamRepos: new Map((fixture.team_git_scopes ?? []).map((g) => [g.team_id, g.repository_ids ?? []])),
      repositoryIds: monitored.length > 0 ? monitored : repositories.map((r) => r.id),
    },
    now,
  );
}
