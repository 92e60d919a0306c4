// The planner's working state while it builds a Plan: the changes found so far, each with the
// ids the operation planner needs (the public Change carries only what people and renderers
// read), the messages, the totals, and lookups over the snapshot shared by every step.

import type { PmEntity } from '../contract/types.js';
import type { ConfigPath, DesiredConfig, DesiredTeam, DestructiveKind, ReadScope } from './model.js';
import type { Change, PlanMessage } from './plan-model.js';
import { teamAddress } from './kinds/shared/addresses.js';
import { listKey, type LiveSnapshot } from './snapshot.js';
import { indexRepositories, type RepoIndex } from './resolve.js';
import type { ScopeContext } from './kinds/shared/scope-context.js';
import type { SelectionTarget } from './kinds/selection/target.js';
import type { PmScopeTarget } from './kinds/pm-scope/target.js';
import type { MethodologyTarget } from './kinds/methodology/target.js';
import type { GitScopeTarget } from './kinds/git-scope/target.js';
import type { OrgDefaultTarget } from './kinds/org-default/target.js';
import type { RepoOverrideTarget } from './kinds/repo-override/target.js';
import type { MonitoringTarget } from './kinds/monitoring/target.js';
import type { TeamTarget } from './kinds/team/target.js';
import type { MemberTarget } from './kinds/team-members/target.js';

/** A planned change's target: each kind keeps its own in its module's target.ts. */
export type ChangeTarget =
  | SelectionTarget
  | PmScopeTarget
  | MethodologyTarget
  | GitScopeTarget
  | OrgDefaultTarget
  | RepoOverrideTarget
  | MonitoringTarget
  | TeamTarget
  | MemberTarget;

/** A planned change's target, narrowed to one kind. */
export type TargetOf<K extends ChangeTarget['kind']> = Extract<ChangeTarget, { kind: K }>;

export interface PlannedChange {
  change: Change;
  target: ChangeTarget;
  /** file:line:column of the config entry, for messages about the change. */
  location?: string;
}

/** Every entity read, per (integration, type), merged across reads (a selected-only read and a full read). */
export class EntityCatalog {
  private readonly lists = new Map<string, Map<string, PmEntity>>();
  private readonly complete = new Set<string>();
  private readonly selectedIds = new Map<string, Set<string>>();
  private readonly unreachableIds = new Set<string>();
  /** Lists read with unreachable entities whose unreachable ones are not known yet. */
  private readonly uncertain = new Set<string>();
  private readonly arrays = new Map<string, readonly PmEntity[]>();

  constructor(live: LiveSnapshot) {
    for (const read of live.entityLists) {
      const key = listKey(read.integrationId, read.type);
      let list = this.lists.get(key);
      if (!list) this.lists.set(key, (list = new Map()));
      let selected = this.selectedIds.get(key);
      if (!selected) this.selectedIds.set(key, (selected = new Set()));
      for (const e of read.entities) {
        // A selected-only read lists nothing else, whether or not it repeats the flag.
        if (read.selectedOnly || e.is_selected_for_collection === true) selected.add(e.entity_provider_id);
        const previous = list.get(e.entity_provider_id);
        list.set(e.entity_provider_id, previous && previous.used_by && !e.used_by ? { ...e, used_by: previous.used_by } : e);
      }
      for (const id of read.unreachableIds ?? []) this.unreachableIds.add(`${key}/${id}`);
      if (!read.selectedOnly) this.complete.add(key);
      if (read.includesUnreachable && read.unreachableIds === undefined) this.uncertain.add(key);
    }
    for (const read of live.entityLists) if (read.unreachableIds !== undefined) this.uncertain.delete(listKey(read.integrationId, read.type));
  }

  /** False when the list may hold unreachable entities and the reader has not said which. */
  reachabilityKnown(integrationId: number, type: string): boolean {
    return !this.uncertain.has(listKey(integrationId, type));
  }

  /** The whole list, or undefined when only selected entities (or nothing) were read. */
  list(integrationId: number, type: string): readonly PmEntity[] | undefined {
    const key = listKey(integrationId, type);
    if (!this.complete.has(key)) return undefined;
    // One array per list, built on first use: callers resolve every reference against it, and
    // resolveEntity indexes it once (by identity), so a plan costs one pass per list.
    let array = this.arrays.get(key);
    if (array === undefined) this.arrays.set(key, (array = [...(this.lists.get(key)?.values() ?? [])]));
    return array;
  }

  find(integrationId: number, type: string, id: string): PmEntity | undefined {
    return this.lists.get(listKey(integrationId, type))?.get(id);
  }

  /**
   * True when the provider no longer exposes the entity: the reader said so (unreachableIds), or
   * the entity carries a marker of it (see isUnreachable).
   */
  unreachable(integrationId: number, type: string, id: string): boolean {
    if (this.unreachableIds.has(`${integrationId}/${type}/${id}`)) return true;
    const entity = this.find(integrationId, type, id);
    return entity !== undefined && isUnreachable(entity);
  }

  /** Ids selected for collection live; undefined when that list was not read. */
  selected(integrationId: number, type: string): ReadonlySet<string> | undefined {
    return this.selectedIds.get(listKey(integrationId, type));
  }
}

/**
 * How an entity itself shows that the provider no longer exposes it. The spec leaves entity
 * states unnamed and the wire has no flag (the emulator lists such entities only with
 * include_invalid), so the reader's unreachableIds is the main source; a `reachable: false`
 * field or one of these states is honoured too. Decided here, in one place.
 */
export const UNREACHABLE_STATES: readonly string[] = ['unreachable', 'not_reachable', 'deleted', 'inaccessible', 'invalid'];

export function isUnreachable(entity: PmEntity): boolean {
  const extra = entity as PmEntity & { reachable?: boolean; is_reachable?: boolean };
  return extra.reachable === false || extra.is_reachable === false || UNREACHABLE_STATES.includes(entity.state);
}

export class PlanDraft {
  readonly changes: PlannedChange[] = [];
  readonly errors: PlanMessage[] = [];
  readonly warnings: PlanMessage[] = [];
  readonly totals: Partial<Record<DestructiveKind, number>> = {};
  /** Replaced by refreshEntities() after the shell reads more lists into the snapshot. */
  entities: EntityCatalog;
  readonly repos: RepoIndex;
  /** Managed PM scopes by `${team}/${integration}`. */
  readonly scopes = new Map<string, ScopeContext>();
  /** Desired monitoring state of every repository whose monitoring is managed. */
  readonly monitoring = new Map<number, boolean>();
  /** Entity lists whose reachability the writes of this plan need and the snapshot lacks. */
  readonly unknownReachability = new Map<string, { integrationId: number; type: string }>();

  constructor(
    readonly config: DesiredConfig,
    /** What the run reads beyond what the config names (a narrowed plan). */
    readonly reads: ReadScope,
    readonly live: LiveSnapshot,
  ) {
    this.entities = new EntityCatalog(live);
    this.repos = indexRepositories(live.repositories);
  }

  /** The entity lookups again, from the snapshot as it is now (a reachability re-read adds to it). */
  refreshEntities(): void {
    this.entities = new EntityCatalog(this.live);
  }

  /** `file:line:column` of a config path, trying its parents when the exact node was not mapped. */
  locate(path: ConfigPath | undefined): string | undefined {
    if (path === undefined) return undefined;
    for (let n = path.length; n >= 0; n -= 1) {
      const loc = this.config.sourceMap.locate(path.slice(0, n));
      if (loc) return `${loc.file}:${loc.line}:${loc.column}`;
    }
    return undefined;
  }

  error(message: string, path?: ConfigPath, address?: string): void {
    this.errors.push(message_(message, this.locate(path), address));
  }

  warn(message: string, path?: ConfigPath, address?: string): void {
    this.warnings.push(message_(message, this.locate(path), address));
  }

  /**
   * Whether an entity that a write names is known to be exposed by the provider no more. When
   * the snapshot cannot tell, the list is noted (the shell reads it and plans again) and the
   * answer is false.
   */
  namesUnreachable(integrationId: number, type: string, id: string): boolean {
    if (!this.entities.reachabilityKnown(integrationId, type)) {
      this.unknownReachability.set(listKey(integrationId, type), { integrationId, type });
      return false;
    }
    return this.entities.unreachable(integrationId, type, id);
  }

  /**
   * A team's scope read (PM or Git), or undefined after reporting why it cannot be used: not read,
   * or the team does not exist. Warns when the team's `name:` differs from the service's.
   */
  teamRead<T extends { team_name: string }>(team: DesiredTeam & { id: number }, read: T | 'not_found' | undefined, what: string, path: ConfigPath): T | undefined {
    if (read === undefined) {
      this.error(`the ${what} of team ${team.id} was not read`, path);
      return undefined;
    }
    if (read === 'not_found') {
      this.error(`team ${team.id} does not exist (the service answers 404 for it)`, team.path, teamAddress(team.key));
      return undefined;
    }
    // With the team list read, a `name:` that differs is a rename (kinds/team/diff.ts); without one (an
    // older service) it can only be checked.
    if (this.live.teamList === undefined && team.name !== undefined && read.team_name !== team.name) {
      this.warn(`team ${team.id} is named "${read.team_name}" in the service, not "${team.name}"`, [...team.path, 'name'], teamAddress(team.key));
    }
    return read;
  }

  count(kind: DestructiveKind, n: number): void {
    this.totals[kind] = (this.totals[kind] ?? 0) + n;
  }

  add(change: Change, target: ChangeTarget, path?: ConfigPath): void {
    const location = this.locate(path);
    this.changes.push(location === undefined ? { change, target } : { change, target, location });
  }
}

function message_(message: string, location: string | undefined, address: string | undefined): PlanMessage {
  const m: PlanMessage = { message };
  if (address !== undefined) m.address = address;
  if (location !== undefined) m.location = location;
  return m;
}
