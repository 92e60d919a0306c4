// A 200 whose body is not the documented shape stops the command before any plan: exit 1, an API
// error naming the route and the field (DESIGN 8), nothing planned on `undefined`.

import { afterEach, describe, expect, it } from 'vitest';
import { runEmctl } from '../helpers/cli.js';
import { json, minimalBody, orgSettings, startScriptedServer, type ScriptedServer } from '../api/helpers/scripted-server.js';
import { tempDir, writeConfig } from '../helpers/emulator.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const CONFIG = `version: 1
integrations:
  tracker: { id: 10 }
collection:
  tracker:
    boards: ["101"]
teams:
  42:
    pm:
      tracker:
        labels: [backend]
git:
  defaults:
    exclude_branches: { patterns: ["^tmp/"] }
`;

const INTEGRATIONS = { items: [{ id: 10, type: 'pm', provider: 'tracker_a', name: 'Tracker', state: 'ok', auth_type: 'oauth' }] };

describe('answers of the wrong shape', () => {
  it.each([
    ['an entity page answered as {items: []}', '/api/v2/pm/entities/', { items: [] }, 'GET /api/v2/pm/entities/{entity_type} failed: the 200 answer does not have the documented shape: field total is missing'],
    ['a PM scope read with no items', '/api/v1/pm/config/teams/42/scope', { team_id: 42, team_name: 'Payments' }, 'GET /api/v1/pm/config/teams/{team_id}/scope failed: the 200 answer does not have the documented shape: field items is missing'],
    [
      'Git defaults with exclude_branches patterns as a string',
      '/api/v1/git/config',
      { settings: { ...orgSettings(), exclude_branches: { patterns: 'main' } } },
      'GET /api/v1/git/config failed: the 200 answer does not have the documented shape: field settings.exclude_branches.patterns must be a list',
    ],
  ])('%s: plan exits 1 naming the route and the field, before any plan', async (_name, prefix, bad, message) => {
    server = await startScriptedServer((req, res) => {
      if (req.url.startsWith('/api/v1/integrations')) return json(res, 200, INTEGRATIONS);
      if (req.url.startsWith(prefix)) return json(res, 200, bad);
      return json(res, 200, minimalBody(req));
    });
    const dir = await tempDir('emctl-shape-');
    await writeConfig(CONFIG, dir);
    const r = await runEmctl(['--base-url', server.url, 'plan', '-c', 'emctl.yaml'], { env: { EMCTL_API_KEY: 'k-123' }, cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(message);
    expect(r.stdout).not.toMatch(/Plan:|No changes/);
    expect(server.seen.every((s) => s.method === 'GET')).toBe(true);
  });
});
