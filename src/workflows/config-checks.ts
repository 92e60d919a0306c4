// The checks config/ is given by every command that loads a config: `reports:` entries are
// checked with the rules `emctl measurements` applies to its flags, and `goals:` entries with those
// of `emctl goals`, so validate and the commands never disagree about one.

import type { ConfigChecks } from '../config/checks.js';
import { localToday } from '../contract/calendar.js';
import { checkGoal } from '../measure/goals/spec.js';
import { checkSpec } from '../measure/spec.js';

export const CONFIG_CHECKS: ConfigChecks = {
  report: (report, configTeams) => checkSpec(report, { configTeams, api: 'v2', serverExport: false }).problems,
  goal: (name, goal, configTeams) => checkGoal(name, goal, { configTeams, api: 'v2', serverExport: false }).problems,
};

/** The checks with the command's today, so `validate` (and every command) judges `until:` by its clock. */
export function configChecks(now: Date): ConfigChecks {
  return { ...CONFIG_CHECKS, today: localToday(now) };
}
