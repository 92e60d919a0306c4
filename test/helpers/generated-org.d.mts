// Types of generated-org.mjs (plain JavaScript, shared with bench/plan.mjs).
import type { Fixture } from '../../src/emulator/fixture/types.js';

export type { Fixture };

export interface GeneratedConfigSize {
  /** Teams whose PM scopes are managed. */
  pmTeams: number;
  /** Teams whose Git scopes are managed. */
  gitTeams: number;
  /** Repositories whose override sets are managed. */
  settingsRepos: number;
}

/** A desired-state document (DESIGN.md §2) in plain objects, ready for YAML.stringify. */
export interface GeneratedConfigDoc {
  version: 1;
  integrations: Record<string, { id: number }>;
  collection: Record<string, { boards?: string[]; projects?: string[] }>;
  teams: Record<
    string,
    {
      pm?: Record<
        string,
        {
          methodology?: string;
          boards?: string[];
          epics?: string[];
          labels?: string[];
          fields?: { id: string; value: string[] }[];
          project_team_areas?: { project: string; team: string; areas: string[] }[];
        }
      >;
      git?: { repositories: (string | number)[]; services: number[] };
    }
  >;
  git: {
    defaults: Record<string, unknown>;
    monitoring?: { include: (string | number)[]; exclude: (string | number)[] };
    /** A key holding `*` or `?` is a settings rule (DESIGN 2.1). */
    repositories: Record<string, { settings?: Record<string, unknown>; monitored?: boolean; integration?: string | number }>;
  };
}

export function generatedConfig(fixture: Fixture, size: GeneratedConfigSize): GeneratedConfigDoc;
