// How the monitored set is written back as config, as `git.monitoring` entries: `owner/*` where
// every repository whose name starts with `owner/` is monitored (and there are at least two), else
// one entry per repository (its name when that name is unique, else its id). A glob is only used
// when it is exact today; it is never widened with excludes, because a glob is also a statement
// about repositories created later. The result is checked against the set it describes before it
// is written.

import type { Repository } from '../../../contract/git-types.js';
import type { ExportedConfig, MonitoringEntries } from '../../export-model.js';
import { isMonitored } from '../../monitoring-decisions.js';
import type { OrganizationRead } from '../../organization.js';
import { compileRepoPatterns, isGlob } from '../../repo-patterns.js';
import { repoNamer, sortEntries } from '../shared/export-names.js';

function owner(name: string): string | undefined {
  const slash = name.indexOf('/');
  return slash > 0 ? name.slice(0, slash) : undefined;
}

/** The set an include/exclude pair selects, as the planner reads it (globs on names, or ids). */
export function selectedBy(entries: MonitoringEntries, repositories: readonly Repository[]): Set<number> {
  const include = compileRepoPatterns(entries.include);
  const exclude = compileRepoPatterns(entries.exclude);
  return new Set(repositories.filter((r) => include.matches(r) && !exclude.matches(r)).map((r) => r.id));
}

function explicit(repositories: readonly Repository[], name: (r: Repository) => string | number): MonitoringEntries {
  return { include: sortEntries(repositories.filter(isMonitored).map(name)), exclude: [] };
}

// A failing repository counts as monitored, as the planner counts it (collection was started and
// not stopped): one definition, in the core (isMonitored).
export function monitoringEntries(repositories: readonly Repository[]): MonitoringEntries {
  const name = repoNamer(repositories);
  const groups = new Map<string, Repository[]>();
  for (const r of repositories) {
    const o = owner(r.name);
    if (o === undefined || isGlob(o)) continue;
    const list = groups.get(o) ?? [];
    list.push(r);
    groups.set(o, list);
  }
  const globbed = new Set<string>();
  for (const [o, members] of groups) {
    if (members.length >= 2 && members.every(isMonitored)) globbed.add(o);
  }
  const include: (string | number)[] = [...globbed].map((o) => `${o}/*`);
  for (const r of repositories) {
    const o = owner(r.name);
    if (isMonitored(r) && (o === undefined || !globbed.has(o))) include.push(name(r));
  }
  const result = { include: sortEntries(include), exclude: [] };

  // Belt and braces: the entries must select exactly the monitored set, or we fall back to the
  // plain list, which is exact by construction.
  const want = new Set(repositories.filter(isMonitored).map((r) => r.id));
  const got = selectedBy(result, repositories);
  const same = got.size === want.size && [...want].every((id) => got.has(id));
  return same ? result : explicit(repositories, name);
}

/** The exact monitored set, where the organization has a Git integration (else there is nothing to monitor). */
export function exportMonitoring(org: OrganizationRead, doc: ExportedConfig): void {
  if (!org.integrations.some((i) => i.type === 'git')) return;
  doc.monitoring = monitoringEntries(org.repositories);
  doc.notes.monitoring.push('The exact set of monitored repositories: owner/* where every repository of that owner is monitored,');
  doc.notes.monitoring.push('else names (ids where a name is on several Git integrations).');
}
