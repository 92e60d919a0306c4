// Checks that config/ is given rather than imports: the rules of a `reports:` or `goals:` entry
// belong to the measurement feature (src/measure/spec.ts, src/measure/goals/spec.ts), a room above
// config/, which `validate` and `emctl measurements` / `emctl goals` must apply alike.

import type { GoalDefinition, ReportDefinition } from '../core/model.js';

/** A problem a given check found, at a key path inside the value it checked. */
export interface KeyedProblem {
  path: (string | number)[];
  message: string;
  /** The config's JSON schema reports this problem too (validate shows it once, from the schema). */
  schema?: boolean;
}

export interface ConfigChecks {
  /** One `reports:` entry as `emctl measurements` checks it. */
  report: (report: ReportDefinition, configTeams: ReadonlyMap<number, string | undefined>) => readonly KeyedProblem[];
  /** One `goals:` entry as `emctl goals` checks it. */
  goal: (name: string, goal: GoalDefinition, configTeams: ReadonlyMap<number, string | undefined>) => readonly KeyedProblem[];
  /**
   * Today (yyyy-mm-dd, local: the command's clock, contract/calendar.ts localToday): a
   * `drift.ignore` rule whose `until` is before it is warned as expired. Without it, not judged.
   */
  today?: string;
}
