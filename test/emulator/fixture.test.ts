// Fixture loading: the bundled example loads; a bad fixture is refused with one message naming the
// file, position and field; references are checked; the generator is deterministic and valid.

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { EXAMPLE_FIXTURE_PATH, checkFixtureData, generateFixture, loadFixtureFile, parseFixture } from '../../src/emulator/index.js';
import { EmctlError } from '../../src/contract/errors.js';
import { PACKAGE_ROOT } from '../../src/emulator/fixture/paths.js';
import { stringify } from 'yaml';

const BASE = `organization: { id: 1, name: Acme }
api_keys: [dev-key]
integrations:
  - { id: 10, type: pm, provider: tracker_a, name: T, state: ok, auth_type: oauth, entities: { boards: [{ entity_provider_id: "101", name: B }] } }
  - { id: 11, type: pm, provider: tracker_b, name: W, state: ok, auth_type: pat, entities: { projects: [{ entity_provider_id: p1, name: P }], teams: [{ entity_provider_id: t1, name: T, parent_project: p1 }], areas: [{ entity_provider_id: a1, name: A, teams: [t1] }] } }
  - { id: 20, type: git, provider: host_a, name: C, state: ok, auth_type: app }
teams: [{ id: 42, name: Payments }]
services: [{ id: 7, name: billing }]
repositories: [{ id: 1, provider_id: R1, name: acme/api, integration_id: 20, state: monitored }]
`;

function refusal(text: string): string {
  try {
    parseFixture(text, 'f.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(EmctlError);
    expect((error as EmctlError).kind).toBe('config');
    return (error as Error).message;
  }
  throw new Error('fixture was accepted');
}

describe('fixture refusals name file, position and field', () => {
  test.each([
    ['enum', BASE.replace('provider: host_a', 'provider: host_z'), 'f.yaml:6:36: integrations[2].provider: must be one of "tracker_a", "tracker_b", "host_a", "host_b", "host_c", "host_c_server", "host_d"'],
    ['unknown field', BASE + 'limit: { repository_quota: 5 }\n', 'f.yaml:10:8: limit: is not a known field'],
    ['required', BASE.replace('organization: { id: 1, name: Acme }', 'organization: { id: 1 }'), 'f.yaml:1:15: organization.name: is required'],
    ['type', BASE.replace('id: 42, name: Payments', 'id: "42", name: Payments'), 'f.yaml:7:15: teams[0].id: must be integer'],
    ['duplicate id', BASE.replace('teams: [{ id: 42, name: Payments }]', 'teams: [{ id: 42, name: Payments }, { id: 42, name: Again }]'), 'f.yaml:7:43: teams[1].id: id 42 is used twice'],
    ['git integration with entities', BASE.replace('auth_type: app }', 'auth_type: app, entities: {} }'), 'integrations[2].entities: only PM integrations have entities'],
    ['type a provider lacks', BASE.replace('entities: { projects: [{ entity_provider_id: p1', 'entities: { boards: [], projects: [{ entity_provider_id: p1'), 'integrations[1].entities.boards: tracker_b has no boards (its types: projects, teams, areas)'],
    ['repository on a PM integration', BASE.replace('integration_id: 20', 'integration_id: 10'), 'repositories[0].integration_id: integration 10 is not a Git integration of this fixture'],
    ['scope naming an unknown board', BASE + 'team_pm_scopes: [{ team_id: 42, integration_id: 10, scope: { boards: [{ entity_provider_id: "999" }] } }]\n', 'team_pm_scopes[0].scope: entity_not_found: board 999 does not exist on this integration'],
    ['scope of an unknown team', BASE + 'team_pm_scopes: [{ team_id: 43, integration_id: 10, scope: {} }]\n', 'team_pm_scopes[0].team_id: team 43 is not defined'],
    ['scope on an unknown integration', BASE + 'team_pm_scopes: [{ team_id: 42, integration_id: 12, scope: {} }]\n', 'team_pm_scopes[0].integration_id: integration 12 is not a PM integration of this fixture'],
    ['pta team of another project', BASE + 'team_pm_scopes: [{ team_id: 42, integration_id: 11, scope: { project_team_areas: [{ project: { entity_provider_id: p1 }, team: { entity_provider_id: t1 }, areas: [{ entity_provider_id: a1 }, { entity_provider_id: a1 }] }] } }]\n', 'invalid_scope: area a1 is named twice'],
    ['git scope with an unknown repository', BASE + 'team_git_scopes: [{ team_id: 42, repository_ids: [1, 2] }]\n', 'team_git_scopes[0].repository_ids[1]: repository 2 is not defined'],
    ['override on an unknown repository', BASE + 'repository_overrides: [{ repository_id: 9, settings: {} }]\n', 'repository_overrides[0].repository_id: repository 9 is not defined'],
    ['tags without pattern', BASE + 'git_config: { releases_detection: { method: tags } }\n', 'git_config.releases_detection.pattern: pattern is required when method is tags'],
    ['regex that does not compile', BASE + 'repository_overrides: [{ repository_id: 1, settings: { exclude_branches: { patterns: ["(x"] } } }]\n', 'repository_overrides[0].settings.exclude_branches.patterns[0]: Invalid regular expression'],
    ['days 5', BASE + 'git_config: { active_branches_duration: { days: 5 } }\n', 'git_config.active_branches_duration.days: must be one of 3, 7, 14'],
    ['YAML syntax', 'organization: { id: 1\n', 'f.yaml:'],
  ])('%s', (_name, text, expected) => {
    const message = refusal(text);
    expect(message.startsWith('invalid emulator fixture f.yaml')).toBe(true);
    expect(message).toContain(expected);
  });
});

describe('loading', () => {
  test('the bundled example loads, and a fixture can be JSON', async () => {
    const acme = await loadFixtureFile(EXAMPLE_FIXTURE_PATH);
    expect(acme.organization.name).toBe('Acme');
    expect(acme.repositories).toHaveLength(30);
    const dir = await mkdtemp(join(tmpdir(), 'emctl-fixture-'));
    try {
      const path = join(dir, 'org.json');
      await writeFile(path, JSON.stringify(acme));
      expect(await loadFixtureFile(path)).toEqual(acme);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('the fixture example of docs/emulator.md (DESIGN.md §4) loads', async () => {
    const doc = await readFile(join(PACKAGE_ROOT, 'docs', 'emulator.md'), 'utf8');
    const block = /## Fixture format[\s\S]*?```yaml\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block).toBeDefined();
    const f = parseFixture(block!, 'docs/emulator.md');
    expect(f.integrations.map((i) => i.id)).toEqual([10, 11, 20, 99]);
    expect(f.team_pm_scopes).toHaveLength(1);
  });

  test('a missing file is a config error naming it', async () => {
    await expect(loadFixtureFile('/nonexistent/org.yaml')).rejects.toThrow('cannot read emulator fixture /nonexistent/org.yaml: no such file');
  });

  test('settings are normalized on load (every optional field present)', () => {
    const f = parseFixture(BASE + 'git_config: { draft_pull_requests: { labels: [wip] }, releases_detection: { method: api } }\n', 'f.yaml');
    expect(f.git_config).toEqual({ draft_pull_requests: { labels: ['wip'], title_pattern: null }, releases_detection: { method: 'api', pattern: null } });
  });
});

describe('generateFixture', () => {
  test('deterministic for a seed, different for another, and a valid fixture', () => {
    const spec = { repos: 2000, teams: 100, boards: 300, seed: 5 };
    const a = generateFixture(spec);
    expect(generateFixture(spec)).toEqual(a);
    expect(generateFixture({ ...spec, seed: 6 })).not.toEqual(a);
    const checked = checkFixtureData(JSON.parse(JSON.stringify(a)), 'generated');
    expect(checked.repositories).toHaveLength(2000);
    expect(checked.teams).toHaveLength(100);
    expect(checked.integrations[0]!.entities!.boards).toHaveLength(300);
    const states = new Set(checked.repositories!.map((r) => r.state));
    expect(states).toEqual(new Set(['monitored', 'not_monitored', 'discovered', 'failing']));
    expect(new Set(checked.repositories!.map((r) => r.integration_id))).toEqual(new Set([20, 21]));
    // A repository name shared by both Git integrations (disambiguation).
    const names = checked.repositories!.map((r) => r.name);
    expect(names.length - new Set(names).size).toBeGreaterThan(0);
    expect(checked.team_pm_scopes!.some((s) => s.integration_id === 11)).toBe(true);
    expect(checked.repository_overrides!.length).toBeGreaterThan(0);
  });

  test('a generated fixture survives YAML', () => {
    const f = generateFixture({ repos: 50, teams: 5, boards: 10 });
    expect(parseFixture(stringify(f), 'gen.yaml')).toEqual(checkFixtureData(JSON.parse(JSON.stringify(f)), 'x'));
  });
});
