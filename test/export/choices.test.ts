// The choices export makes where the spec is silent: aliases, monitoring entries, read-only values,
// default scope items, and the read-only client it holds.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Integration } from '../../src/contract/types.js';
import type { Repository } from '../../src/contract/git-types.js';
import { READ_METHODS, readOnly } from '../../src/api/read-only-client.js';
import { deriveAliases, slugify } from '../../src/export/aliases.js';
import { monitoringEntries, selectedBy } from '../../src/core/kinds/monitoring/export.js';
import { acmeFixture, expectNoChanges, startService, tempDir, type TestService } from './helpers.js';

function integration(id: number, name: string): Integration {
  return { id, name, type: 'pm', provider: 'tracker_a', state: 'ok', auth_type: 'oauth' };
}

let nextId = 1;
function repo(name: string, state: Repository['state'], integrationId = 20): Repository {
  return {
    id: nextId++,
    provider_id: `R${nextId}`,
    name,
    http_url: '',
    provider: 'host_a',
    integration_id: integrationId,
    visibility: 'private',
    state,
    failing_reason: null,
    created_at: '',
    updated_at: '',
    provider_last_pushed_at: null,
    has_webhook: false,
    is_onprem: false,
    ai_tool_rules: {},
  };
}

describe('aliases', () => {
  it('are slugs of display names, unique, oldest integration first', () => {
    expect(slugify('Acme Tracker')).toBe('acme-tracker');
    expect(slugify('  Équipe / Données (EU) ')).toBe('equipe-donnees-eu');
    expect(slugify('2024 board')).toBe('i-2024-board');
    expect(slugify('!!!')).toBe('integration');
    const aliases = deriveAliases([integration(12, 'Acme tracker'), integration(10, 'Acme Tracker'), integration(11, 'Acme-Tracker')]);
    expect([...aliases.entries()].sort(([a], [b]) => a - b)).toEqual([
      [10, 'acme-tracker'],
      [11, 'acme-tracker-11'],
      [12, 'acme-tracker-12'],
    ]);
  });
});

describe('monitoring entries', () => {
  it('use owner/* only where every repository of the owner is monitored', () => {
    const repos = [
      repo('acme/a', 'monitored'),
      repo('acme/b', 'failing'),
      repo('labs/x', 'monitored'),
      repo('labs/y', 'not_monitored'),
      repo('solo', 'monitored'),
      repo('one/only', 'monitored'),
    ];
    expect(monitoringEntries(repos)).toEqual({ include: ['acme/*', 'labs/x', 'one/only', 'solo'], exclude: [] });
  });

  it('name a repository by id when its name is on two integrations, and never glob over it', () => {
    const a = repo('acme/tools', 'monitored', 20);
    const b = repo('acme/tools', 'not_monitored', 21);
    const repos = [a, b, repo('acme/api', 'monitored')];
    const entries = monitoringEntries(repos);
    expect(entries.include).toEqual(['acme/api', a.id]);
    expect([...selectedBy(entries, repos)].sort()).toEqual([a.id, repos[2]!.id].sort());
  });

  it('write names with glob characters by id', () => {
    const odd = repo('acme/what?', 'monitored');
    expect(monitoringEntries([odd, repo('acme/b', 'not_monitored')]).include).toEqual([odd.id]);
  });
});

describe('the read-only client', () => {
  it('exposes the read methods and nothing else', async () => {
    const service = await startService();
    try {
      const wrapped = readOnly(service.client);
      expect(Object.keys(wrapped).sort()).toEqual([...READ_METHODS].sort());
      expect('patchOrgConfig' in wrapped).toBe(false);
      // @ts-expect-error: no write method exists on the type either.
      expect(wrapped.setMonitoring).toBeUndefined();
      expect((await wrapped.listIntegrations()).items.length).toBeGreaterThan(0);
    } finally {
      await service.close();
    }
  });
});

describe('export of values that cannot be desired', () => {
  let service: TestService | undefined;
  afterEach(async () => {
    await service?.close();
  });

  it('leaves out a deployment release method (org default and override set) and still round-trips', async () => {
    const fixture = acmeFixture();
    fixture.git_config = { ...fixture.git_config, releases_detection: { method: 'deployment' } };
    fixture.repository_overrides!.push({ repository_id: 1203, settings: { releases_detection: { method: 'deployment' }, default_branch: { branch_name: 'trunk' } } });
    service = await startService(fixture);
    const path = join(tempDir('deployment'), 'emctl.yaml');
    const r = await service.emctl(['export', '--out', path]);
    expect(r.code).toBe(0);
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('releases_detection is left out: its method "deployment" is set by the service and cannot be desired.');
    expect(text).toContain('Left out (their overrides include releases_detection method "deployment", which cannot be desired): acme/mobile-ios.');
    expect(text).not.toMatch(/^ {4}releases_detection:/m);
    expect(text).not.toContain('trunk');
    await expectNoChanges(service, path);
  });

  it('--repo-settings none reads no repository configuration and manages no override set', async () => {
    service = await startService();
    const r = await service.emctl(['export', '--repo-settings', 'none']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Overrides were not read (--repo-settings none)');
    expect(r.stdout).not.toContain('repositories:\n    acme/api:');
    const log = await service.client.admin<{ items: { path: string }[] }>('GET', '/_emulator/requests');
    expect(log.items.filter((q) => /\/config$/.test(q.path) && q.path.includes('/repositories/'))).toEqual([]);
  });

  it('--split warns about other *.yaml files in the directory, which -c DIR would merge', async () => {
    service = await startService();
    const dir = tempDir('split-stale');
    writeFileSync(join(dir, 'old-team.yaml'), 'version: 1\n');
    const r = await service.emctl(['export', '--split', dir]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('also holds old-team.yaml');
  });
});
