// The registry of kinds (DESIGN 5.1): every kind of object, by name. The rest of the house reaches
// a kind's traits here; adding a kind is its module and one line below (docs/adding-a-kind.md).

import type { Integration } from '../../contract/types.js';
import type { ChangeTarget, TargetOf } from '../draft.js';
import type { ObjectKind } from '../plan-model.js';
import { gitScope } from './git-scope.js';
import { PLAN_SECTIONS, type Kind, type PlanSection } from './kind.js';
import { methodology } from './methodology.js';
import { monitoring } from './monitoring.js';
import { orgDefault } from './org-default.js';
import { pmScope } from './pm-scope.js';
import { repoOverride } from './repo-override.js';
import { selection } from './selection.js';
import { teamKind } from './team.js';
import { teamMembersKind } from './team-members.js';

/** Every kind, keyed by its name; a kind missing here is a type error. */
const KINDS: { readonly [K in ObjectKind]: Kind<K, TargetOf<K>> } = {
  selection,
  team: teamKind,
  'team-members': teamMembersKind,
  'pm-scope': pmScope,
  methodology,
  'git-scope': gitScope,
  'org-default': orgDefault,
  'repo-override': repoOverride,
  monitoring,
};

/** Every kind's name, in plan order. */
export const KIND_NAMES: readonly ObjectKind[] = (Object.keys(KINDS) as ObjectKind[]).sort((a, b) => sectionRank(a) - sectionRank(b));

/** What a kind says of its changes by name (what it says of a planned change's target: teamOfTarget, integrationOfTarget). */
export function kindOf(kind: ObjectKind): Omit<Kind, 'teamOf' | 'integrationOf'> {
  return KINDS[kind];
}

/** The plan sections with the kinds shown under each, in plan order. */
export function planSections(): { title: PlanSection; kinds: ObjectKind[] }[] {
  return PLAN_SECTIONS.map((title) => ({ title, kinds: KIND_NAMES.filter((k) => KINDS[k].section === title) }));
}

/** The rank of a kind's section: changes are shown section by section. */
export function sectionRank(kind: ObjectKind): number {
  return PLAN_SECTIONS.indexOf(KINDS[kind].section);
}

/** The kinds whose addresses may stand only for themselves (kind.ts standsAlone). */
const STANDING_ALONE = KIND_NAMES.flatMap((k) => {
  const standsAlone = KINDS[k].standsAlone;
  return standsAlone === undefined ? [] : [standsAlone];
});

/** --target / --exclude: whether a known address stands only for itself, not for what lies under it. */
export function addressStandsAlone(address: string): boolean {
  return STANDING_ALONE.some((standsAlone) => standsAlone(address));
}

/** The kind of a planned change's target, typed for that target. */
function kindOfTarget<K extends ObjectKind>(target: TargetOf<K>): Kind<K, TargetOf<K>> {
  return KINDS[target.kind as K];
}

/** The team a planned change belongs to (0 for a change of no team). */
export function teamOfTarget(target: ChangeTarget): number {
  return kindOfTarget(target).teamOf?.(target) ?? 0;
}

/** The PM integration a planned change's write goes through, if any. */
export function integrationOfTarget(target: ChangeTarget): Integration | undefined {
  return kindOfTarget(target).integrationOf?.(target);
}
