// Diff of the Git side: team Git scopes, org default sections, repository override sets and
// monitoring. As on the PM side, only what the config writes is read into the diff.

import type { GitScopeKey, OrgSection, RepoSection, Repository } from '../contract/git-types.js';
import { BACKFILL_SECTIONS, ORG_ONLY_SECTIONS, ORG_SECTIONS, RECOMPUTE_SECTIONS, REPO_SECTIONS } from '../contract/git-types.js';
import { gitScopeAddress, monitoredAddress, orgDefaultAddress, repoAddress, repoSettingAddress } from './address.js';
import { canonicalSection, sectionsEqual, sortedIds, writtenBackfill } from './canonical.js';
import type { PlanDraft, RepoContext } from './draft.js';
import type { ConfigPath, DesiredRepository, DesiredTeam, RepoRef } from './model.js';
import type { Action, Change, Impact } from './plan-model.js';
import { isMonitored, monitoringDecisions } from './monitoring-decisions.js';
import { resolveRepository } from './resolve.js';
import { isGlobRef } from './rules.js';
import { identifiedTeams } from './kinds/team-directory.js';

export function diffGit(draft: PlanDraft): void {
  const names = scopeNames(draft);
  for (const team of identifiedTeams(draft.config).sort((a, b) => a.id - b.id)) diffTeamGit(draft, team, names);
  diffOrgDefaults(draft);
  diffRepositorySettings(draft);
  diffMonitoring(draft);
}

/**
 * How a repository is addressed: `repo[1234]` when the config names it by id, or when its name
 * is on several Git integrations (the name alone would address two objects); `repo["acme/api"]`
 * otherwise.
 */
export function addressOfRepo(draft: PlanDraft, repo: Repository, ref?: RepoRef): string {
  if (ref && 'id' in ref) return repoAddress({ id: repo.id });
  const sameName = draft.repos.byName.get(repo.name) ?? [];
  return sameName.length > 1 ? repoAddress({ id: repo.id }) : repoAddress({ name: repo.name });
}

/**
 * The addresses the planner gives by id to repositories the config names by name (a name on
 * several Git integrations, written with `integration:`), each mapped to the config's spelling
 * `repo["name"]`: --target, --exclude and --changed-from name an object as the config does, and
 * must reach the same repository (matched by what the name resolves to, not by spelling).
 */
export function configSpellings(draft: PlanDraft): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of draft.config.git.repositories) {
    if ('id' in entry.ref) continue;
    const repo = resolveRepository(entry.ref, draft.repos, draft.config, draft.live.integrations).value;
    if (repo === undefined) continue;
    const planned = addressOfRepo(draft, repo, entry.ref);
    const written = repoAddress(entry.ref);
    if (planned !== written) out.set(planned, written);
  }
  return out;
}

function resolveRepo(draft: PlanDraft, ref: RepoRef, path: ConfigPath): Repository | undefined {
  const r = resolveRepository(ref, draft.repos, draft.config, draft.live.integrations);
  if (r.value === undefined) draft.error(r.error ?? 'unknown repository', path);
  return r.value;
}

// ---- team Git scope ------------------------------------------------------------------------

function diffTeamGit(draft: PlanDraft, team: DesiredTeam & { id: number }, known: ScopeNames): void {
  const git = team.git;
  if (git === undefined) return;
  const read = draft.teamRead(team, draft.live.teamGitScopes.get(team.id), 'Git scope', git.path);
  if (read === undefined) return;
  const repoIds: number[] = [];
  const byIdInConfig = new Set<number>();
  let failed = false;
  git.repositories.forEach((ref, i) => {
    if (isGlobRef(ref)) return; // a scope glob: what it matched is in `matched` (rules.ts)
    const repo = resolveRepo(draft, ref, [...git.path, 'repositories', i]);
    if (repo) repoIds.push(repo.id);
    else failed = true;
    if (repo && 'id' in ref) byIdInConfig.add(repo.id);
  });
  if (failed) return;
  repoIds.push(...(git.matched ?? []));
  const names: Record<GitScopeKey, (id: number) => string | number> = {
    repositories: (id) => repoDisplay(known, id, byIdInConfig),
    services: (id) => serviceDisplay(known, id),
  };
  const desired: Record<GitScopeKey, number[]> = { repositories: sortedIds(repoIds), services: sortedIds(git.services) };
  const live: Record<GitScopeKey, number[]> = {
    repositories: sortedIds(read.repositories.map((r) => r.id)),
    services: sortedIds(read.services.map((s) => s.id)),
  };
  for (const key of ['repositories', 'services'] as const) {
    const before = live[key];
    const after = desired[key];
    if (before.length > 0) draft.count('scope_removal', 1);
    if (before.join(',') === after.join(',')) continue;
    const change: Change = {
      address: gitScopeAddress(team.key, key),
      kind: 'git-scope',
      action: before.length === 0 ? 'add' : after.length === 0 ? 'remove' : 'update',
      before: before.length === 0 ? null : before,
      after: after.length === 0 ? null : after,
      impacts: ['changes-team-metrics'],
      // The config names repositories, the API takes ids: reviewers read the names.
      display: {
        before: before.length === 0 ? null : before.map(names[key]),
        after: after.length === 0 ? null : after.map(names[key]),
      },
    };
    if (key === 'repositories' && git.matchedBy !== undefined) {
      // Each repository a glob brings in (not also named literally) names its glob.
      const had = new Set(before);
      const literal = new Set(repoIds.slice(0, repoIds.length - (git.matched?.length ?? 0)));
      const globs: Record<string, string> = {};
      for (const id of after) {
        const glob = git.matchedBy[String(id)];
        if (!had.has(id) && !literal.has(id) && glob !== undefined) globs[String(id)] = glob;
      }
      if (Object.keys(globs).length > 0) change.globs = globs;
    }
    const kept = new Set(after);
    if (before.some((id) => !kept.has(id))) change.destructive = 'scope_removal';
    draft.add(change, { kind: 'git-scope', teamId: team.id, key, before, after }, [...git.path, key]);
  }
}

/** Names the reads gave (repository list and lookups, every team's Git scope read), by id. */
interface ScopeNames {
  repositories: Map<number, string>;
  /** Repository name -> how many repositories known carry it. */
  repositoryNameCount: Map<string, number>;
  services: Map<number, string>;
}

function scopeNames(draft: PlanDraft): ScopeNames {
  const names: ScopeNames = { repositories: new Map(), repositoryNameCount: new Map(), services: new Map() };
  for (const read of draft.live.teamGitScopes.values()) {
    if (read === 'not_found') continue;
    for (const r of read.repositories) names.repositories.set(r.id, r.name);
    for (const s of read.services) names.services.set(s.id, s.name);
  }
  for (const r of draft.repos.all) names.repositories.set(r.id, r.name);
  for (const name of names.repositories.values()) names.repositoryNameCount.set(name, (names.repositoryNameCount.get(name) ?? 0) + 1);
  return names;
}

/**
 * How a repository of a team Git scope reads in a plan: its name, or `1234 (acme/api)` when the
 * config names it by id (as the config reads) or its name is on several Git integrations (the name
 * alone would not say which). The id alone when no read gave its name.
 */
function repoDisplay(known: ScopeNames, id: number, byIdInConfig: ReadonlySet<number>): string | number {
  const name = known.repositories.get(id);
  if (name === undefined) return id;
  const shared = (known.repositoryNameCount.get(name) ?? 0) > 1;
  return byIdInConfig.has(id) || shared ? `${id} (${name})` : name;
}

/**
 * A service as `7 (billing)` when a Git scope read gave its name (it is in some team's live scope),
 * else its id: the config names services by id, and no read the plan needs lists the others.
 */
function serviceDisplay(known: ScopeNames, id: number): string | number {
  const name = known.services.get(id);
  return name === undefined ? id : `${id} (${name})`;
}

// ---- settings sections ---------------------------------------------------------------------

/** history-recompute for the six recompute sections; backfill too unless the write sets backfill_days 1. */
function sectionImpacts(section: OrgSection, action: Action, written: unknown): Impact[] {
  if (!RECOMPUTE_SECTIONS.includes(section)) return [];
  const skipsBackfill = action !== 'remove' && BACKFILL_SECTIONS.includes(section) && writtenBackfill(written) === 1;
  return skipsBackfill ? ['history-recompute'] : ['history-recompute', 'backfill'];
}

function diffOrgDefaults(draft: PlanDraft): void {
  const defaults = draft.config.git.defaults as Record<string, unknown>;
  const written = ORG_SECTIONS.filter((s) => defaults[s] !== undefined);
  if (written.length === 0) return;
  const live = draft.live.orgConfig;
  if (live === undefined) {
    draft.error('the organization Git configuration was not read', ['git', 'defaults']);
    return;
  }
  for (const section of written) {
    const desired = defaults[section];
    const current = (live.settings as Record<string, unknown>)[section];
    if (sectionsEqual(section, current, desired)) continue;
    draft.add(
      {
        address: orgDefaultAddress(section),
        kind: 'org-default',
        action: 'update',
        before: current === undefined ? null : canonicalSection(section, current),
        after: canonicalSection(section, desired),
        impacts: sectionImpacts(section, 'update', desired),
      },
      { kind: 'org-default', section, written: desired },
      ['git', 'defaults', section],
    );
  }
}

function diffRepositorySettings(draft: PlanDraft): void {
  const seen = new Set<number>();
  for (const entry of draft.config.git.repositories) {
    if (entry.settings === undefined) continue;
    const repo = resolveRepo(draft, entry.ref, entry.path);
    if (!repo) continue;
    if (seen.has(repo.id)) {
      draft.error(`repository ${repo.id} (${repo.name}) is written twice`, entry.path);
      continue;
    }
    seen.add(repo.id);
    diffRepoOverrides(draft, entry, repo);
  }
}

function diffRepoOverrides(draft: PlanDraft, entry: DesiredRepository, repo: Repository): void {
  const desired = (entry.settings ?? {}) as Record<string, unknown>;
  for (const section of Object.keys(desired)) {
    if (!REPO_SECTIONS.includes(section as RepoSection)) {
      const why = ORG_ONLY_SECTIONS.includes(section as OrgSection) ? 'is organization-wide only' : 'is not a settings section';
      draft.error(`"${section}" ${why}; it cannot be overridden per repository`, [...entry.path, 'settings', section]);
      return;
    }
  }
  const read = draft.live.repositoryConfigs.get(repo.id);
  if (read === undefined) {
    draft.error(`the configuration of repository ${repo.id} (${repo.name}) was not read`, entry.path);
    return;
  }
  const live = new Map<RepoSection, unknown>();
  for (const section of REPO_SECTIONS) {
    const s = read.settings[section];
    if (s && s.source === 'repository') live.set(section, s.value);
  }
  draft.count('override_removal', live.size);
  // A rule's entry names its repository by id; the plan names it as a literal key by name would.
  const ctx: RepoContext = { repo, address: addressOfRepo(draft, repo, entry.rule === undefined ? entry.ref : undefined), live, desired: entry.settings ?? {} };
  for (const section of REPO_SECTIONS) {
    const want = desired[section];
    const have = live.get(section);
    if (want === undefined && have === undefined) continue;
    if (want !== undefined && have !== undefined && sectionsEqual(section, have, want)) continue;
    const action: Action = have === undefined ? 'add' : want === undefined ? 'remove' : 'update';
    const change: Change = {
      address: repoSettingAddress(ctx.address, section),
      kind: 'repo-override',
      action,
      before: have === undefined ? null : canonicalSection(section, have),
      after: want === undefined ? null : canonicalSection(section, want),
      impacts: sectionImpacts(section, action, want),
      label: repo.name,
      ...(entry.rule === undefined ? {} : { rule: entry.rule }),
    };
    if (action === 'remove') change.destructive = 'override_removal';
    draft.add(change, { kind: 'repo-override', repo: ctx, section }, [...entry.path, 'settings', section]);
  }
}

// ---- monitoring ----------------------------------------------------------------------------

function diffMonitoring(draft: PlanDraft): void {
  const monitoring = draft.config.git.monitoring;
  if (monitoring === undefined && !draft.config.git.repositories.some((r) => r.monitored !== undefined)) return;
  const decisions = monitoringDecisions(draft.config, draft.repos, draft.live);
  for (const e of decisions.errors) draft.error(e.message, e.path);
  for (const w of decisions.warnings) draft.warn(w.message, w.path);
  if (!decisions.judged) return;
  for (const [id, monitored] of decisions.decided) draft.monitoring.set(id, monitored);
  const refs = decisions.written;
  draft.count('stop_monitoring', draft.live.monitoredTotal ?? draft.live.repositories.filter(isMonitored).length);
  const repos = [...draft.monitoring.keys()]
    .map((id) => draft.repos.byId.get(id))
    .filter((r): r is Repository => r !== undefined)
    .sort((a, b) => (a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1));
  for (const repo of repos) {
    const want = draft.monitoring.get(repo.id) === true;
    if (want === isMonitored(repo)) continue;
    const where = refs.get(repo.id);
    const change: Change = {
      address: monitoredAddress(addressOfRepo(draft, repo, where?.ref)),
      kind: 'monitoring',
      action: want ? 'add' : 'remove',
      before: want ? null : true,
      after: want ? true : null,
      impacts: want ? ['backfill', 'counts-against-limit'] : ['stops-collection'],
      label: repo.name,
    };
    if (!want) change.destructive = 'stop_monitoring';
    draft.add(change, { kind: 'monitoring', repo, monitored: want }, where?.path);
  }
}
