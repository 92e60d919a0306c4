// The checks config/ is given by every command that loads a config: `reports:` entries are
// checked with the rules `emctl measurements` applies to its flags, so validate and measurements
// never disagree about a report.

import type { ConfigChecks } from '../config/checks.js';
import { checkSpec } from '../measure/spec.js';

export const CONFIG_CHECKS: ConfigChecks = {
  report: (report, configTeams) => checkSpec(report, { configTeams, api: 'v2', serverExport: false }).problems,
};
