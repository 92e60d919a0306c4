// Offline semantic checks, run after the schema check on the merged document. Each check is a
// small function over the document that reports through the context; docs/config.md lists them.

import type { ConfigChecks } from '../checks.js';
import type { Diagnostic } from '../yaml/diagnostics.js';
import type { Placements, PlacedRoot } from '../yaml/source.js';
import { CheckContext } from './context.js';
import { checkAddresses } from './addresses.js';
import { checkDuplicates } from './duplicates.js';
import { checkGoals } from './goals.js';
import { checkIds } from './ids.js';
import { checkMonitoring } from './monitoring.js';
import { checkPatterns } from './patterns.js';
import { checkReferences } from './references.js';
import { checkReports } from './reports.js';
import { checkRules } from './rules.js';
import { checkTeams } from './teams.js';

const CHECKS: readonly ((ctx: CheckContext) => void)[] = [
  checkReferences,
  checkDuplicates,
  checkPatterns,
  checkMonitoring,
  checkRules,
  checkAddresses,
  checkReports,
  checkGoals,
  checkIds,
  checkTeams,
];

export function checkSemantics(root: PlacedRoot, store: Placements, checks: ConfigChecks): Diagnostic[] {
  const ctx = new CheckContext(root, store, checks);
  for (const check of CHECKS) check(ctx);
  return ctx.diagnostics;
}
