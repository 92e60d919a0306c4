// A tiny organization with hand-made activity for the metric engine's table tests, a query builder
// with the route's defaults, and an independent numpy-style percentile for expected values.

import type { MetricAgg } from '../../../src/contract/metrics.js';
import type { Fixture } from '../../../src/emulator/fixture/types.js';
import { indexActivity, measure } from '../../../src/emulator/metrics/index.js';
import type { Activity, ActivityPullRequest, MeasurementElement, MeasurementQuery } from '../../../src/emulator/metrics/types.js';
import { buildState } from '../../../src/emulator/fixture/state.js';
import type { EmulatorState } from '../../../src/emulator/state/state.js';
import { queryDefaults } from './query-defaults.mjs';

/** 2026-09-DD at HH:00Z (day may run into October: 31 = 10-01). */
export function at(day: number, hour = 0): string {
  return new Date(Date.UTC(2026, 8, day, hour)).toISOString();
}

export const HOUR = 60;
export const DAY = 24 * HOUR;

/** numpy.percentile(values, q) with the default linear method, written from its definition. */
export function np(values: number[], q: number): number {
  const xs = [...values].sort((a, b) => a - b);
  const h = (xs.length - 1) * (q / 100);
  const lower = xs[Math.floor(h)]!;
  const upper = xs[Math.ceil(h)]!;
  return lower + (h - Math.floor(h)) * (upper - lower);
}
export const median = (values: number[]) => np(values, 50);
export const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export function baseFixture(): Fixture {
  return {
    organization: { id: 1, name: 'Acme' },
    api_keys: ['dev-key'],
    integrations: [{ id: 20, type: 'git', provider: 'host_a', name: 'Acme Code', state: 'ok', auth_type: 'app' }],
    teams: [
      { id: 42, name: 'Payments' },
      { id: 43, name: 'Platform', parent_id: 42 },
      { id: 45, name: 'Mobile' },
    ],
    services: [{ id: 7, name: 'billing' }],
    repositories: [
      { id: 1234, provider_id: 'R_1', name: 'acme/api', integration_id: 20, state: 'monitored' },
      { id: 1235, provider_id: 'R_2', name: 'acme/web', integration_id: 20, state: 'monitored' },
      { id: 1236, provider_id: 'R_3', name: 'acme/mobile', integration_id: 20, state: 'monitored' },
    ],
    team_git_scopes: [
      { team_id: 42, repository_ids: [1234] },
      { team_id: 45, repository_ids: [1236], service_ids: [7] },
    ],
  } as Fixture;
}

/**
 * A: 501 in api, reviewed, released, AI tools 3 + 17. B: 502 (child team 43) in api, merged
 * without review, tool 3. C: 503 in web, tools 17 (review) + 5 (agentic). D: 504 in mobile, still
 * open, on a dependabot branch, tool 8. E: 501 in api on base release/1, released in October.
 */
export const PRS: Record<'A' | 'B' | 'C' | 'D' | 'E', ActivityPullRequest> = {
  A: {
    id: 9001, repository_id: 1234, author_id: 501, branch: 'feature/a', base_branch: 'main', labels: ['backend'],
    first_commit_at: at(1, 10), opened_at: at(2, 10), first_review_at: at(2, 14), approved_at: at(3, 9),
    merged_at: at(3, 10), released_at: at(4, 10), additions: 120, deletions: 30, commits: 4, reviews: 2,
    review_comments: 5, new_work_lines: 100, refactor_lines: 30, rework_lines: 20, coding_assistant: 3, ai_review: 17, agentic_pr: null,
  },
  B: {
    id: 9002, repository_id: 1234, author_id: 502, branch: 'feature/b', base_branch: 'main', labels: ['frontend'],
    first_commit_at: at(5, 8), opened_at: at(5, 9), merged_at: at(6, 9), additions: 10, deletions: 0, commits: 1, coding_assistant: 3,
  },
  C: {
    id: 9003, repository_id: 1235, author_id: 503, branch: 'fix/c', base_branch: 'develop', labels: ['backend', 'urgent'],
    first_commit_at: at(8), opened_at: at(10), first_review_at: at(10, 4), merged_at: at(12), reviews: 1,
    additions: 40, deletions: 60, commits: 3, rework_lines: 50, ai_review: 17, agentic_pr: 5,
  },
  D: {
    id: 9004, repository_id: 1236, author_id: 504, branch: 'dependabot/npm-x', base_branch: 'main',
    first_commit_at: at(15), opened_at: at(15, 1), commits: 1, additions: 2, deletions: 2, coding_assistant: 8,
  },
  E: {
    id: 9005, repository_id: 1234, author_id: 501, branch: 'feature/e', base_branch: 'release/1',
    first_commit_at: at(20), opened_at: at(21), first_review_at: at(21, 6), merged_at: at(25), released_at: at(32),
    additions: 5, deletions: 5, commits: 2, reviews: 3, review_comments: 1,
  },
};

export function baseActivity(prs: ActivityPullRequest[] = Object.values(PRS)): Activity {
  return {
    contributors: [
      { id: 501, name: 'Ana', team_ids: [42] },
      { id: 502, name: 'Bo', team_ids: [43] },
      { id: 503, name: 'Cy', team_ids: [45] },
      { id: 504, name: 'Di', team_ids: [42, 45] },
    ],
    pull_requests: prs,
    releases: [
      { repository_id: 1234, at: at(4, 10) },
      { repository_id: 1234, at: at(32) },
      { repository_id: 1235, at: at(12, 12) },
    ],
  };
}

/** `name` or `name:agg` (agg `default` = the metric's default, keyed as sent). */
export function metric(spec: string): MeasurementQuery['metrics'][number] {
  const [name, agg] = spec.split(':') as [string, string | undefined];
  return { name, agg: agg === undefined || agg === 'default' ? undefined : (agg as MetricAgg), key: spec };
}

export type QueryInput = Partial<Omit<MeasurementQuery, 'metrics'>> & { metrics: string[] };

export function query(input: QueryInput): MeasurementQuery {
  return {
    ...queryDefaults(),
    timeRanges: [{ after: '2026-09-01', before: '2026-10-01' }],
    ...input,
    metrics: input.metrics.map(metric),
  };
}

export interface World {
  state: EmulatorState;
  run(input: QueryInput): MeasurementElement[];
  /** The rows of the only element. */
  rows(input: QueryInput): Record<string, unknown>[];
}

export function world(options: { fixture?: Fixture; activity?: Activity } = {}): World {
  const state = buildState(options.fixture ?? baseFixture());
  const index = indexActivity(options.activity ?? baseActivity());
  const run = (input: QueryInput) => measure(index, state, query(input));
  return {
    state,
    run,
    rows(input) {
      const elements = run(input);
      if (elements.length !== 1) throw new Error(`expected one element, got ${elements.length}`);
      return elements[0]!.metrics;
    },
  };
}
