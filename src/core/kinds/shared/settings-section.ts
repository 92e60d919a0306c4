// The canonical form of a Git settings section, which the org default and the repository override
// kinds both write (and the settings rules and --changed-from compare): both sides of a section's
// diff are turned into it (core/canonical.ts says why).

import type { OrgSection } from '../../../contract/git-types.js';
import { identityKey, sortedUnique, sortKeys } from '../../canonical.js';

/**
 * Fields the wire may omit, made explicit so that "absent", null and "" compare equal where the
 * service treats them alike: an absent pattern / title_pattern / branch_name is null ("no rule",
 * "provider's default branch"), and "" is null too; absent lists are [].
 */
const SECTION_DEFAULTS: Partial<Record<OrgSection, Record<string, unknown>>> = {
  releases_detection: { pattern: null },
  draft_pull_requests: { labels: [], title_pattern: null },
  default_branch: { branch_name: null },
  exclude_branches: { patterns: [] },
  exclude_base_branches: { patterns: [] },
  exclude_file_extensions: { patterns: [] },
  include_file_extensions: { patterns: [] },
};

const NULLABLE_STRINGS = new Set(['pattern', 'title_pattern', 'branch_name']);

/**
 * A settings section in canonical form: backfill_days removed (write-time only, it never diffs),
 * defaults explicit, pattern lists as sorted sets (a branch is excluded when any pattern matches,
 * so order carries no meaning), draft labels lower-cased sets (the service compares them
 * case-insensitively).
 */
export function canonicalSection(section: OrgSection, value: unknown): Record<string, unknown> {
  const source = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { ...(SECTION_DEFAULTS[section] ?? {}) };
  for (const [key, v] of Object.entries(source)) {
    if (key === 'backfill_days' || v === undefined) continue;
    out[key] = v;
  }
  for (const key of NULLABLE_STRINGS) {
    if (key in out && (out[key] === '' || out[key] === undefined)) out[key] = null;
  }
  if (Array.isArray(out.patterns)) out.patterns = sortedUnique(out.patterns as string[]);
  if (Array.isArray(out.labels)) out.labels = sortedUnique((out.labels as string[]).map((l) => l.toLowerCase()));
  return sortKeys(out) as Record<string, unknown>;
}

export function sectionsEqual(section: OrgSection, a: unknown, b: unknown): boolean {
  return identityKey(canonicalSection(section, a)) === identityKey(canonicalSection(section, b));
}

/** The backfill_days the config wrote in a section, if any. */
export function writtenBackfill(value: unknown): number | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const b = (value as Record<string, unknown>).backfill_days;
  return typeof b === 'number' ? b : undefined;
}
