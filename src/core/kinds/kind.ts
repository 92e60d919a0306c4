// What every kind of object the reconciler manages says about itself (DESIGN 5.1): one module
// per kind (this folder) defines it, and the plan's order and sections, the drift words, the
// read-only prediction and --changed-from's scope ask the registry (registry.ts) instead of
// switching on the kind's name. The team kinds keep their diff, operations and predicted refusals
// in their modules too; the first seven kinds still have theirs in core/diff-*, ops-* and
// predict.ts (docs/adding-a-kind.md). A kind's module imports no other kind's module.

import type { Integration } from '../../contract/types.js';
import type { ConfigPath, DesiredConfig, DestructiveKind } from '../model.js';
import type { Change, ObjectKind } from '../plan-model.js';

/** The plan's sections, in the order a reader meets the config file (DESIGN 2). */
export const PLAN_SECTIONS = ['Collection', 'Teams', 'Git defaults', 'Repositories', 'Monitoring'] as const;
export type PlanSection = (typeof PLAN_SECTIONS)[number];

/** A kind named K, whose planned changes carry targets of type T (draft.ts TargetOf). */
export interface Kind<K extends ObjectKind = ObjectKind, T = unknown> {
  readonly kind: K;
  /** The plan section its changes are shown under (and ordered by). */
  readonly section: PlanSection;
  /** Within the Teams section, changes are ordered by team: the team a change belongs to. */
  teamOf?(target: T): number;
  /** The PM integration its write goes through (a read-only integration refuses it). */
  integrationOf?(target: T): Integration;
  /** A drift report's words for its value where a bare one would say little: present or not. */
  readonly presence?: { readonly yes: string; readonly no: string };
  /** A drift report's word for no value at all (default `not set`). */
  readonly absent?: string;
  /**
   * --changed-from: the address of the changed object a change of this kind lies under, when a
   * change is one element of a larger object (an entity of a selection set, a section of an
   * override set), or when the file spelled the object otherwise (a deleted team, addressed by
   * its name, that the file keyed by id). Undefined when the change's own address is the object.
   */
  objectOf?(change: { address: string; before?: unknown }): string | undefined;
  /** --changed-from: a change of this kind is in scope whenever the monitoring patterns changed. */
  readonly followsMonitoringPatterns?: boolean;
  /**
   * --changed-from: under `ownership: { teams: exact }` an object of this kind that the file stops
   * writing is deleted (a change in scope), not merely no longer managed.
   */
  readonly deletedWhenUnwritten?: boolean;
  /**
   * How a plan entry shows its value: inline after the address (the default); `sections`, a diff
   * of the settings below the entry's line; `none` when the address already says it all.
   */
  readonly valueShown?: 'sections' | 'none';
  /**
   * --target / --exclude: whether an address of this kind stands only for itself, not for what
   * lies under it (what is under it is known address by address).
   */
  standsAlone?(address: string): boolean;
}

/** What the planner's draft offers a kind: its config, messages, totals and the changes found. */
export interface KindSink<T> {
  readonly config: DesiredConfig;
  error(message: string, path?: ConfigPath, address?: string): void;
  warn(message: string, path?: ConfigPath, address?: string): void;
  count(kind: DestructiveKind, n: number): void;
  add(change: Change, target: T, path?: ConfigPath): void;
}
