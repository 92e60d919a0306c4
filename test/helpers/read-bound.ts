// The read lower bound of docs/performance.md, computed independently of src/state from a config
// document and the fixture it was written against: the end-to-end request-count tests compare
// the emulator's request log with it, route by route.

import { ENTITY_TYPES, type EmulatorRequestLogEntry, type PmProvider } from '../../src/contract/types.js';
import type { Fixture } from '../../src/emulator/index.js';
import type { Plan } from '../../src/core/plan-model.js';
import type { GeneratedConfigDoc } from './generated-org.mjs';

const ENTITY_PAGE = 1000;
const REPO_PAGE = 100;

/**
 * The route a logged request belongs to. Entity lists keep their type, which the bound counts per
 * type, and say which of the three reads they are: with unreachable entities (include_invalid),
 * the selected ones again with used_by, or reachable ones only.
 */
export function routeOf(r: Pick<EmulatorRequestLogEntry, 'method' | 'path' | 'query'>): string {
  if (r.path.startsWith('/api/v2/pm/entities/')) return `${r.method} ${r.path} ${entityReadKind(r.query)}`;
  const template = r.path
    .replace(/^\/api\/v1\/pm\/config\/teams\/\d+\/scope$/, '/api/v1/pm/config/teams/{team_id}/scope')
    .replace(/^\/api\/v1\/git\/config\/teams\/\d+\/scope$/, '/api/v1/git/config/teams/{team_id}/scope')
    .replace(/^\/api\/v1\/git\/repositories\/\d+\/config$/, '/api/v1/git/repositories/{repo_id}/config');
  return `${r.method} ${template}`;
}

export const pages = (items: number, size: number) => Math.max(1, Math.ceil(items / size));

function entityReadKind(query: EmulatorRequestLogEntry['query']): string {
  if (query.is_selected_for_collection === 'true') return '[selected, used_by]';
  return query.include_invalid === 'true' ? '[all]' : '[reachable]';
}

/** (integration, entity type) pairs whose entities the plan's writes name: selects and PM scope writes. */
export function namedByWrites(plan: Plan): Set<string> {
  const named = new Set<string>();
  const SCOPE_TYPES: Record<string, string[]> = { boards: ['boards'], epics: ['epics'], labels: ['labels'], fields: ['fields'], project_team_areas: ['projects', 'teams', 'areas'] };
  for (const op of plan.operations) {
    const select = /^\/api\/v2\/pm\/integrations\/(\d+)\/entities\/(\w+)$/.exec(op.path);
    const body = op.body as { entities?: { is_selected_for_collection: boolean }[]; teams?: { items: { integration_id: number; scope?: Record<string, unknown[]> }[] }[] };
    if (select && body.entities?.some((e) => e.is_selected_for_collection)) named.add(`${select[1]}/${select[2]}`);
    if (op.method === 'PATCH' && op.path.startsWith('/api/v1/pm/config/teams/scope')) {
      for (const item of (body.teams ?? []).flatMap((t) => t.items)) {
        for (const [key, list] of Object.entries(item.scope ?? {})) {
          if (list.length > 0) for (const type of SCOPE_TYPES[key] ?? []) named.add(`${item.integration_id}/${type}`);
        }
      }
    }
  }
  return named;
}

/**
 * The fewest GETs that read what `doc` manages, by the rules of the state reader's contract:
 * integrations once; per entity type one sequence over the integrations that need it, with
 * unreachable entities (a selected one may need dropping, a team scope may hold one the config
 * keeps); the selected entities again
 * with used_by for types whose set drops a selected entity; one PM scope read per team with PM
 * scopes; one Git scope read per team with a git block; the whole repository list when monitoring
 * is managed; one configuration per repository whose settings are managed; the org configuration;
 * and, per type read with unreachable entities, the reachable ones of the integrations whose
 * entities the plan's writes name (so a write naming an unreachable one is predicted refused).
 */
export function lowerBound(doc: GeneratedConfigDoc, fixture: Fixture, plan: Plan): Record<string, number> {
  const bound: Record<string, number> = { 'GET /api/v1/integrations': 1 };
  const add = (route: string, n: number) => {
    if (n > 0) bound[route] = (bound[route] ?? 0) + n;
  };
  const integration = (alias: string) => fixture.integrations.find((i) => i.id === doc.integrations[alias]?.id && !i.deleted_at && i.type === 'pm');

  // (type) -> integration ids whose list is involved; `unanswered` those a team scope answer
  // cannot stand in for: a selection set names them, or some team scope writes an entity of that
  // type that the team's own live scope (the fixture's) does not name.
  const needs = new Map<string, Set<number>>();
  const unanswered = new Map<string, Set<number>>();
  const need = (alias: string, type: string, answered: boolean) => {
    const i = integration(alias);
    if (!i || !ENTITY_TYPES[i.provider as PmProvider].includes(type as never)) return;
    needs.set(type, (needs.get(type) ?? new Set()).add(i.id));
    if (!answered) unanswered.set(type, (unanswered.get(type) ?? new Set()).add(i.id));
  };
  for (const [alias, sets] of Object.entries(doc.collection)) {
    for (const type of Object.keys(sets)) need(alias, type, false);
  }
  for (const [teamId, team] of Object.entries(doc.teams)) {
    for (const [alias, scope] of Object.entries(team.pm ?? {})) {
      const live = liveScopeOf(fixture, Number(teamId), doc.integrations[alias]?.id);
      for (const key of ['boards', 'epics', 'labels', 'fields'] as const) {
        const written = (scope[key] ?? []).map((e) => (typeof e === 'string' ? e : (e as { id: string }).id));
        if (written.length > 0) need(alias, key, written.every((id) => live.ids(key).has(id)));
      }
      if (scope.project_team_areas?.length) {
        const answered = scope.project_team_areas.every((p) => live.areaEntries.has(areaEntry(p.project, p.team, p.areas)));
        for (const type of ['projects', 'teams', 'areas']) need(alias, type, answered);
      }
    }
  }
  const listed = (type: string, ids: Set<number>) =>
    fixture.integrations.filter((i) => ids.has(i.id)).flatMap((i) => i.entities?.[type as keyof NonNullable<typeof i.entities>] ?? []);
  const named = namedByWrites(plan);
  for (const [type, ids] of needs) {
    const whole = unanswered.get(type);
    if (whole !== undefined) add(`GET /api/v2/pm/entities/${type} [all]`, pages(listed(type, whole).length, ENTITY_PAGE));
    const recheck = new Set([...ids].filter((id) => named.has(`${id}/${type}`)));
    if (recheck.size > 0) {
      add(`GET /api/v2/pm/entities/${type} [reachable]`, pages(listed(type, recheck).filter((e) => e.reachable !== false).length, ENTITY_PAGE));
    }
  }

  // used_by: the selected entities of sets that drop one, per type.
  const dropping = new Map<string, number>();
  for (const [alias, sets] of Object.entries(doc.collection)) {
    const i = integration(alias);
    for (const [type, wanted] of Object.entries(sets) as [string, string[]][]) {
      const selected = (i?.entities?.[type as 'boards' | 'projects'] ?? []).filter((e) => e.selected);
      if (selected.some((e) => !wanted.includes(e.entity_provider_id))) dropping.set(type, (dropping.get(type) ?? 0) + selected.length);
    }
  }
  for (const [type, selected] of dropping) add(`GET /api/v2/pm/entities/${type} [selected, used_by]`, pages(selected, ENTITY_PAGE));

  const teams = Object.values(doc.teams);
  add('GET /api/v1/pm/config/teams/{team_id}/scope', teams.filter((t) => Object.keys(t.pm ?? {}).length > 0).length);
  add('GET /api/v1/git/config/teams/{team_id}/scope', teams.filter((t) => t.git !== undefined).length);
  add('GET /api/v1/git/repositories', repositoryListCalls(doc, fixture));
  const literalSettings = Object.entries(doc.git.repositories).filter(([key, r]) => !isGlob(key) && r.settings !== undefined).length;
  add('GET /api/v1/git/repositories/{repo_id}/config', literalSettings + ruleWritten(doc, fixture).length);
  if (Object.keys(doc.git.defaults).length > 0) add('GET /api/v1/git/config', 1);
  return bound;
}

const isGlob = (s: string | number): s is string => typeof s === 'string' && /[*?]/.test(s);

/** A glob as a regular expression, written here apart from src/core: `*` any run, `?` one character, the whole name. */
function globMatcher(glob: string): RegExp {
  return new RegExp(`^${[...glob].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\/-]/g, '\\$&'))).join('')}$`);
}

/**
 * Whether each repository is monitored once the plan is applied (DESIGN 2.1, written out here):
 * the monitoring patterns decide every repository when written, a repository's own `monitored:`
 * wins, and the rest keep their live state (failing counts as monitored).
 */
function monitoredOnceApplied(doc: GeneratedConfigDoc, fixture: Fixture): (repo: NonNullable<Fixture['repositories']>[number]) => boolean {
  const m = doc.git.monitoring;
  const matches = (entries: readonly (string | number)[], repo: { id: number; name: string }) =>
    entries.some((e) => (typeof e === 'number' ? e === repo.id : isGlob(e) ? globMatcher(e).test(repo.name) : e === repo.name));
  const own = new Map<string, boolean>();
  for (const [key, r] of Object.entries(doc.git.repositories)) if (!isGlob(key) && r.monitored !== undefined) own.set(key, r.monitored);
  void fixture;
  return (repo) => {
    const flag = own.get(String(repo.id)) ?? own.get(repo.name);
    if (flag !== undefined) return flag;
    if (m !== undefined) return matches(m.include, repo) && !matches(m.exclude, repo);
    return repo.state === 'monitored' || repo.state === 'failing';
  };
}

/**
 * The repositories whose override set a settings rule writes (DESIGN 2.1, written out here, one
 * rule at a time): monitored once the plan is applied, written by no literal key, matched by a
 * rule on its integration; the configuration of each is read once.
 */
export function ruleWritten(doc: GeneratedConfigDoc, fixture: Fixture): number[] {
  const rules = Object.entries(doc.git.repositories).filter(([key]) => isGlob(key));
  if (rules.length === 0) return [];
  const literal = Object.entries(doc.git.repositories).filter(([key, r]) => !isGlob(key) && r.settings !== undefined).map(([key]) => key);
  const integrationOf = (ref: string | number | undefined) => (ref === undefined ? undefined : typeof ref === 'number' ? ref : doc.integrations[ref]?.id);
  const monitored = monitoredOnceApplied(doc, fixture);
  return (fixture.repositories ?? [])
    .filter((repo) => monitored(repo) && !literal.includes(repo.name) && !literal.includes(String(repo.id)))
    .filter((repo) => rules.some(([glob, r]) => globMatcher(glob).test(repo.name) && (r.integration === undefined || integrationOf(r.integration) === repo.integration_id)))
    .map((repo) => repo.id);
}

/** A tracker_b scope entry as one comparable string. */
function areaEntry(project: string, team: string, areas: readonly string[]): string {
  return JSON.stringify([project, team, [...areas].sort()]);
}

/** What the team's PM scope answer on an integration names: the fixture's scope of that team. */
function liveScopeOf(fixture: Fixture, teamId: number, integrationId: number | undefined) {
  const scope = (fixture.team_pm_scopes ?? []).find((s) => s.team_id === teamId && s.integration_id === integrationId)?.scope ?? {};
  return {
    ids: (key: 'boards' | 'epics' | 'labels' | 'fields') =>
      new Set(key === 'labels' ? (scope.labels ?? []).map((l) => l.name) : (scope[key] ?? []).map((e) => e.entity_provider_id)),
    areaEntries: new Set(
      (scope.project_team_areas ?? []).map((p) => areaEntry(p.project.entity_provider_id, p.team.entity_provider_id, p.areas.map((a) => a.entity_provider_id))),
    ),
  };
}

/**
 * The repositories of a team's Git scope that its answer holds (the fixture's scope, monitored
 * repositories only, as the service lists it): by id, and by name when one of them has it.
 */
function heldByGitAnswer(fixture: Fixture, teamId: number, ref: string | number): boolean {
  const ids = new Set((fixture.team_git_scopes ?? []).find((s) => s.team_id === teamId)?.repository_ids ?? []);
  const held = (fixture.repositories ?? []).filter((r) => ids.has(r.id) && r.state === 'monitored');
  return typeof ref === 'number' ? held.some((r) => r.id === ref) : held.filter((r) => r.name === ref).length === 1;
}

/**
 * Repository list calls: every page when monitoring is managed or a repository is named by id (the
 * list has no id filter); one exact-name lookup for a single name; for several names, page 1 (its
 * total) and then the cheaper of the remaining pages and one lookup per name. Without monitoring,
 * a repository of a team's Git scope that the team's answer holds is not looked up.
 */
function repositoryListCalls(doc: GeneratedConfigDoc, fixture: Fixture): number {
  const total = fixture.repositories?.length ?? 0;
  const refs: (string | number)[] = [
    ...Object.keys(doc.git.repositories).filter((k) => !isGlob(k)).map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
    ...Object.entries(doc.teams).flatMap(([id, t]) => (t.git?.repositories ?? []).filter((r) => doc.git.monitoring !== undefined || !heldByGitAnswer(fixture, Number(id), r))),
  ];
  // Rules and scope globs match every monitored repository: the whole list, read once with the monitoring patterns'.
  const globs = [...Object.keys(doc.git.repositories), ...Object.values(doc.teams).flatMap((t) => t.git?.repositories ?? [])].some(isGlob);
  if (doc.git.monitoring || globs || refs.some((r) => typeof r === 'number')) return pages(total, REPO_PAGE);
  const names = new Set(refs);
  if (names.size <= 1) return names.size;
  return 1 + Math.min(pages(total, REPO_PAGE) - 1, names.size);
}

/** The document with only what `keep` says, written out by hand per case (independent of src/state). */
export function emptyDoc(doc: GeneratedConfigDoc): GeneratedConfigDoc {
  return { ...doc, collection: {}, teams: {}, git: { defaults: {}, repositories: {} } };
}

/**
 * The document narrowed to the objects a saved plan's changes write (the ownership rule: a whole
 * selection set, a team's PM scope on one integration, its Git scope, an org default section, a
 * repository's override set; a monitoring state keeps the patterns that decide it).
 */
export function docOfChanges(doc: GeneratedConfigDoc, plan: Plan): GeneratedConfigDoc {
  const out = emptyDoc(doc);
  for (const { address } of plan.changes) {
    let m: RegExpExecArray | null;
    if ((m = /^collection\.([^.]+)\.(boards|projects)\[/.exec(address))) {
      const [alias, type] = [m[1] as string, m[2] as 'boards' | 'projects'];
      (out.collection[alias] ??= {})[type] = doc.collection[alias]?.[type] ?? [];
    } else if ((m = /^team\[(\d+)\]\.pm\.([^.]+)\./.exec(address))) {
      const [team, alias] = [m[1] as string, m[2] as string];
      ((out.teams[team] ??= {}).pm ??= {})[alias] = doc.teams[team]?.pm?.[alias] ?? {};
    } else if ((m = /^team\[(\d+)\]\.git\./.exec(address))) {
      const team = m[1] as string;
      const git = doc.teams[team]?.git;
      if (git) (out.teams[team] ??= {}).git = git;
    } else if ((m = /^git\.defaults\.(\w+)$/.exec(address))) {
      out.git.defaults[m[1] as string] = doc.git.defaults[m[1] as string];
    } else if ((m = /^repo\[(.+)\]\.settings\./.exec(address))) {
      const key = String(JSON.parse(m[1] as string) as string | number);
      out.git.repositories[key] = { settings: doc.git.repositories[key]?.settings ?? {} };
    } else if (/^repo\[.+\]\.monitored$/.test(address)) {
      if (doc.git.monitoring) out.git.monitoring = doc.git.monitoring;
    } else {
      throw new Error(`no ownership object for ${address}`);
    }
  }
  return out;
}

/** JSON with object keys sorted, so two settings objects compare by value. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
