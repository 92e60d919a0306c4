// A deterministic synthetic organization of any size, for tests and benchmarks: repositories on two
// Git integrations in mixed states, boards/projects/epics/labels/fields on tracker_a, projects/
// teams/areas on tracker_b, teams with PM and Git scopes, services, overrides. The same spec and
// seed always give the same fixture.

import type { FixtureEntity, Fixture, FixtureRepository, FixtureTeamPmScope } from './fixture-types.js';
import type { RepositoryState, Visibility } from '../contract/git-types.js';
import { seededRandom } from './traffic.js';

export interface GenerateSpec {
  repos: number;
  teams: number;
  boards: number;
  seed?: number;
  /** tracker_a projects (default boards / 10, at least 1). */
  projects?: number;
  /** tracker_b projects (default boards / 20, at least 1). */
  workProjects?: number;
  /** Share of repositories monitored (default 0.55); the rest split over the other states. */
  monitoredShare?: number;
  /** Pull requests of generated activity (default 0: no activity); see generate-activity.ts. */
  prs?: number;
  /** Contributors of generated activity (default 6 per team). */
  contributors?: number;
  /** Months of generated activity, ending today (default 6). */
  months?: number;
}

export function generateFixture(spec: GenerateSpec): Fixture {
  const random = seededRandom(spec.seed ?? 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const boardCount = Math.max(0, spec.boards);
  const projectCount = spec.projects ?? Math.max(1, Math.floor(boardCount / 10));
  const workProjectCount = spec.workProjects ?? Math.max(1, Math.floor(boardCount / 20));

  const boards: FixtureEntity[] = [];
  for (let i = 1; i <= boardCount; i++) {
    boards.push({ entity_provider_id: String(1000 + i), name: `Board ${i}`, state: 'active', selected: random() < 0.6, ...(i % 97 === 0 ? { reachable: false } : {}) });
  }
  const projects = Array.from({ length: projectCount }, (_, i): FixtureEntity => ({ entity_provider_id: `P${i + 1}`, name: `Project ${i + 1}`, state: 'active', selected: random() < 0.5 }));
  const epics = Array.from({ length: Math.max(1, boardCount) }, (_, i): FixtureEntity => ({ entity_provider_id: `EP-${i + 1}`, name: `Epic ${i + 1}`, provider_key: `KEY-${i + 1}`, state: 'active' }));
  const labels = Array.from({ length: 50 }, (_, i): FixtureEntity => ({ entity_provider_id: `label-${i + 1}`, name: `label-${i + 1}`, state: 'active' }));
  const fields = Array.from({ length: 20 }, (_, i): FixtureEntity => ({ entity_provider_id: `customfield_${i + 1}`, name: `Field ${i + 1}`, state: 'active' }));
  const workProjects: FixtureEntity[] = [];
  const workTeams: FixtureEntity[] = [];
  const areas: FixtureEntity[] = [];
  for (let p = 1; p <= workProjectCount; p++) {
    workProjects.push({ entity_provider_id: `proj-${p}`, name: `Work project ${p}`, state: 'active', selected: random() < 0.7 });
    for (let t = 1; t <= 2; t++) {
      const team = `team-${p}-${t}`;
      workTeams.push({ entity_provider_id: team, name: `Work team ${p}.${t}`, parent_project: `proj-${p}`, state: 'active' });
      for (let a = 1; a <= 2; a++) areas.push({ entity_provider_id: `area-${p}-${t}-${a}`, name: `Area ${p}.${t}.${a}`, teams: [team], state: 'active' });
    }
  }

  const repositories: FixtureRepository[] = [];
  const monitoredShare = spec.monitoredShare ?? 0.55;
  const names: string[] = [];
  for (let i = 1; i <= spec.repos; i++) {
    const shared = i % 500 === 0 && names.length > 0;
    const onLabs = shared || random() < 0.3;
    const roll = random();
    const state: RepositoryState =
      roll < monitoredShare ? 'monitored' : roll < monitoredShare + 0.25 ? 'not_monitored' : roll < monitoredShare + 0.4 ? 'discovered' : 'failing';
    // Every 500th repository is on labs under a name the other integration also has (disambiguation).
    const name = shared ? names[names.length - 1]! : onLabs ? `labs/project-${i}` : `org/service-${i}`;
    if (!onLabs) names.push(name);
    repositories.push({
      id: 100_000 + i,
      provider_id: `${onLabs ? 'L' : 'R'}_${i}`,
      name,
      integration_id: onLabs ? 21 : 20,
      visibility: pick<Visibility | null>(['private', 'private', 'internal', 'public', null]),
      state,
      ...(state === 'failing' ? { failing_reason: 'webhook delivery failing' } : {}),
    });
  }
  const monitored = repositories.filter((r) => r.state === 'monitored').map((r) => r.id);

  const teamIds = Array.from({ length: spec.teams }, (_, i) => 1000 + i + 1);
  const serviceCount = Math.max(5, Math.floor(spec.teams / 5));
  const services = Array.from({ length: serviceCount }, (_, i) => ({ id: i + 1, name: `service-${i + 1}` }));
  const pmScopes: FixtureTeamPmScope[] = [];
  const reachableBoards = boards.filter((b) => b.reachable !== false);
  for (const [n, teamId] of teamIds.entries()) {
    if (reachableBoards.length > 0) {
      const chosen = [...new Set(Array.from({ length: int(1, 3) }, () => pick(reachableBoards)))];
      for (const b of chosen) b.selected = true;
      pmScopes.push({
        team_id: teamId,
        integration_id: 10,
        methodology: n % 3 === 0 ? 'Kanban' : 'Scrum',
        scope: {
          boards: chosen.map((b) => ({ entity_provider_id: b.entity_provider_id })),
          labels: [{ name: pick(labels).entity_provider_id }],
          ...(n % 4 === 0 ? { fields: [{ entity_provider_id: pick(fields).entity_provider_id, value: [`v${n}`] }] } : {}),
        },
      });
    }
    if (n % 3 === 1 && workTeams.length > 0) {
      const team = pick(workTeams);
      const project = workProjects.find((p) => p.entity_provider_id === team.parent_project)!;
      project.selected = true;
      const teamAreas = areas.filter((a) => a.teams?.includes(team.entity_provider_id));
      pmScopes.push({
        team_id: teamId,
        integration_id: 11,
        methodology: 'Kanban',
        scope: {
          project_team_areas: [
            { project: { entity_provider_id: project.entity_provider_id }, team: { entity_provider_id: team.entity_provider_id }, areas: teamAreas.slice(0, 1).map((a) => ({ entity_provider_id: a.entity_provider_id })) },
          ],
        },
      });
    }
  }
  const gitScopes = teamIds.map((teamId) => ({
    team_id: teamId,
    repository_ids: monitored.length ? [...new Set(Array.from({ length: int(1, 20) }, () => pick(monitored)))] : [],
    service_ids: [...new Set(Array.from({ length: int(0, 2) }, () => pick(services).id))],
  }));
  const overrides = repositories
    .filter((_, i) => i % 100 === 7)
    .map((r, i) => ({
      repository_id: r.id,
      settings:
        i % 2 === 0
          ? { default_branch: { branch_name: 'main' } }
          : { releases_detection: { method: 'tags' as const, pattern: '^v\\d+\\.\\d+\\.\\d+$' }, exclude_branches: { patterns: ['^wip/.*'] } },
    }));
  const selected = [...boards, ...projects, ...workProjects].filter((e) => e.selected).length;

  return {
    organization: { id: 1, name: 'Generated Org' },
    api_keys: ['dev-key'],
    limits: { board_project_limit: Math.max(selected + 100, 100), repository_quota: Math.max(spec.repos, 1) },
    integrations: [
      { id: 10, type: 'pm', provider: 'tracker_a', name: 'Tracker', state: 'ok', auth_type: 'oauth', entities: { boards, projects, epics, labels, fields } },
      { id: 11, type: 'pm', provider: 'tracker_b', name: 'Work', state: 'ok', auth_type: 'pat', entities: { projects: workProjects, teams: workTeams, areas } },
      { id: 20, type: 'git', provider: 'host_a', name: 'Code', state: 'ok', auth_type: 'app' },
      { id: 21, type: 'git', provider: 'host_b', name: 'Labs', state: 'ok', auth_type: 'pat' },
    ],
    teams: teamIds.map((id, n) => ({ id, name: `Team ${id}`, ...(n % 5 === 4 ? { parent_id: teamIds[n - 1]! } : {}) })),
    services,
    repositories,
    git_config: { active_branches_duration: { days: 14 }, exclude_branches: { patterns: ['^dependabot/.*'] } },
    team_pm_scopes: pmScopes,
    team_git_scopes: gitScopes,
    repository_overrides: overrides,
    // The activity itself is made when the emulator loads (relative to today), so the fixture stays small.
    ...(spec.prs
      ? { activity: { generate: { seed: spec.seed ?? 1, prs: spec.prs, months: spec.months ?? 6, ...(spec.contributors !== undefined ? { contributors: spec.contributors } : {}) } } }
      : {}),
  };
}
