// An answer of the right shape about the wrong thing stops the run before any plan (DESIGN 8,
// issue 18 item 10): a field the answer echoes from the request (a scope's team_id, a repository
// config's repository_id) must be what was asked, a PM scope lists each integration once, and a
// settings answer holds exactly the sections the spec lists. Each is served by a real HTTP server
// to the real CLI: exit 1, an API error naming the route and the field, no plan printed.

import { afterEach, describe, expect, it } from 'vitest';
import { runEmctl } from '../helpers/cli.js';
import { team42OnTracker } from '../helpers/acme-configs.js';
import { json, minimalBody, orgSettings, repositorySettings, startScriptedServer, type ScriptedServer, type SeenRequest } from '../api/helpers/scripted-server.js';
import { tempDir, writeConfig } from '../helpers/emulator.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const CONFIG = `${team42OnTracker('methodology: Scrum')}git:
  defaults:
    exclude_branches: { patterns: ["^tmp/"] }
  repositories:
    acme/api:
      settings:
        default_branch: { branch_name: main }
`;

const INTEGRATIONS = {
  items: [
    { id: 10, type: 'pm', provider: 'tracker_a', name: 'Tracker', state: 'ok' },
    { id: 20, type: 'git', provider: 'github', name: 'GitHub', state: 'ok' },
  ],
};
const REPOSITORIES = { total: 1, items: [{ id: 1201, provider_id: 'p1201', name: 'acme/api', integration_id: 20, state: 'monitored' }] };
const pmItem = { integration_id: 10, provider: 'tracker_a', integration_name: 'Tracker', scope: {}, methodology: 'Scrum' };
const SHAPE = 'the 200 answer does not have the documented shape';

/** A well-formed organization, but for the one answer `bad` gives (undefined: the usual one). */
function serving(bad: (req: SeenRequest) => unknown): (req: SeenRequest, res: Parameters<Parameters<typeof startScriptedServer>[0]>[1]) => void {
  return (req, res) => {
    const answer = bad(req);
    if (answer !== undefined) return json(res, 200, answer);
    const path = req.url.split('?')[0] ?? '';
    if (path === '/api/v1/integrations') return json(res, 200, INTEGRATIONS);
    if (path === '/api/v1/git/repositories') return json(res, 200, REPOSITORIES);
    if (path === '/api/v1/pm/config/teams/42/scope') return json(res, 200, { team_id: 42, team_name: 'Payments', items: [pmItem] });
    if (path === '/api/v1/git/repositories/1201/config') return json(res, 200, { repository_id: 1201, repository_name: 'acme/api', settings: repositorySettings() });
    return json(res, 200, minimalBody(req));
  };
}

const at = (path: string, body: unknown) => (req: SeenRequest) => ((req.url.split('?')[0] ?? '') === path ? body : undefined);
const withoutSection = (name: string) => Object.fromEntries(Object.entries(orgSettings()).filter(([section]) => section !== name));

describe('echoed fields and exact settings sections (issue 18 item 10)', () => {
  it.each([
    [
      'a PM scope answer about another team',
      at('/api/v1/pm/config/teams/42/scope', { team_id: 41, team_name: 'Growth', items: [pmItem] }),
      `GET /api/v1/pm/config/teams/{team_id}/scope failed: ${SHAPE}: field team_id is 41, the request asked for 42`,
    ],
    [
      'a repository config answer about another repository',
      at('/api/v1/git/repositories/1201/config', { repository_id: 1202, repository_name: 'acme/web', settings: repositorySettings() }),
      `GET /api/v1/git/repositories/{repo_id}/config failed: ${SHAPE}: field repository_id is 1202, the request asked for 1201`,
    ],
    [
      'a PM scope answer listing one integration twice',
      at('/api/v1/pm/config/teams/42/scope', { team_id: 42, team_name: 'Payments', items: [pmItem, { ...pmItem, scope: {} }] }),
      `GET /api/v1/pm/config/teams/{team_id}/scope failed: ${SHAPE}: field items[1].integration_id repeats integration 10 of items[0]`,
    ],
    [
      // Issue 32 item 3: planned as an empty scope, exit 0.
      'a PM scope answer with no item for the integration asked',
      at('/api/v1/pm/config/teams/42/scope', { team_id: 42, team_name: 'Payments', items: [] }),
      `GET /api/v1/pm/config/teams/{team_id}/scope failed: ${SHAPE}: field items has no entry for integration 10, which the request asked for`,
    ],
    [
      'an organization settings answer without a section',
      at('/api/v1/git/config', { settings: withoutSection('active_branches_duration') }),
      `GET /api/v1/git/config failed: ${SHAPE}: field settings.active_branches_duration is missing`,
    ],
    [
      'an organization settings answer with an unknown section that is an object',
      at('/api/v1/git/config', { settings: { ...orgSettings(), merge_queue: { enabled: true } } }),
      `GET /api/v1/git/config failed: ${SHAPE}: field settings.merge_queue is not documented in this answer`,
    ],
  ])('%s: plan exits 1 naming the route and the field, before any plan', async (_name, bad, message) => {
    server = await startScriptedServer(serving(bad));
    const dir = await tempDir('emctl-echo-');
    await writeConfig(CONFIG, dir);
    const r = await runEmctl(['--base-url', server.url, 'plan', '-c', 'emctl.yaml'], { env: { EMCTL_API_KEY: 'k-echo-123' }, cwd: dir });
    expect(r.stderr).toContain(message);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toMatch(/Plan:|No changes/);
    expect(server.seen.every((s) => s.method === 'GET')).toBe(true);
  });

  it('the same organization answered as asked plans', async () => {
    server = await startScriptedServer(serving(() => undefined));
    const dir = await tempDir('emctl-echo-');
    await writeConfig(CONFIG, dir);
    const r = await runEmctl(['--base-url', server.url, 'plan', '-c', 'emctl.yaml'], { env: { EMCTL_API_KEY: 'k-echo-123' }, cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Plan: /);
  });
});
