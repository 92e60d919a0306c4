// One small organization whose branch exclusions decide which pull requests count: the settings
// tests apply EXCLUSIONS_APPLY to it and watch the metrics change. api: 9001 feature, 9002
// dependabot/ (excluded by the fixture's default), 9003 renovate/; web: 9004 into release/1,
// 9005 experiment/. Merged on 2-6 September 2026, one a day.

import { gitOrganization, repository } from './measure-fixture.js';

const pr = (id: number, repo: number, branch: string, base: string, day: number) =>
  `{ id: ${id}, repository_id: ${repo}, author_id: 501, branch: "${branch}", base_branch: "${base}", first_commit_at: "2026-09-01T00:00:00Z", opened_at: "2026-09-01T06:00:00Z", merged_at: "2026-09-0${day}T00:00:00Z" }`;

export const EXCLUSIONS_FIXTURE = gitOrganization({
  teams: ['{ id: 42, name: Payments }'],
  repositories: [repository(1234, 'acme/api'), repository(1235, 'acme/web')],
  sections: 'git_config:\n  exclude_branches: { patterns: ["^dependabot/"] }\n',
  contributors: ['{ id: 501, name: Ana, team_ids: [42] }'],
  pullRequests: [pr(9001, 1234, 'feature/a', 'main', 2), pr(9002, 1234, 'dependabot/x', 'main', 3), pr(9003, 1234, 'renovate/y', 'main', 4), pr(9004, 1235, 'feature/b', 'release/1', 5), pr(9005, 1235, 'experiment/z', 'main', 6)],
});

/** Excludes renovate/ org-wide, and experiment/ branches and release/ bases on acme/web. */
export const EXCLUSIONS_APPLY = `version: 1
git:
  defaults:
    exclude_branches: { patterns: ["^dependabot/", "^renovate/"] }
  repositories:
    acme/web:
      settings:
        exclude_branches: { patterns: ["^experiment/"] }
        exclude_base_branches: { patterns: ["^release/"] }
`;
