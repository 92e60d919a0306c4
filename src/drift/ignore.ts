// drift.ignore rules: known, accepted drift that `emctl drift` should not fail on (a board another
// team is trialling, a repository an on-call engineer stopped monitoring during an incident).
// Each rule hides the changes under an address prefix and says why; a rule with `until` hides them
// through that day only, after which the drift is reported again with a warning, so a temporary
// exception cannot silently become permanent. Pure: today's date is a parameter.

import { coversSome, firstPrefixMatch } from '../core/address.js';
import { isDate } from '../contract/calendar.js';
import { EmctlError } from '../contract/errors.js';
import type { DriftIgnoreRule } from '../core/model.js';
import type { Change, PlanMessage } from '../core/plan-model.js';
import { ruleSpelling } from '../core/rules.js';

export interface IgnoredChange {
  change: Change;
  rule: DriftIgnoreRule;
}

export interface IgnoreOutcome {
  /** Changes no live rule covers: the drift to report. */
  reported: Change[];
  /** Changes hidden by a live rule, with the rule (and so its reason). */
  ignored: IgnoredChange[];
  /** One per expired rule. */
  warnings: PlanMessage[];
}

/** A rule is live through its `until` day; yyyy-mm-dd strings compare correctly as text. */
export function isExpired(rule: DriftIgnoreRule, today: string): boolean {
  return rule.until !== undefined && rule.until < today;
}

/**
 * Splits drift into reported and ignored changes. The first live rule whose address is a prefix of
 * a change's address hides it. Expired rules hide nothing and each yields one warning.
 */
export function applyIgnoreRules(changes: readonly Change[], rules: readonly DriftIgnoreRule[], today: string): IgnoreOutcome {
  if (!isDate(today)) throw new EmctlError('config', `today must be a yyyy-mm-dd date, got "${today}"`);
  for (const rule of rules) {
    if (rule.until !== undefined && !isDate(rule.until)) {
      throw new EmctlError('config', `drift.ignore rule for ${rule.address}: until must be a yyyy-mm-dd date, got "${rule.until}"`);
    }
  }
  const live = rules.filter((r) => !isExpired(r, today));
  const expired = rules.filter((r) => isExpired(r, today));

  const reported: Change[] = [];
  const ignored: IgnoredChange[] = [];
  const liveRuleOf = firstPrefixMatch(live, (r) => r.address);
  for (const change of changes) {
    // A rule's change is also under the rule's address: `address: repo["payments/*"]` hides it.
    const byRule = change.rule === undefined ? undefined : ruleSpelling(change.address, change.rule);
    const rule = liveRuleOf(change.address) ?? (byRule === undefined ? undefined : liveRuleOf(byRule));
    if (rule) ignored.push({ change, rule });
    else reported.push(change);
  }

  // An expired rule covers drift when some change lies at or under its address.
  const coversDrift = coversSome(expired.length > 0 ? changes.map((c) => c.address) : []);
  const warnings: PlanMessage[] = expired.map((rule) => {
    const covers = coversDrift(rule.address);
    const tail = covers ? 'drift is reported' : 'no drift under it now; remove the rule';
    // No `address` field: the message names the rule's address already, and renderers prefix it.
    return { message: `ignore rule for ${rule.address} expired on ${rule.until}; ${tail}` };
  });
  return { reported, ignored, warnings };
}
