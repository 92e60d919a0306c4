// One organization-wide settings section: `git.defaults.exclude_branches`. Its diff against the
// organization's Git configuration and its call: one PATCH with the changed sections as written.

import { ORG_SECTIONS } from '../../../contract/git-types.js';
import { orgDefaultAddress, orgDefaultLiveSource } from './address.js';
import { canonicalSection, sectionsEqual } from '../shared/settings-section.js';
import type { PlanDraft, TargetOf } from '../../draft.js';
import { operation, type DraftOperation } from '../../ops-common.js';
import type { Kind, KindChange } from '../kind.js';
import { sectionImpacts } from '../shared/section-impacts.js';
import { orgDefaultReads } from './reads.js';
import { exportOrgDefaults } from './export.js';
import { orgDefaultAnswers } from './answers.js';
import { countOrgDefaults, knownOrgDefaults, orgDefaultNarrowing, orgDefaultSyntax } from './shape.js';

/** Where the org default call goes in the plan's list of calls (kind.ts CallGroup). */
const PLACE = 60;

function diffOrgDefaults(draft: PlanDraft): void {
  const defaults = draft.config.git.defaults as Record<string, unknown>;
  const written = ORG_SECTIONS.filter((s) => defaults[s] !== undefined);
  if (written.length === 0) return;
  const live = draft.live.orgConfig;
  if (live === undefined) {
    draft.error('the organization Git configuration was not read', ['git', 'defaults']);
    return;
  }
  for (const section of written) {
    const desired = defaults[section];
    const current = (live.settings as Record<string, unknown>)[section];
    if (sectionsEqual(section, current, desired)) continue;
    draft.add(
      {
        address: orgDefaultAddress(section),
        kind: 'org-default',
        action: 'update',
        before: current === undefined ? null : canonicalSection(section, current),
        after: canonicalSection(section, desired),
        impacts: sectionImpacts(section, 'update', desired),
      },
      { kind: 'org-default', section, written: desired },
      ['git', 'defaults', section],
    );
  }
}

/** One PATCH with the changed sections as written (backfill_days included when written). */
function planOrgDefaults(sections: readonly KindChange<TargetOf<'org-default'>>[]): DraftOperation[] {
  if (sections.length === 0) return [];
  const body: Record<string, unknown> = {};
  for (const c of sections) {
    body[c.target.section] = c.target.written;
  }
  const op = operation('first', 'org-defaults', 'PATCH', '/api/v1/git/config', '/api/v1/git/config', `set org defaults: ${Object.keys(body).join(', ')}`, body);
  op.addresses = sections.map((c) => c.change.address);
  return [op];
}

export const orgDefault: Kind<'org-default', TargetOf<'org-default'>> = {
  kind: 'org-default',
  section: 'Git defaults',
  valueShown: 'sections',
  diff: (draft) => diffOrgDefaults(draft),
  calls: { plan: (changes) => ({ groups: [{ place: PLACE, ops: planOrgDefaults(changes) }] }) },
  // What its objects need read (reads.ts).
  reads: orgDefaultReads,
  // Export: how its live objects are written back as config (export.ts).
  export: exportOrgDefaults,
  // What an answer proves.
  answers: orgDefaultAnswers,
  // Where a change's live value was read (address.ts).
  liveSource: orgDefaultLiveSource,
  // Shape: where its objects sit in a config, by their addresses (shape.ts).
  known: knownOrgDefaults,
  narrowing: orgDefaultNarrowing,
  syntax: orgDefaultSyntax,
  count: countOrgDefaults,
};
