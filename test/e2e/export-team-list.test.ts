// `emctl export` with the service's team list (DESIGN.md section 13), the real CLI against the
// emulator over HTTP: a team with only a Git scope is found without --teams and the export plans
// with no changes; the calls equal a bound computed here from the fixture (the team list is
// ceil((teams + 2) / 50) pages: the service's own two teams are listed too). Against an older
// service (a proxy answering the list routes 404), export falls back to used_by discovery, says so
// once on stderr, and makes the calls it made before; a team named by name there is refused.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { EmulatorRequestLogEntry } from '../../src/contract/types.js';
import { generateFixture, type Fixture } from '../../src/emulator/index.js';
import { countByRoute } from '../helpers/counted-run.js';
import { runEmctl } from '../helpers/cli.js';
import { startProxy, type RecordingProxy } from '../helpers/proxy.js';
import { acmeFixture, expectLoads, expectNoChanges, startService, tempDir, type TestService } from '../export/helpers.js';

/** Acme, where Growth (47) has no PM scope and only now gets a Git scope: no board or project names it. */
function acmeWithGitOnlyTeam(): Fixture {
  const fixture = acmeFixture();
  fixture.team_git_scopes!.push({ team_id: 47, repository_ids: [1207], service_ids: [] });
  return fixture;
}

/** The requests the emulator answered since `from` (its log holds every run of the file). */
function requestsSince(service: TestService, from: number): EmulatorRequestLogEntry[] {
  return service.emulator.store.requests.slice(from).filter((r) => !r.path.startsWith('/_emulator'));
}

/**
 * The calls an export makes, from the fixture alone: the integrations; the team list in pages of
 * 50 (the fixture's teams and the service's two); per live PM provider one sequence of 1,000-entity
 * pages of boards and of projects (with unreachable ones); per team one PM and one Git scope read;
 * the repositories in pages of 100; the organization's configuration and each repository's.
 */
function exportBound(fixture: Fixture, scopedTeams: number): Record<string, number> {
  const teams = fixture.teams!.length;
  const repositories = fixture.repositories!.length;
  const pm = fixture.integrations.filter((i) => i.type === 'pm' && !i.deleted_at);
  const pages = (n: number, size: number) => Math.max(1, Math.ceil(n / size));
  const entityCalls = (type: 'boards' | 'projects') => {
    let calls = 0;
    for (const provider of ['tracker_a', 'tracker_b']) {
      const holders = pm.filter((i) => i.provider === provider && (provider === 'tracker_a' || type === 'projects'));
      if (holders.length > 0) calls += pages(holders.reduce((n, i) => n + (i.entities?.[type]?.length ?? 0), 0), 1000);
    }
    return calls;
  };
  return {
    'GET /api/v1/integrations': 1,
    'GET /api/v2/teams': Math.ceil((teams + 2) / 50),
    'GET /api/v2/pm/entities/boards [all]': entityCalls('boards'),
    'GET /api/v2/pm/entities/projects [all]': entityCalls('projects'),
    'GET /api/v1/pm/config/teams/{team_id}/scope': scopedTeams,
    'GET /api/v1/git/config/teams/{team_id}/scope': scopedTeams,
    'GET /api/v1/git/repositories': pages(repositories, 100),
    'GET /api/v1/git/config': 1,
    'GET /api/v1/git/repositories/{repo_id}/config': repositories,
  };
}

describe('export with the team list', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService(acmeWithGitOnlyTeam());
  });
  afterAll(() => service.close());

  it('finds a team with only a Git scope without --teams, and plans with no changes', async () => {
    const path = join(tempDir('export-git-only'), 'emctl.yaml');
    const r = await service.emctl(['export', '--out', path]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('does not list teams');
    await expectLoads(path);
    const teams = (parse(readFileSync(path, 'utf8')) as { teams: Record<string, { id: number; git?: { repositories: unknown[] } }> }).teams;
    expect(teams.Growth).toMatchObject({ id: 47, git: { repositories: ['acme/search'] } });
    // Every listed team, with or without a scope (Developer Experience, 49, has none).
    expect(Object.values(teams).map((t) => t.id)).toEqual([42, 43, 44, 45, 46, 47, 48, 49]);
    await expectNoChanges(service, path);
  });

  it('makes the calls of the bound: the team list is ceil((teams + 2) / 50) pages', async () => {
    const fixture = generateFixture({ repos: 250, teams: 148, boards: 60, seed: 11 });
    const sized = await startService(fixture);
    try {
      const r = await sized.emctl(['--concurrency', '16', 'export', '--out', join(tempDir('export-bound'), 'emctl.yaml')]);
      expect(r.code, r.stderr).toBe(0);
      // 148 teams and All Teams and All Contributors: exactly three pages of 50.
      // Every member comes with an email: no user list.
    expect(countByRoute(requestsSince(sized, 0))).toEqual(exportBound(fixture, 148));
      expect(r.stderr).toContain('148 teams');
    } finally {
      await sized.close();
    }
  });
});

// An older service answers a route it lacks 404 (no such path) or 405 (the path exists for
// another method): both mean "no list here".
describe.each([404, 405])('export against an older service (no team list: %i)', (status) => {
  let service: TestService;
  let proxy: RecordingProxy;
  beforeAll(async () => {
    service = await startService(acmeWithGitOnlyTeam());
    // The list routes of DESIGN 13 answer as on a service that predates them.
    proxy = await startProxy(service.emulator.url, (request) => {
      if (/^\/api\/(v2\/teams|v1\/users)\b/.test(request.url)) {
        const headers = { 'content-type': 'application/json', ...(status === 405 ? { allow: 'POST' } : {}) };
        request.reply({ status, headers, body: Buffer.from(status === 405 ? '{"detail":"Method Not Allowed"}' : '{"detail":"Not Found"}') });
        return;
      }
      return request.pass();
    });
  });
  afterAll(async () => {
    await proxy.close();
    await service.close();
  });

  const emctl = (args: string[]) => runEmctl(['--base-url', proxy.url, '--rate-limit', '0', ...args], { env: { EMCTL_API_KEY: service.key } });

  it('falls back to used_by discovery and says so once; --teams still adds a team', async () => {
    const from = service.emulator.store.requests.length;
    const path = join(tempDir('export-fallback'), 'emctl.yaml');
    const r = await emctl(['export', '--out', path]);
    expect(r.code, r.stderr).toBe(0);
    const notices = r.stderr.split('\n').filter((l) => l.includes('does not list teams'));
    expect(notices).toEqual([
      `note: this service does not list teams (GET /api/v2/teams answered ${status}: an older service); teams are found through the boards and projects that name them; name the others with --teams`,
    ]);
    // The teams boards and projects name (48, scoped by labels alone, and 47, by Git alone, are not).
    const config = await expectLoads(path);
    expect(config.teams.map((t) => t.id)).toEqual([42, 43, 44, 45, 46]);
    // The calls of before: one list call answered by the proxy, then used_by's teams.
    const counts = countByRoute(requestsSince(service, from));
    expect(counts['GET /api/v2/teams']).toBeUndefined();
    expect(proxy.requests.filter((q) => q.url.startsWith('/api/v2/teams'))).toHaveLength(1);
    expect(counts['GET /api/v1/pm/config/teams/{team_id}/scope']).toBe(5);

    const withTeams = await emctl(['export', '--teams', '47', '--out', path]);
    expect(withTeams.code, withTeams.stderr).toBe(0);
    expect((await expectLoads(path)).teams.map((t) => t.id)).toEqual([42, 43, 44, 45, 46, 47]);
  });

  it('refuses a team named by name, with no list to find it in, before reading any team', async () => {
    const from = service.emulator.store.requests.length;
    const r = await emctl(['export', '--teams', 'Growth,47']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--teams: team `Growth`: this service lists no teams to find a name in: name it by id');
    const counts = countByRoute(requestsSince(service, from));
    expect(counts['GET /api/v1/pm/config/teams/{team_id}/scope']).toBeUndefined();
    expect(counts['GET /api/v1/git/config/teams/{team_id}/scope']).toBeUndefined();
  });
});
