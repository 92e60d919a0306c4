// Git settings rules (api-spec.md endpoints 10-12): per-repository overrides with source and
// global_default on reads, the organization defaults, and the history recomputes a change of a
// recompute section causes. A write that leaves a section's stored value unchanged records no
// recompute (docs/assumptions.md).

import { RECOMPUTE_SECTIONS, REPO_SECTIONS, type BackfillDays, type OrgConfigResponse, type OrgSection, type OrgSettings, type RepoSection, type RepositoryConfigResponse, type RepositorySettings } from '../../contract/git-types.js';
import { refused } from '../route/reply.js';
import type { Journal } from '../state/journal.js';
import { sameValue } from './settings.js';
import type { EmulatorState, RepoRec } from '../state/state.js';

export type Backfill = Partial<Record<OrgSection, BackfillDays>>;

function requireRepo(state: EmulatorState, repoId: number): RepoRec {
  const repo = state.repos.get(repoId);
  if (!repo) throw refused(404, `repository ${repoId} not found`);
  return repo;
}

export function readRepoConfig(state: EmulatorState, repoId: number): RepositoryConfigResponse {
  const repo = requireRepo(state, repoId);
  const overrides = state.overrides.get(repoId) ?? {};
  const settings: Record<string, unknown> = {};
  for (const section of REPO_SECTIONS) {
    const own = overrides[section];
    const global = structuredClone(state.orgSettings[section]);
    settings[section] = own !== undefined ? { value: structuredClone(own), source: 'repository', global_default: global } : { value: global, source: 'global' };
  }
  return { repository_id: repo.id, repository_name: repo.name, settings: settings as RepositoryConfigResponse['settings'] };
}

function recordRecomputes(journal: Journal, repositoryId: number | null, changed: readonly OrgSection[], backfill: Backfill): void {
  for (const section of changed) {
    if (!RECOMPUTE_SECTIONS.includes(section)) continue;
    const days = section === 'releases_detection' || section === 'coding_time_strategy' ? (backfill[section] ?? 90) : null;
    journal.recompute({ section, repository_id: repositoryId, backfill_days: days });
  }
}

/** Replaces a repository's override set with `next`, recording what changed. */
function setOverrides(state: EmulatorState, journal: Journal, repoId: number, next: RepositorySettings, backfill: Backfill): void {
  const before = state.overrides.get(repoId) ?? {};
  const changed = REPO_SECTIONS.filter((s) => !sameValue(before[s], next[s]));
  if (changed.length === 0) return;
  if (Object.keys(next).length === 0) state.overrides.delete(repoId);
  else state.overrides.set(repoId, structuredClone(next));
  journal.touch();
  recordRecomputes(journal, repoId, changed, backfill);
}

/** PUT: each section sent overrides the default; every section not sent returns to the default. */
export function putRepoConfig(state: EmulatorState, journal: Journal, repoId: number, settings: RepositorySettings, backfill: Backfill) {
  requireRepo(state, repoId);
  setOverrides(state, journal, repoId, settings, backfill);
  return readRepoConfig(state, repoId);
}

/** PATCH: override each section sent; unsent sections unchanged. */
export function patchRepoConfig(state: EmulatorState, journal: Journal, repoId: number, settings: RepositorySettings, backfill: Backfill) {
  requireRepo(state, repoId);
  setOverrides(state, journal, repoId, { ...(state.overrides.get(repoId) ?? {}), ...settings }, backfill);
  return readRepoConfig(state, repoId);
}

/** DELETE: remove every override. */
export function deleteRepoConfig(state: EmulatorState, journal: Journal, repoId: number) {
  requireRepo(state, repoId);
  setOverrides(state, journal, repoId, {}, {});
  return readRepoConfig(state, repoId);
}

/** DELETE one section's override; a section that is not overridden changes nothing. */
export function deleteRepoSection(state: EmulatorState, journal: Journal, repoId: number, section: RepoSection) {
  requireRepo(state, repoId);
  const next = { ...(state.overrides.get(repoId) ?? {}) };
  delete next[section];
  setOverrides(state, journal, repoId, next, {});
  return readRepoConfig(state, repoId);
}

export function readOrgConfig(state: EmulatorState): OrgConfigResponse {
  return { settings: structuredClone(state.orgSettings) };
}

/** PATCH: writes the default of each section sent; one recompute entry (repository_id null) per changed section. */
export function patchOrgConfig(state: EmulatorState, journal: Journal, settings: OrgSettings, backfill: Backfill): OrgConfigResponse {
  const changed: OrgSection[] = [];
  for (const [section, value] of Object.entries(settings) as [OrgSection, unknown][]) {
    if (sameValue(state.orgSettings[section], value)) continue;
    (state.orgSettings as Record<string, unknown>)[section] = structuredClone(value);
    changed.push(section);
  }
  if (changed.length > 0) journal.touch();
  recordRecomputes(journal, null, changed, backfill);
  return readOrgConfig(state);
}
