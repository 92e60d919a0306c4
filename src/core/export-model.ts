// The document `emctl export` writes, before it is YAML text (src/export/yaml.ts): the live
// organization in the config's shape. The export (src/export/to-config.ts) makes its skeleton (the
// integrations with their aliases, one entry per team exported) and each kind writes its own live
// objects into it (kind.ts `export`, kinds/<kind>/export.ts), in registry order; the document's
// comments, order and layout are the export's.

import type { OrgSettings, RepositorySettings } from '../contract/git-types.js';

export interface ExportedIntegration {
  alias: string;
  id: number;
  /** `Acme Tracker (tracker_a)`, plus the state when the integration is read-only. */
  comment: string;
}

/** A team's own properties, where the service lists teams (the team kind). */
export interface ExportedTeamProperties {
  /** A team name, an id, or null (top level: the parent is the service's All Teams). */
  parent: string | number | null;
  initials?: string;
  color?: string;
}

export interface ExportedTeam {
  id: number;
  /** The key: the team's name (with an `id:` pin), or its id. */
  key: string | number;
  /** A comment above the entry: the name of a team keyed by id, and why. */
  note?: string;
  /** Its own properties, where the service lists teams (absent with an older service). */
  properties?: ExportedTeamProperties;
  /** Its members (emails, then contributor ids), where the service lists teams. */
  members?: (string | number)[];
  /** Scope per integration alias, in config form (keys not written are empty). */
  pm: { alias: string; scope: Record<string, unknown> }[];
  git?: { repositories: (string | number)[]; services: number[] };
}

export interface ExportedRepository {
  /** Name when unique across Git integrations, else id. */
  key: string | number;
  settings: RepositorySettings;
}

export interface MonitoringEntries {
  include: (string | number)[];
  exclude: (string | number)[];
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

/** What the export gives every kind's export facet besides the organization and the document. */
export interface ExportContext {
  /** An integration's alias: its key under `integrations:`, by which the config names it. */
  alias(integrationId: number): string;
  /** How the config names a repository: its name when that names it alone, else its id. */
  repository(repo: { id: number; name: string }): string | number;
}
