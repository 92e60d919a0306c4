// Live organization -> desired-state config (DESIGN.md §2), the way peribolos --dump does it: the
// output is exactly the input format, so onboarding is "export, commit, then manage", and planning
// the export against the same organization shows no changes. Pure: data in, data out; YAML text is
// yaml.ts's job.
//
// What is written (every object written is managed, per the ownership rule):
// - one alias per integration (PM and Git), pinned by id;
// - per PM integration, the exact selected set of each selectable entity type (empty sets too);
// - per exported team, its name (the key, with an id pin), parent, initials, colour and members
//   (team-properties.ts), its scope on every PM integration the scope read returns (with
//   methodology) and its Git scope;
// - every org default section as read, except read-only values (releases_detection `deployment`);
// - the monitored set; the override set of every repository read that has overrides.

import type { Integration, PmProvider, TeamPmScopeItem } from '../contract/types.js';
import type { OrgSection, OrgSettings, RepoSection, RepositorySettings } from '../contract/git-types.js';
import { SELECTABLE_TYPES, WRITABLE_INTEGRATION_STATES } from '../contract/types.js';
import { ORG_SECTIONS, REPO_SECTIONS } from '../contract/git-types.js';
import { deriveAliases } from './aliases.js';
import { monitoringEntries, repoNamer, sortEntries, type MonitoringEntries } from './monitoring.js';
import { entityKey, type OrganizationRead } from './read.js';
import { isServiceDefault } from './teams.js';
import { emailBook, teamProperties, type TeamProperties } from './team-properties.js';

export interface ExportedIntegration {
  alias: string;
  id: number;
  /** `Acme Tracker (tracker_a)`, plus the state when the integration is read-only. */
  comment: string;
}

export interface ExportedTeam {
  id: number;
  /** The key: the team's name (with an `id:` pin), or its id. */
  key: string | number;
  /** A comment above the entry: the name of a team keyed by id, and why. */
  note?: string;
  /** Its own properties, where the service lists teams (absent with an older service). */
  properties?: Omit<TeamProperties, 'key' | 'note'>;
  /** Scope per integration alias, in config form (keys not written are empty). */
  pm: { alias: string; scope: Record<string, unknown> }[];
  git?: { repositories: (string | number)[]; services: number[] };
}

export interface ExportedRepository {
  /** Name when unique across Git integrations, else id. */
  key: string | number;
  settings: RepositorySettings;
}

export interface ExportedConfig {
  integrations: ExportedIntegration[];
  /** Per PM integration alias: entity type -> selected entity_provider_ids, and their names. */
  collection: { alias: string; sets: Partial<Record<'boards' | 'projects', string[]>>; names: Map<string, string> }[];
  teams: ExportedTeam[];
  defaults: OrgSettings;
  /** Absent when the organization has no Git integration. */
  monitoring?: MonitoringEntries;
  repositories: ExportedRepository[];
  /** Why things were left out or how they were chosen; become YAML comments. */
  notes: { header: string[]; defaults: string[]; monitoring: string[]; repositories: string[] };
}

const byText = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });

/** A settings section as the config writes it: backfill_days is write-time only, never read back. */
function sectionValue(value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    if (k !== 'backfill_days') out[k] = v;
  }
  return out;
}

/** `deployment` is a release method the service reports but does not accept on writes. */
function isReadOnlyValue(section: OrgSection, value: unknown): boolean {
  return section === 'releases_detection' && (value as { method?: string } | undefined)?.method === 'deployment';
}

function scopeToConfig(item: TeamPmScopeItem): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (item.methodology !== undefined) out.methodology = item.methodology;
  const s = item.scope;
  if (s.boards?.length) out.boards = s.boards.map((b) => b.entity_provider_id);
  if (s.epics?.length) out.epics = s.epics.map((e) => e.entity_provider_id);
  if (s.labels?.length) out.labels = s.labels.map((l) => l.name);
  if (s.fields?.length) out.fields = s.fields.map((f) => ({ id: f.entity_provider_id, value: [...f.value] }));
  if (s.project_team_areas?.length) {
    out.project_team_areas = s.project_team_areas.map((p) => ({
      project: p.project.entity_provider_id,
      team: p.team.entity_provider_id,
      areas: p.areas.map((a) => a.entity_provider_id),
    }));
  }
  return out;
}


function integrationComment(i: Integration): string {
  const base = `${i.name} (${i.provider})`;
  return i.type === 'pm' && !WRITABLE_INTEGRATION_STATES.includes(i.state) ? `${base}, ${i.state}: read-only, plans that change it are refused` : base;
}

export function toConfig(read: OrganizationRead): ExportedConfig {
  const aliases = deriveAliases(read.integrations);
  const alias = (id: number): string => aliases.get(id) ?? String(id);
  const pm = read.integrations.filter((i) => i.type === 'pm');
  const name = repoNamer(read.repositories);
  const notes: ExportedConfig['notes'] = { header: [], defaults: [], monitoring: [], repositories: [] };

  const integrations = read.integrations.map((i) => ({ alias: alias(i.id), id: i.id, comment: integrationComment(i) }));

  const collection = pm.map((i) => {
    const sets: Partial<Record<'boards' | 'projects', string[]>> = {};
    const names = new Map<string, string>();
    for (const type of SELECTABLE_TYPES[i.provider as PmProvider] ?? []) {
      const entities = read.entities.get(entityKey(i.id, type))?.entities ?? [];
      for (const e of entities) names.set(`${type}/${e.entity_provider_id}`, e.name);
      sets[type] = entities
        .filter((e) => e.is_selected_for_collection === true)
        .map((e) => e.entity_provider_id)
        .sort(byText);
    }
    return { alias: alias(i.id), sets, names };
  });

  const repoById = new Map(read.repositories.map((r) => [r.id, r]));
  const properties = read.teamList.listed ? teamProperties(read.teamList.items, emailBook(read.teamList.items, read.users)) : new Map<number, TeamProperties>();
  const teams: ExportedTeam[] = read.teamIds.map((id) => {
    const pmRead = read.teamPmScopes.get(id);
    const gitRead = read.teamGitScopes.get(id);
    const own = properties.get(id);
    let team: ExportedTeam;
    if (own) {
      const { key, note, ...rest } = own;
      team = { id, key, ...(note === undefined ? {} : { note }), properties: rest, pm: [] };
    } else {
      // An older service lists no teams: the id is the key and the name (from the scope read) a
      // comment, since a `name:` beside an id is a rename.
      const teamName = pmRead?.team_name ?? gitRead?.team_name;
      team = { id, key: id, ...(teamName ? { note: teamName } : {}), pm: [] };
    }
    for (const item of [...(pmRead?.items ?? [])].sort((a, b) => a.integration_id - b.integration_id)) {
      if (isServiceDefault(item)) continue;
      team.pm.push({ alias: alias(item.integration_id), scope: scopeToConfig(item) });
    }
    if (gitRead) {
      team.git = {
        repositories: sortEntries(gitRead.repositories.map((r) => name(repoById.get(r.id) ?? r))),
        services: gitRead.services.map((s) => s.id).sort((a, b) => a - b),
      };
    }
    return team;
  });

  const defaults: OrgSettings = {};
  for (const section of ORG_SECTIONS) {
    const value = (read.orgConfig.settings as OrgSettings)[section];
    if (value === undefined) continue;
    if (isReadOnlyValue(section, value)) {
      notes.defaults.push(`${section} is left out: its method "deployment" is set by the service and cannot be desired.`);
      continue;
    }
    (defaults as Record<string, unknown>)[section] = sectionValue(value);
  }

  const repositories: ExportedRepository[] = [];
  const skipped: string[] = [];
  for (const repo of read.repositories) {
    const config = read.repositoryConfigs.get(repo.id);
    if (!config) continue;
    const settings: RepositorySettings = {};
    let readOnly = false;
    for (const section of REPO_SECTIONS as RepoSection[]) {
      const entry = config.settings[section];
      if (!entry || entry.source !== 'repository') continue;
      if (isReadOnlyValue(section, entry.value)) readOnly = true;
      (settings as Record<string, unknown>)[section] = sectionValue(entry.value);
    }
    if (readOnly) {
      // The override set is one object: writing it without the read-only section would remove it.
      skipped.push(String(name(repo)));
      continue;
    }
    if (Object.keys(settings).length > 0) repositories.push({ key: name(repo), settings });
  }
  if (skipped.length > 0) {
    notes.repositories.push(`Left out (their overrides include releases_detection method "deployment", which cannot be desired): ${skipped.join(', ')}.`);
  }
  if (read.repoSettings === 'monitored') notes.repositories.push('Overrides were read for monitored repositories only (--repo-settings monitored); others are not managed.');
  if (read.repoSettings === 'none') notes.repositories.push('Overrides were not read (--repo-settings none); no repository override set is managed.');

  const hasGit = read.integrations.some((i) => i.type === 'git');
  const exported: ExportedConfig = { integrations, collection, teams, defaults, repositories, notes };
  if (hasGit) {
    exported.monitoring = monitoringEntries(read.repositories);
    notes.monitoring.push('The exact set of monitored repositories: owner/* where every repository of that owner is monitored,');
    notes.monitoring.push('else names (ids where a name is on several Git integrations).');
  }
  notes.header.push('Exported by `emctl export`: the live settings in the emctl config format. Every object written here');
  notes.header.push('is managed (written = the whole truth for that object); delete what you do not want to manage.');
  if (read.teamList.listed) {
    notes.header.push("Teams come from the service's team list: every team (or those named with --teams) by name, with");
    notes.header.push("its id pinned; the service's own All Teams and All Contributors are never written. A team this");
    notes.header.push('file does not write is left alone; to make the file the whole org chart (a team removed from it');
    notes.header.push('is deleted), add `ownership: { teams: exact }` (docs/teams.md).');
  } else {
    notes.header.push('This service lists no teams: they come from the used_by of boards and projects plus --teams; a team');
    notes.header.push('scoped only by epics, labels or fields, or only in Git, is left out until named with --teams.');
  }
  return exported;
}
