// What every kind of object the reconciler manages says about itself (DESIGN 5.1): one module
// per kind (this folder; a folder of its own when it takes several files) defines it, and the
// planner (its diff, calls and predicted refusals), the plan's order and sections, the drift
// words, --target and --changed-from ask the registry (registry.ts) instead of switching on the
// kind's name. A kind imports nothing of another kind: what one kind's diff, calls or changes
// offer another passes through the typed values below (DiffFindings, ChangeFacts, CallOffers),
// and what two kinds share lives in shared/ (docs/adding-a-kind.md).

import type { Integration, PmScopeKey } from '../../contract/types.js';
import type { ScopeElement } from './shared/pm-scope-form.js';
import type { PlanDraft, PlannedChange } from '../draft.js';
import type { ScopeContext } from './shared/scope-context.js';
import type { ConfigPath, DesiredConfig, DestructiveKind } from '../model.js';
import type { DraftOperation } from '../ops-common.js';
import type { ExportContext, ExportedConfig } from '../export-model.js';
import type { OrganizationRead } from '../organization.js';
import type { Change, ObjectKind } from '../plan-model.js';
import type { LiveSnapshot } from '../snapshot.js';
import type { TeamDirectory } from './shared/team-directory.js';
import type { KindReads } from './shared/read-needs.js';
import type { LiveSource } from './shared/live-source.js';
import type { KindNarrowing } from './shared/narrowing.js';
import type { KindAddressSyntax } from './shared/address-syntax.js';

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
   * its name, that the file keyed by id). Undefined (or the address itself) when the change's own
   * address is the object.
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

  /**
   * Its diff: the changes of this kind between the config and the snapshot, into the draft, with
   * the plan errors and warnings it finds. Kinds diff in registry order (registry.ts); `found`
   * carries what earlier kinds' diffs found that later ones check against.
   */
  diff?(draft: PlanDraft, found: DiffFindings): void;
  /** A kind written within a team's PM scope: its changes of one managed scope, diffed right after the scope's keys. */
  diffInPmScope?(draft: PlanDraft, scope: ScopeContext): void;
  /**
   * What its kept changes (in plan order; `at`: each one's place in the plan's list) tell other
   * kinds' calls and predictions, before any call is planned.
   */
  facts?(changes: readonly KindChange<T>[], at: readonly number[]): Partial<ChangeFacts>;
  /** Its calls: the HTTP operations that carry its kept changes. */
  readonly calls?: KindCallPlanner<T>;
  /** The service's refusals of one kept change that the plan can predict (after the read-only integration check every kind gets). */
  predict?(change: KindChange<T>, draft: PlanDraft, facts: ChangeFacts): void;
  /** The refusals its calls would meet, predicted once every call is planned. */
  predictCalls?(ops: readonly DraftOperation[], draft: PlanDraft): void;

  // Reads: what its objects in a config need read, which the request bound counts (shared/read-needs.ts).
  /** What its objects need read, before reading (src/core/reads/read-plan.ts merges every kind's). */
  readonly reads?: KindReads;

  // Export: how its live objects are written back as config.
  /**
   * `emctl export`: writes its live objects into the exported document as the config writes them
   * (export, then plan, is no change). Kinds write in registry order, into the skeleton the export
   * makes (one entry per team exported); a kind written within another's object (the methodology,
   * in its PM scope's item) is written by that object's kind.
   */
  export?(org: OrganizationRead, doc: ExportedConfig, context: ExportContext): void;

  // What an answer proves: the objects a saved plan's staleness and apply's own-result check compare, and the writes whose answers show them.
  /**
   * When `address` is one of this kind's and lies under a larger object of the ownership rule
   * (DESIGN 2): the addresses of that whole object (a saved plan is stale when anything of an object
   * it writes moved). Undefined for an address not of this kind; a kind without it is made of
   * objects that are each their own (a methodology, an org default section, a monitoring state).
   */
  ownership?(address: string): string[] | undefined;
  /**
   * The writes whose 2xx answer is the whole new state of the object written: apply's own-result
   * check takes those objects from the answers instead of reading them again. Absent: every
   * object of this kind an apply writes is read again.
   */
  readonly answers?: KindAnswers;

  // Where a change's live value was read.
  /**
   * The read that showed the live value a change of this kind at `address` starts from (the plan's
   * read records name its GET path). Undefined when no read showed it (a team, which the team list
   * shows whole; a team keyed by name).
   */
  liveSource?(address: string): LiveSource | undefined;

  // Shape: where its objects sit in a config and live, by their addresses (--target, --exclude).
  /**
   * --target / --exclude: the addresses its objects have in `config` or live, at the level --target
   * names them (a selection set and each entity it selects or writes, each key of a PM scope, a
   * team's properties, a repository), each given to `add`. A pattern naming none of every kind's
   * is an error, with the closest of them.
   */
  known?(config: DesiredConfig, live: LiveSnapshot, add: (address: string) => void): void;
  /**
   * What it keeps of its part of a config narrowed to some of its objects (--target, --exclude,
   * --changed-from, a saved plan, apply's own-result check: core/reads/narrow.ts). Absent: its
   * part is kept whole, or with the object it is written within.
   */
  readonly narrowing?: KindNarrowing;
  /** The syntax of its addresses that --target and --exclude accept, and the part of it their usage error shows. */
  readonly syntax?: KindAddressSyntax;
  /**
   * How many objects of the ownership rule of this kind `config` writes (a scoped plan says how
   * many objects it read and planned). Absent: its objects are counted with the object they are
   * written within (a methodology, with its PM scope).
   */
  count?(config: DesiredConfig): number;
}

/** What the answers of one kind's writes prove, for apply's own-result check (core/reads/after-writes.ts). Pure. */
export interface KindAnswers {
  /** Whether a write on this route (`PUT /api/v1/git/config/teams/{team_id}/scope`) answers with its object's whole new state. */
  carries(route: string): boolean;
  /** A new, empty record of the answers of one apply. */
  ledger(): AnswerLedger;
}

/** The last answer of each object of a kind that one apply wrote, its state taken from it (KindAnswers). */
export interface AnswerLedger {
  /** A write on `path` was answered 2xx with `body`: its object's state when the body shows it, else the object is read again. */
  answered(path: string, body: unknown): void;
  /** A write on `path` failed or its answer was lost: its object is read again. */
  failed(path: string): void;
  /** `config` without what the answers show: what is left of this kind is read again (a repository named by name resolves against `before`). */
  unshown(config: DesiredConfig, before: LiveSnapshot): DesiredConfig;
  /** Puts the states the answers show into `after`, a copy of the state before the apply whose maps are its own. */
  land(after: LiveSnapshot): void;
}

/** The part of the planner's draft a diff needs at the least (the team kinds' diffs write to it): its config, messages, totals and the changes found. */
export interface KindSink<T> {
  readonly config: DesiredConfig;
  error(message: string, path?: ConfigPath, address?: string): void;
  warn(message: string, path?: ConfigPath, address?: string): void;
  count(kind: DestructiveKind, n: number): void;
  add(change: Change, target: T, path?: ConfigPath): void;
}

/** A kept change of a kind, its target typed. */
export type KindChange<T> = PlannedChange & { readonly target: T };

/** Selected sets the config writes, by list (snapshot.ts listKey), each with its address and entity ids. */
export type DesiredSelections = Map<string, { address: string; ids: Set<string> }>;

/** What kinds' diffs find that the diffs of kinds after them need (the planner makes one per plan). */
export interface DiffFindings {
  /** The team list as a directory, built once (both team kinds diff against it); undefined when not read. */
  teamDirectory(): TeamDirectory | undefined;
  /** The selection sets the config writes (the selection kind fills it): a PM scope naming what its set leaves out is an error. */
  readonly selections: DesiredSelections;
  /** Called by the PM scope's diff with each managed scope after its keys: the kinds diffed within a scope (diffInPmScope) diff it. */
  diffInPmScope(scope: ScopeContext): void;
}

/** Whether the provider no longer exposes an entity (PlanDraft.namesUnreachable). */
export type Unreachable = (integrationId: number, type: string, id: string) => boolean;

/** A write within a team's PM scope that the PM scope writes carry: a scope key, or (no key) the methodology. */
export interface PmScopeWrite {
  scope: ScopeContext;
  key?: PmScopeKey;
  address: string;
}

/** What kinds' kept changes tell the calls and predictions of other kinds. */
export interface ChangeFacts {
  /** The repositories the team Git scope writes drop (git-scope): a stop of their monitoring waits for those writes. */
  droppedRepositories: ReadonlySet<number>;
  /** Monitoring after the plan of the repositories whose monitoring it changes (monitoring). */
  monitoredAfter: ReadonlyMap<number, boolean>;
  /** A PM scope key as it will be after the plan: desired when its change is kept, else live (pm-scope). */
  pmScopeAfter(scope: ScopeContext, key: PmScopeKey): ScopeElement[];
  /** The methodology changes, each with its place in the plan's list, that the PM scope writes carry (methodology). */
  pmScopeRiders: readonly { write: PmScopeWrite; at: number }[];
}

/** The PM scope writes, with what each names and drops (pm-scope). */
export interface PmScopeCalls {
  ops: DraftOperation[];
  /**
   * For each op, the entities its write names (it selects them), by list (snapshot.ts listKey),
   * each with the `${team}/${integration}` item that names it.
   */
  names: Map<DraftOperation, Map<string, Map<string, string>>>;
  /** For each op, the entities it stops using, by list (snapshot.ts listKey). */
  drops: Map<DraftOperation, Map<string, Set<string>>>;
  /** Writes no call can carry (a key that loses entries and whose whole list names more than 1000 entities). */
  errors: { message: string; address: string }[];
}

/** The monitoring calls (monitoring). */
export interface MonitoringCalls {
  /** Calls that start monitoring (phase first); a call that also stops some is here too. */
  starts: DraftOperation[];
  /** Calls that only stop monitoring, after the Git scope writes that drop their repositories. */
  stops: DraftOperation[];
}

/** What kinds' calls offer the calls of kinds planned after them (a kind names what it needs). */
export interface CallOffers {
  /** A select rides on a PM scope write that names its entity; a deselect waits for one that drops it. */
  pmScopeWrites: PmScopeCalls;
  /** A Git scope write naming a repository this plan starts to monitor waits for its start; a stop waits for the writes that drop it. */
  monitoringCalls: MonitoringCalls;
}

/** What the planner gives every kind's calls besides its changes. */
export interface CallContext {
  /** Whether the provider no longer exposes an entity (how a PM scope key is written depends on it). */
  unreachable: Unreachable;
  /** Each kept change's place in the plan's list, parallel to the changes. */
  at: readonly number[];
}

/**
 * A group of a kind's calls and its place in the plan's list of calls: lower places first (stages
 * are then numbered by phase, keeping this order within a stage). The places in use: team creates
 * and updates 10, monitoring starts 20, selects 30, PM scope writes 40, Git scope writes 50, org
 * defaults 60, repository overrides 70, deselects 80, monitoring stops 90, member writes 100, team
 * deletes 110.
 */
export interface CallGroup {
  place: number;
  ops: DraftOperation[];
}

export interface KindCalls {
  groups: CallGroup[];
  /** What the calls of kinds planned later need of these. */
  offers?: Partial<CallOffers>;
  /** Changes no call can carry. */
  errors?: { message: string; address: string }[];
  /**
   * Once every call of the plan is in its place: what the kind still ties to the others (a team
   * delete waits for every other call), and the changes no call can carry then.
   */
  settle?(drafts: readonly DraftOperation[]): { message: string; address: string }[];
}

export interface KindCallPlanner<T> {
  /** What it needs of other kinds' calls: the planner plans the kinds that offer it first. */
  readonly needs?: readonly (keyof CallOffers)[];
  /** What it offers the calls of other kinds. */
  readonly offers?: readonly (keyof CallOffers)[];
  plan(changes: readonly KindChange<T>[], offers: CallOffers, facts: ChangeFacts, context: CallContext): KindCalls;
}
