// A desired-state document written against a generated organization (emulator generateFixture):
// it manages a bit of everything (selection sets, team PM and Git scopes, org defaults, repository
// settings, monitoring) and changes a little of each, so a plan reads every route and has work to
// show. Plain JavaScript so that bench/plan.mjs (which runs against dist/) and the TypeScript tests
// share one generator; types in generated-org.d.mts.

const WRITABLE = new Set(['ok', 'failing', 'insufficient-permission']);

const ids = (list) => (list ?? []).map((e) => e.entity_provider_id);

/** The fixture's PM scope in config form (DESIGN.md §2). */
function scopeToConfig(item) {
  const s = item.scope ?? {};
  const out = {};
  if (item.methodology) out.methodology = item.methodology;
  if (s.boards?.length) out.boards = ids(s.boards);
  if (s.epics?.length) out.epics = ids(s.epics);
  if (s.labels?.length) out.labels = s.labels.map((l) => l.name);
  if (s.fields?.length) out.fields = s.fields.map((f) => ({ id: f.entity_provider_id, value: [...f.value] }));
  if (s.project_team_areas?.length) {
    out.project_team_areas = s.project_team_areas.map((p) => ({
      project: p.project.entity_provider_id,
      team: p.team.entity_provider_id,
      areas: ids(p.areas),
    }));
  }
  return out;
}

/** Drops the last element of the first non-empty list key: a small, valid change. */
function trimOne(scope) {
  for (const key of ['labels', 'epics', 'fields', 'boards']) {
    if (Array.isArray(scope[key]) && scope[key].length > 1) {
      scope[key] = scope[key].slice(0, -1);
      return;
    }
  }
}

/**
 * @param {import('./generated-org.d.mts').Fixture} fixture
 * @param {{ pmTeams: number; gitTeams: number; settingsRepos: number }} size
 */
export function generatedConfig(fixture, size) {
  const integrations = fixture.integrations.filter((i) => !i.deleted_at);
  const writablePm = integrations.filter((i) => i.type === 'pm' && WRITABLE.has(i.state));
  const alias = (id) => `i${id}`;
  const doc = { version: 1, integrations: {}, collection: {}, teams: {}, git: { defaults: {}, repositories: {} } };
  for (const i of integrations) doc.integrations[alias(i.id)] = { id: i.id };

  // Team PM scopes: the first pmTeams teams with a scope on a writable integration.
  const scopes = (fixture.team_pm_scopes ?? []).filter((s) => writablePm.some((i) => i.id === s.integration_id));
  const pmTeamIds = [...new Set(scopes.map((s) => s.team_id))].sort((a, b) => a - b).slice(0, size.pmTeams);
  const namedInScopes = new Map(); // `${integration}/${type}` -> ids named by any team scope
  const note = (integrationId, type, list) => {
    const key = `${integrationId}/${type}`;
    const set = namedInScopes.get(key) ?? new Set();
    for (const id of list) set.add(id);
    namedInScopes.set(key, set);
  };
  for (const s of fixture.team_pm_scopes ?? []) {
    note(s.integration_id, 'boards', ids(s.scope?.boards));
    note(s.integration_id, 'projects', (s.scope?.project_team_areas ?? []).map((p) => p.project.entity_provider_id));
  }
  pmTeamIds.forEach((teamId, n) => {
    const pm = {};
    for (const s of scopes.filter((x) => x.team_id === teamId)) {
      const scope = scopeToConfig(s);
      if (n % 4 === 0) trimOne(scope);
      pm[alias(s.integration_id)] = scope;
    }
    doc.teams[String(teamId)] = { pm };
  });

  // Selection sets on every writable PM integration: the live set, one board dropped that no team
  // scope names (a deselect: used_by is read), one unselected reachable board added.
  for (const i of writablePm) {
    const sets = {};
    for (const type of i.provider === 'tracker_a' ? ['boards', 'projects'] : ['projects']) {
      const all = i.entities?.[type] ?? [];
      const named = namedInScopes.get(`${i.id}/${type}`) ?? new Set();
      let selected = all.filter((e) => e.selected).map((e) => e.entity_provider_id);
      if (type === 'boards') {
        const drop = selected.find((id) => !named.has(id));
        if (drop !== undefined) selected = selected.filter((id) => id !== drop);
        const add = all.find((e) => !e.selected && e.reachable !== false);
        if (add) selected.push(add.entity_provider_id);
      }
      sets[type] = [...new Set([...selected, ...named])].sort();
    }
    doc.collection[alias(i.id)] = sets;
  }

  // Repositories: names where unique, else ids.
  const repos = [...(fixture.repositories ?? [])].sort((a, b) => a.id - b.id);
  const nameCount = new Map();
  for (const r of repos) nameCount.set(r.name, (nameCount.get(r.name) ?? 0) + 1);
  const refOf = (r) => (nameCount.get(r.name) === 1 ? r.name : r.id);
  const inGitScopes = new Set((fixture.team_git_scopes ?? []).flatMap((s) => s.repository_ids ?? []));

  // Monitoring: the monitored set, one repository (in no team scope) stopped, three started.
  const monitored = repos.filter((r) => r.state === 'monitored');
  const stop = monitored.find((r) => !inGitScopes.has(r.id) && !r.backfill_in_progress && !r.state_change_pending && !r.write_fails);
  const start = repos.filter((r) => r.state === 'not_monitored' && !r.state_change_pending && !r.write_fails).slice(0, 3);
  doc.git.monitoring = {
    include: [...monitored.map((r) => r.id), ...start.map((r) => r.id)],
    exclude: stop ? [stop.id] : [],
  };

  // Team Git scopes: the first gitTeams teams that have one, monitored repositories only.
  const stillMonitored = new Set([...monitored.map((r) => r.id), ...start.map((r) => r.id)].filter((id) => id !== stop?.id));
  const byId = new Map(repos.map((r) => [r.id, r]));
  const gitScopes = [...(fixture.team_git_scopes ?? [])].sort((a, b) => a.team_id - b.team_id).slice(0, size.gitTeams);
  gitScopes.forEach((s, n) => {
    let repoIds = (s.repository_ids ?? []).filter((id) => stillMonitored.has(id));
    if (n % 5 === 0 && repoIds.length > 1) repoIds = repoIds.slice(0, -1);
    const team = (doc.teams[String(s.team_id)] ??= {});
    team.git = { repositories: repoIds.map((id) => refOf(byId.get(id))), services: [...(s.service_ids ?? [])] };
  });

  // Repository settings: the first settingsRepos repositories, live overrides kept, every third
  // one given a default branch.
  const overrides = new Map((fixture.repository_overrides ?? []).map((o) => [o.repository_id, o.settings]));
  repos.slice(0, size.settingsRepos).forEach((r, n) => {
    const settings = structuredClone(overrides.get(r.id) ?? {});
    if (n % 3 === 0) settings.default_branch = { branch_name: 'main' };
    doc.git.repositories[String(refOf(r))] = { settings };
  });

  doc.git.defaults = {
    releases_detection: { method: 'tags', pattern: '^v\\d+\\.\\d+' },
    active_branches_duration: { days: 7 },
  };
  return doc;
}
