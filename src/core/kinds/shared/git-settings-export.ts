// How the Git settings kinds (an org default section, a repository's override set) write a live
// section back as config.

import type { OrgSection } from '../../../contract/git-types.js';

/** A settings section as the config writes it: backfill_days is write-time only, never read back. */
export function sectionValue(value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    if (k !== 'backfill_days') out[k] = v;
  }
  return out;
}

/** `deployment` is a release method the service reports but does not accept on writes. */
export function isReadOnlyValue(section: OrgSection, value: unknown): boolean {
  return section === 'releases_detection' && (value as { method?: string } | undefined)?.method === 'deployment';
}
