// The impact labels of a settings section written organization-wide or per repository.

import type { OrgSection } from '../../../contract/git-types.js';
import { BACKFILL_SECTIONS, RECOMPUTE_SECTIONS } from '../../../contract/git-types.js';
import { writtenBackfill } from './settings-section.js';
import type { Action, Impact } from '../../plan-model.js';

/** history-recompute for the six recompute sections; backfill too unless the write sets backfill_days 1. */
export function sectionImpacts(section: OrgSection, action: Action, written: unknown): Impact[] {
  if (!RECOMPUTE_SECTIONS.includes(section)) return [];
  const skipsBackfill = action !== 'remove' && BACKFILL_SECTIONS.includes(section) && writtenBackfill(written) === 1;
  return skipsBackfill ? ['history-recompute'] : ['history-recompute', 'backfill'];
}
