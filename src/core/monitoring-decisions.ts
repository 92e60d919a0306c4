// Which repositories a config monitors: git.monitoring's include minus exclude over the repository
// list, with each repository's own `monitored:` winning. The diff turns these decisions into
// changes (kinds/monitoring/diff.ts); rule expansion (rules.ts) reads them as "monitored once the plan is
// applied". One pass over the repositories, each name meeting only the patterns that can match it
// (glob-index.ts), never a pass per pattern. Pure.

import type { Repository } from '../contract/git-types.js';
import { GlobIndex } from './glob-index.js';
import type { ConfigPath, DesiredConfig, RepoRef, ReadScope } from './model.js';
import { isGlob } from './repo-patterns.js';
import { resolveRepository, type RepoIndex } from './resolve.js';
import type { LiveSnapshot } from './snapshot.js';

export interface MonitoringDecisions {
  /** The desired monitoring state of each repository whose state the config decides. */
  decided: Map<number, boolean>;
  /** Where each decision was written (the patterns, or the repository's own key). */
  written: Map<number, { ref?: RepoRef; path: ConfigPath }>;
  /** The repositories git.monitoring.exclude matches: a stop written on purpose. */
  excluded: Set<number>;
  warnings: { message: string; path: ConfigPath }[];
  errors: { message: string; path: ConfigPath }[];
  /** False when the patterns needed the whole repository list and it was not read: nothing is decided. */
  judged: boolean;
}

/** The service treats a failing repository as monitored (collection was started and not stopped). */
export function isMonitored(repo: Repository): boolean {
  return repo.state === 'monitored' || repo.state === 'failing';
}

export function monitoringDecisions(config: DesiredConfig, reads: ReadScope, repos: RepoIndex, live: Pick<LiveSnapshot, 'repositoriesComplete' | 'integrations'>): MonitoringDecisions {
  const out: MonitoringDecisions = { decided: new Map(), written: new Map(), excluded: new Set(), warnings: [], errors: [], judged: true };
  const monitoring = config.git.monitoring;
  // A scoped plan (src/core/reads/read-scope.ts) may judge the patterns for the repositories it read by
  // name only; a pattern matching none of those says nothing about the organization.
  const partial = reads.monitoringScope !== undefined && !live.repositoriesComplete;
  if (monitoring !== undefined) {
    if (!live.repositoriesComplete && !partial) {
      out.errors.push({ message: 'monitoring patterns need the complete repository list, which was not read', path: monitoring.path });
      out.judged = false;
      return out;
    }
    const include = matchedEntries(monitoring.include, repos);
    const exclude = matchedEntries(monitoring.exclude, repos);
    if (!partial) {
      for (const [key, list, matched] of [['include', monitoring.include, include.used], ['exclude', monitoring.exclude, exclude.used]] as const) {
        list.forEach((entry, i) => {
          if (matched.has(i)) return;
          const path = [...monitoring.path, key, i];
          if (typeof entry === 'number') out.errors.push({ message: `repository ${entry} does not exist`, path });
          else out.warnings.push({ message: `monitoring ${key} pattern "${entry}" matches no repository`, path });
        });
      }
    }
    // Judged on a part, the patterns decide the repositories read for that (others in the snapshot
    // were read for their settings or a Git scope, and their state may not be known).
    const judged = partial ? new Set(reads.monitoringScope?.map((r) => r.name)) : undefined;
    for (const repo of repos.all) {
      if (judged !== undefined && !judged.has(repo.name)) continue;
      const excluded = exclude.matches(repo);
      if (excluded) out.excluded.add(repo.id);
      out.decided.set(repo.id, include.matches(repo) && !excluded);
      out.written.set(repo.id, { path: monitoring.path });
    }
  }
  // A repository's own `monitored:` wins over the patterns.
  for (const entry of config.git.repositories) {
    if (entry.monitored === undefined) continue;
    const resolved = resolveRepository(entry.ref, repos, config, live.integrations);
    const path = [...entry.path, 'monitored'];
    if (resolved.value === undefined) {
      out.errors.push({ message: resolved.error ?? 'unknown repository', path });
      continue;
    }
    out.decided.set(resolved.value.id, entry.monitored);
    out.written.set(resolved.value.id, { ref: entry.ref, path });
  }
  return out;
}

/** Whether a repository is monitored once a plan with these decisions is applied. */
export function monitoredAfter(decisions: MonitoringDecisions): (repo: Repository) => boolean {
  return (repo) => decisions.decided.get(repo.id) ?? isMonitored(repo);
}

/**
 * The repositories an include or exclude list matches, and which of its entries matched any: ids
 * and exact names looked up, globs through one index, each repository visited once.
 */
function matchedEntries(entries: readonly (string | number)[], repos: RepoIndex): { matches: (repo: Repository) => boolean; used: Set<number> } {
  const ids = new Map<number, number[]>();
  const names = new Map<string, number[]>();
  const globs = new GlobIndex<number>();
  let anyGlob = false;
  entries.forEach((entry, i) => {
    if (typeof entry === 'number') ids.set(entry, [...(ids.get(entry) ?? []), i]);
    else if (!isGlob(entry)) names.set(entry, [...(names.get(entry) ?? []), i]);
    else {
      globs.add(entry, i);
      anyGlob = true;
    }
  });
  const used = new Set<number>();
  const matched = new Set<number>();
  const take = (repo: Repository, indices: readonly number[] | undefined): void => {
    if (indices === undefined) return;
    for (const i of indices) used.add(i);
    matched.add(repo.id);
  };
  for (const repo of repos.all) {
    take(repo, ids.get(repo.id));
    take(repo, names.get(repo.name));
    if (anyGlob) {
      globs.forEachMatch(repo.name, (i) => {
        used.add(i);
        matched.add(repo.id);
      });
    }
  }
  return { matches: (repo) => matched.has(repo.id), used };
}
