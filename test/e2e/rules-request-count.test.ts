// The read bound with rules, end to end (DESIGN 2.1, 7): on a generated organization of 1,000
// repositories, a config with monitoring patterns, settings rules (prefix globs, inner wildcards,
// one narrowed to an integration), a literal key and a team scope glob makes exactly the calls the
// bound allows: the repository list once (for the patterns and the rules together), one
// configuration per repository a rule or a literal key writes, the team's scope. The bound is
// computed by test/helpers/read-bound.ts from the document and the fixture, apart from src/.

import { describe, expect, it } from 'vitest';
import { generateFixture, type Fixture } from '../../src/emulator/index.js';
import { parsePlanJson } from '../../src/render/json.js';
import { useConfiguredEmulator } from '../helpers/configured-emulator.js';
import { countByRoute, runCounted } from '../helpers/counted-run.js';
import { lowerBound, ruleWritten } from '../helpers/read-bound.js';
import type { GeneratedConfigDoc } from '../helpers/generated-org.mjs';

function rulesConfig(fixture: Fixture): GeneratedConfigDoc {
  const team = String(fixture.teams?.[0]?.id);
  return {
    version: 1,
    integrations: { code: { id: 20 }, labs: { id: 21 } },
    collection: {},
    teams: { [team]: { git: { repositories: ['labs/project-1*'], services: [] } } },
    git: {
      defaults: {},
      monitoring: { include: ['org/*', 'labs/*'], exclude: ['labs/project-9*'] },
      repositories: {
        'org/service-1*': { settings: { default_branch: { branch_name: 'main' } } },
        'org/service-*5': { settings: { exclude_branches: { patterns: ['^wip/'] } } },
        'labs/project-?2*': { integration: 'labs', settings: {} },
        'org/service-15': { settings: {} },
      },
    },
  };
}

const org = useConfiguredEmulator(() => generateFixture({ repos: 1000, teams: 20, boards: 10, seed: 27 }), rulesConfig);

describe('emctl plan with rules on 1,000 repositories', () => {
  it('reads the repository list once and one configuration per repository written: the bound, all GETs', async () => {
    const run = await runCounted(org.emulator, ['plan', '-c', org.configPath, '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const plan = parsePlanJson(run.stdout);
    const written = ruleWritten(org.doc, org.fixture);
    expect(written.length).toBeGreaterThan(100);
    expect(plan.rules?.reduce((n, r) => n + r.repositories, 0)).toBe(written.length);
    expect(run.requests.filter((r) => r.method !== 'GET' || r.status !== 200)).toEqual([]);
    const bound = lowerBound(org.doc, org.fixture, plan);
    expect(bound).toEqual({
      'GET /api/v1/integrations': 1,
      'GET /api/v1/git/config/teams/{team_id}/scope': 1,
      'GET /api/v1/git/repositories': 10,
      'GET /api/v1/git/repositories/{repo_id}/config': written.length + 1,
    });
    expect(countByRoute(run.requests)).toEqual(bound);
  });

  it('--target on a rule reads the list and the configurations of what that rule writes, whatever the monitoring patterns would start', async () => {
    const run = await runCounted(org.emulator, ['plan', '-c', org.configPath, '--target', 'repo["labs/project-?2*"]', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    // A plan narrowed to a rule's settings leaves the monitoring patterns out: what is monitored
    // once it is applied is what is monitored now. The rule is the last one, so it writes every
    // repository it matches.
    const narrowed: GeneratedConfigDoc = {
      ...org.doc,
      teams: {},
      git: { defaults: {}, repositories: { 'labs/project-?2*': org.doc.git.repositories['labs/project-?2*'] ?? {} } },
    };
    const written = ruleWritten(narrowed, org.fixture);
    expect(written.length).toBeGreaterThan(10);
    expect(countByRoute(run.requests)).toEqual({
      'GET /api/v1/integrations': 1,
      'GET /api/v1/git/repositories': 10,
      'GET /api/v1/git/repositories/{repo_id}/config': written.length,
    });
    expect(parsePlanJson(run.stdout).changes.every((c) => c.rule === 'labs/project-?2*')).toBe(true);
  });
});
