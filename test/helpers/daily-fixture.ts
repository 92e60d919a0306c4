// An organization with a merged pull request every day from 2026-07-01 to 2026-11-30 in each of
// two repositories (acme/api at 10:00 UTC, acme/web at 15:00), each opened 1 to 5 hours before
// midnight of its day: every bucket of any roll-up has values (pr.merged = its days x 1 per
// repository), and a window moved by one day changes them.

import { gitOrganization, repository } from './measure-fixture.js';

const DAY_MS = 86_400_000;
const START = Date.parse('2026-07-01T00:00:00Z');
const DAYS = 153; // to 2026-11-30

/** The fixture's text. */
function fixture(): string {
  const prs: string[] = [];
  for (let d = 0; d < DAYS; d++) {
    for (const repo of [1234, 1235]) {
      const merged = new Date(START + d * DAY_MS + (repo === 1234 ? 10 : 15) * 3_600_000).toISOString().replace('.000', '');
      const opened = new Date(START + d * DAY_MS - ((d % 5) + 1) * 3_600_000).toISOString().replace('.000', '');
      prs.push(`{ id: ${9000 + d * 2 + (repo - 1234)}, repository_id: ${repo}, author_id: 501, branch: "feature/${d}-${repo}", first_commit_at: "2026-06-01T00:00:00Z", opened_at: "${opened}", merged_at: "${merged}" }`);
    }
  }
  return gitOrganization({
    teams: ['{ id: 42, name: Payments }'],
    repositories: [repository(1234, 'acme/api'), repository(1235, 'acme/web')],
    contributors: ['{ id: 501, name: Ana, team_ids: [42] }'],
    pullRequests: prs,
  });
}

export const DAILY_FIXTURE = fixture();
