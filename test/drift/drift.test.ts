// emctl drift end to end: the real CLI, the real client over HTTP, the real emulator. Live state is
// changed "behind emctl's back" through a plain API client, as someone clicking in the web app would.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmulatorRequestLogEntry } from '../../src/contract/types.js';
import { startService, tempDir, type TestService } from '../export/helpers.js';
import { ACME_IN_SYNC_NAMED } from '../helpers/acme-configs.js';

let service: TestService;
let dir: string;

beforeEach(async () => {
  service = await startService();
  dir = tempDir('drift');
});
afterEach(async () => {
  await service.close();
});

function config(extra = ''): string {
  const path = join(dir, 'emctl.yaml');
  writeFileSync(path, ACME_IN_SYNC_NAMED + extra);
  return path;
}

async function requests(): Promise<EmulatorRequestLogEntry[]> {
  const log = await service.client.admin<{ items: EmulatorRequestLogEntry[] }>('GET', '/_emulator/requests');
  return log.items.filter((r) => !r.path.startsWith('/_emulator/'));
}

/** Two changes made directly through the API, as someone in the web application would. */
async function driftBehindOurBack(): Promise<void> {
  await service.client.patchOrgConfig({ active_branches_duration: { days: 7 } });
  await service.client.patchTeamGitScope(42, { service_ids: [7, 8] });
}

describe('emctl drift', () => {
  it('exits 0 when live state matches the config, and only reads', async () => {
    const r = await service.emctl(['drift', '-c', config()]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('No drift');
    const sent = await requests();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('exits 2 after a change made directly through the API, and still sends no write', async () => {
    await driftBehindOurBack();
    const before = (await requests()).length;
    const r = await service.emctl(['drift', '-c', config()]);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('git.defaults.active_branches_duration');
    expect(r.stdout).toContain('team[42].git.services');
    expect(r.stdout).toMatch(/Drift: live state differs from the configuration in 2 objects\./i);
    const sent = (await requests()).slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  // DESIGN 3: what changed in the service, per drifted object, in each form.
  it('shows per drifted object the value live and the desired one, in text, JSON and Markdown', async () => {
    await driftBehindOurBack();
    const text = await service.emctl(['drift', '-c', config()]);
    expect(text.code).toBe(2);
    expect(text.stdout).toContain(`  ~ git.defaults.active_branches_duration
    - live:    {days: 7}
    + desired: {days: 14}
`);
    expect(text.stdout).toContain(`  ~ team[42].git.services  [changes-team-metrics]
    - live:    ["7 (billing)", "8 (checkout)"]
    + desired: ["7 (billing)"]
`);
    const json = await service.emctl(['drift', '-c', config(), '--format', 'json']);
    const parsed = JSON.parse(json.stdout) as { drifted: { address: string; live: unknown; desired: unknown }[] };
    expect(parsed.drifted.find((d) => d.address === 'git.defaults.active_branches_duration')).toEqual({
      address: 'git.defaults.active_branches_duration',
      kind: 'org-default',
      live: { days: 7 },
      desired: { days: 14 },
    });
    expect(parsed.drifted.find((d) => d.address === 'team[42].git.services')).toMatchObject({ live: [7, 8], desired: [7] });
    const md = await service.emctl(['drift', '-c', config(), '--format', 'markdown']);
    expect(md.stdout).toContain('! git.defaults.active_branches_duration\n-   live:    {days: 7}\n+   desired: {days: 14}\n');
  });

  it('reports drift as the plan JSON, and as Markdown with its marker', async () => {
    await driftBehindOurBack();
    const json = await service.emctl(['drift', '-c', config(), '--format', 'json']);
    expect(json.code).toBe(2);
    const parsed = JSON.parse(json.stdout) as { format_version: number; changes: { address: string }[]; ignored: unknown[] };
    expect(parsed.format_version).toBe(2);
    expect(parsed.changes.map((c) => c.address).sort()).toEqual(['git.defaults.active_branches_duration', 'team[42].git.services']);
    expect(parsed.ignored).toEqual([]);

    const md = await service.emctl(['drift', '-c', config(), '--format', 'markdown']);
    expect(md.code).toBe(2);
    expect(md.stdout.startsWith('<!-- emctl-drift -->')).toBe(true);
    expect(md.stdout).toContain('team[42].git.services');
  });

  it('hides drift under an ignore rule, and shows the rule and its reason', async () => {
    await driftBehindOurBack();
    const ignore = `drift:
  ignore:
    - { address: "team[42]", reason: "Payments is trialling the checkout service" }
    - { address: git.defaults, reason: "branch policy under review", until: "2999-12-31" }
`;
    const r = await service.emctl(['drift', '-c', config(ignore)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('No drift');
    expect(r.stdout).toContain('Ignored by drift.ignore (2):');
    expect(r.stdout).toContain('~ team[42].git.services: Payments is trialling the checkout service');
    expect(r.stdout).toContain('~ git.defaults.active_branches_duration: branch policy under review (until 2999-12-31)');

    const json = await service.emctl(['drift', '-c', config(ignore), '--format', 'json']);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as { changes: unknown[]; ignored: { address: string; reason: string }[] };
    expect(parsed.changes).toEqual([]);
    expect(parsed.ignored.map((i) => i.address).sort()).toEqual(['git.defaults.active_branches_duration', 'team[42].git.services']);

    const md = await service.emctl(['drift', '-c', config(ignore), '--format', 'markdown']);
    expect(md.code).toBe(0);
    expect(md.stdout).toContain('### Ignored by drift.ignore (2)');
    expect(md.stdout).toContain('- `~ team[42].git.services`: Payments is trialling the checkout service');
  });

  it('reports drift again, with a warning, once an ignore rule has expired', async () => {
    await driftBehindOurBack();
    const ignore = `drift:
  ignore:
    - { address: "team[42]", reason: "temporary", until: "2000-01-31" }
    - { address: git.defaults, reason: "accepted" }
`;
    const r = await service.emctl(['drift', '-c', config(ignore)]);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('ignore rule for team[42] expired on 2000-01-31; drift is reported');
    expect(r.stdout).toContain('team[42].git.services');
    expect(r.stdout).toMatch(/Drift: live state differs from the configuration in 1 object\./i);
    expect(r.stdout).toContain('Ignored by drift.ignore (1):');

    const md = await service.emctl(['drift', '-c', config(ignore), '--format', 'markdown']);
    expect(md.code).toBe(2);
    expect(md.stderr).toContain('ignore rule for team[42] expired on 2000-01-31; drift is reported');
  });

  it('exits 1 on an invalid config, before any request', async () => {
    const path = join(dir, 'bad.yaml');
    writeFileSync(path, 'version: 1\ngit:\n  defaults:\n    active_branches_duration: { days: 5 }\n');
    const r = await service.emctl(['drift', '-c', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/bad\.yaml:\d+:\d+/);
    expect(await requests()).toEqual([]);
  });

  it('exits 1 when the service would refuse what the config asks (a team that does not exist)', async () => {
    const path = join(dir, 'ghost.yaml');
    writeFileSync(path, 'version: 1\nteams:\n  999:\n    git: { services: [7] }\n');
    const r = await service.emctl(['drift', '-c', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('999');
    expect((await requests()).filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('exits 1 when the service cannot be reached, without showing the key', async () => {
    const r = await service.emctl(['drift', '-c', config(), '--base-url', 'https://emctl-test.invalid']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/could not read .*host not found/);
    expect(r.stdout + r.stderr).not.toContain(service.key);
  });

  it('exits 1 with a wrong key', async () => {
    const r = await service.emctl(['drift', '-c', config(), '--api-key-file', writeKey('not-the-key')]);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).not.toContain('not-the-key');
  });
});

function writeKey(key: string): string {
  const path = join(dir, 'key.txt');
  writeFileSync(path, key);
  return path;
}
