// Safety rails (DESIGN.md §3): thresholds on destructive changes, as a share of the existing
// objects of that kind and as a count, and protected addresses. Pure: the apply command decides
// what a refusal does (exit 3 unless --force).

import { firstPrefixMatch } from './address.js';
import type { DestructiveKind, SafetyConfig, Threshold } from './model.js';
import type { Plan, RailRefusal } from './plan-model.js';
import { ruleSpelling } from './rules.js';

/**
 * Default shares. A share applies only when at least MIN_OBJECTS_FOR_SHARE objects of that kind
 * exist (octoDNS's rule), so a small organization is not blocked by one change. Scope removals
 * get a wider share: narrowing one team's boards is routine, and every key counts as one object.
 */
export const DEFAULT_THRESHOLDS: Record<DestructiveKind, Threshold> = {
  stop_monitoring: { percent: 25 },
  deselect: { percent: 25 },
  scope_removal: { percent: 40 },
  override_removal: { percent: 25 },
  // Deleting a team takes its members and scopes: fewer are allowed than of anything else.
  team_deletion: { percent: 10, count: 5 },
};

export const MIN_OBJECTS_FOR_SHARE = 10;

const WORDS: Record<DestructiveKind, { verb: string; of: string; unit: [string, string] }> = {
  stop_monitoring: { verb: 'stop monitoring', of: 'monitored repositories', unit: ['repository', 'repositories'] },
  deselect: { verb: 'deselect', of: 'selected entities in managed selection sets', unit: ['entity', 'entities'] },
  scope_removal: { verb: 'remove entries from', of: 'non-empty keys of managed team scopes', unit: ['scope key', 'scope keys'] },
  override_removal: { verb: 'remove', of: 'overrides of managed repositories', unit: ['override', 'overrides'] },
  team_deletion: { verb: 'delete', of: 'the organization\'s teams', unit: ['team', 'teams'] },
};

const KINDS: readonly DestructiveKind[] = ['stop_monitoring', 'deselect', 'scope_removal', 'override_removal', 'team_deletion'];

function percentText(value: number): string {
  return `${Number(value.toFixed(2))}%`;
}

/** The hint every rail refusal carries (plan output, PR comment, apply's error). */
export const FORCE_HINT = 'review the plan, then pass --force to apply it anyway';

export function checkSafety(plan: Plan, safety: SafetyConfig, opts: { force: boolean }): { refusals: string[]; rails: RailRefusal[] } {
  if (opts.force) return { refusals: [], rails: [] };
  const rails: RailRefusal[] = [];
  for (const kind of KINDS) {
    const n = plan.changes.filter((c) => c.destructive === kind).length;
    if (n === 0) continue;
    const total = plan.totals[kind] ?? 0;
    const limit = { ...DEFAULT_THRESHOLDS[kind], ...(safety.thresholds[kind] ?? {}) };
    const words = WORDS[kind];
    if (limit.percent !== undefined && total >= MIN_OBJECTS_FOR_SHARE) {
      const share = (n / total) * 100;
      if (share > limit.percent) {
        rails.push({
          rail: 'threshold',
          kind,
          count: n,
          total,
          percent: Number(share.toFixed(2)),
          limit_percent: limit.percent,
          message: `would ${words.verb} ${percentText(share)} (${n}/${total}) of ${words.of}; the limit is ${percentText(limit.percent)}`,
        });
      }
    }
    if (limit.count !== undefined && n > limit.count) {
      const unit = (k: number) => (k === 1 ? words.unit[0] : words.unit[1]);
      rails.push({ rail: 'threshold', kind, count: n, total, limit_count: limit.count, message: `would ${words.verb} ${n} ${unit(n)}; the limit is ${limit.count}` });
    }
  }
  const protectedPrefixOf = firstPrefixMatch(safety.protected, (p) => p);
  for (const change of plan.changes) {
    // A rule's change is protected under the rule's address too (`protected: ['repo["payments/*"]']`).
    const byRule = change.rule === undefined ? undefined : ruleSpelling(change.address, change.rule);
    const prefix = protectedPrefixOf(change.address) ?? (byRule === undefined ? undefined : protectedPrefixOf(byRule));
    if (prefix !== undefined) {
      rails.push({ rail: 'protected', address: change.address, protected: prefix, message: `${change.address} is protected (protected: ${prefix})` });
    }
  }
  return { refusals: rails.map((r) => r.message), rails };
}
