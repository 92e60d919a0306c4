// The registry of kinds (DESIGN 5.1): every kind of object, by name. The rest of the house reaches
// a kind here (its traits; the planner its diff, calls and predicted refusals); adding a kind is its
// module and one line below (docs/adding-a-kind.md). The order below is the order kinds diff in.

import type { Integration } from '../../contract/types.js';
import type { ChangeTarget, TargetOf } from '../draft.js';
import type { ObjectKind } from '../plan-model.js';
import { gitScope } from './git-scope/index.js';
import { PLAN_SECTIONS, type CallOffers, type Kind, type PlanSection } from './kind.js';
import { methodology } from './methodology/index.js';
import { monitoring } from './monitoring/index.js';
import { orgDefault } from './org-default/index.js';
import { pmScope } from './pm-scope/index.js';
import { repoOverride } from './repo-override/index.js';
import { selection } from './selection/index.js';
import { teamKind } from './team/index.js';
import { teamMembersKind } from './team-members/index.js';

/**
 * Every kind, keyed by its name; a kind missing here is a type error. Kinds diff in this order
 * (their plan errors and warnings come in it): the teams first (the other kinds' diffs report a
 * team that does not exist), the selection sets before the PM scopes checked against them.
 */
const KINDS: { readonly [K in ObjectKind]: Kind<K, TargetOf<K>> } = {
  team: teamKind,
  'team-members': teamMembersKind,
  selection,
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

/** Every kind with all it says, in registry order: the order kinds diff in. */
export const EVERY_KIND: readonly Kind<ObjectKind, ChangeTarget>[] = Object.values(KINDS);

/**
 * The kinds with calls, in the order their calls are planned: each after the kinds whose calls
 * offer what it needs (kind.ts CallOffers), otherwise in registry order.
 */
export const CALL_ORDER: readonly Kind<ObjectKind, ChangeTarget>[] = callOrder(EVERY_KIND.filter((k) => k.calls !== undefined));

function callOrder(kinds: readonly Kind<ObjectKind, ChangeTarget>[]): Kind<ObjectKind, ChangeTarget>[] {
  const order: Kind<ObjectKind, ChangeTarget>[] = [];
  const offered = new Set<keyof CallOffers>();
  let rest = kinds;
  while (rest.length > 0) {
    const ready = rest.filter((k) => (k.calls?.needs ?? []).every((need) => offered.has(need)));
    if (ready.length === 0) throw new Error(`the calls of ${rest.map((k) => k.kind).join(', ')} need what no other kind's calls offer`);
    for (const k of ready) for (const offer of k.calls?.offers ?? []) offered.add(offer);
    order.push(...ready);
    rest = rest.filter((k) => !ready.includes(k));
  }
  return order;
}

/** The kind of a planned change's target, with all it says of it. */
export function kindOfTarget(target: ChangeTarget): Kind<ObjectKind, ChangeTarget> {
  return KINDS[target.kind];
}

/** The team a planned change belongs to (0 for a change of no team). */
export function teamOfTarget(target: ChangeTarget): number {
  return kindOfTarget(target).teamOf?.(target) ?? 0;
}

/** The PM integration a planned change's write goes through, if any. */
export function integrationOfTarget(target: ChangeTarget): Integration | undefined {
  return kindOfTarget(target).integrationOf?.(target);
}

// ---- What an answer proves: the objects of the ownership rule.

/** The kinds whose addresses lie under larger objects of the ownership rule (kind.ts ownership). */
const OWNING = EVERY_KIND.flatMap((k) => (k.ownership === undefined ? [] : [k.ownership]));

/**
 * The addresses of the whole object of the ownership rule (DESIGN 2) that an address belongs to,
 * asked of the kind whose address it is: a selection set, a team's whole PM scope on an integration,
 * a team's whole Git scope, a team's properties, its member set, a repository's whole override set;
 * any other address is an object by itself.
 */
export function ownershipObject(address: string): string[] {
  for (const ownership of OWNING) {
    const object = ownership(address);
    if (object !== undefined) return object;
  }
  return [address];
}

/** The same for a change, asked of the change's own kind. */
export function ownershipObjectOf(change: { readonly kind: ObjectKind; readonly address: string }): string[] {
  return KINDS[change.kind].ownership?.(change.address) ?? [change.address];
}
