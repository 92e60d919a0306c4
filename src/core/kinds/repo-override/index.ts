// One section of a repository's override set: `repo["acme/api"].settings.default_branch`. Its diff
// (diff.ts) and its calls (calls.ts).

import type { TargetOf } from '../../draft.js';
import type { Kind } from '../kind.js';
import { planRepositorySettings } from './calls.js';
import { diffRepositorySettings } from './diff.js';
import { repoOverrideReads } from './reads.js';
import { exportOverrides } from './export.js';
import { repoOverrideOwnership } from './ownership.js';
import { repoOverrideAnswers } from './answers.js';
import { repoOverrideLiveSource } from './address.js';
import { countOverrideSets, knownOverrides, overrideNarrowing, overrideSyntax } from './shape.js';

/** Where its calls go in the plan's list of calls (kind.ts CallGroup). */
const PLACE = 70;

export const repoOverride: Kind<'repo-override', TargetOf<'repo-override'>> = {
  kind: 'repo-override',
  section: 'Repositories',
  valueShown: 'sections',
  diff: (draft) => diffRepositorySettings(draft),
  calls: { plan: (changes) => ({ groups: [{ place: PLACE, ops: planRepositorySettings(changes) }] }) },
  absent: 'no override (the org default applies)',
  // `repo[...].settings.SECTION` lies under the override set `repo[...].settings`, its object of
  // the ownership rule (ownership.ts).
  objectOf: ({ address }) => repoOverrideOwnership(address)?.[0],
  // What its objects need read (reads.ts).
  reads: repoOverrideReads,
  // Export: how its live objects are written back as config (export.ts).
  export: exportOverrides,
  // What an answer proves.
  ownership: repoOverrideOwnership,
  answers: repoOverrideAnswers,
  // Where a change's live value was read (address.ts).
  liveSource: repoOverrideLiveSource,
  // Shape: where its objects sit in a config, by their addresses (shape.ts).
  known: knownOverrides,
  narrowing: overrideNarrowing,
  syntax: overrideSyntax,
  count: countOverrideSets,
};
