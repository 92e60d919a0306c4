// Live state after an apply, for apply's check of its own result (DESIGN.md 3) with as few reads
// as the answers allow: a kind whose write answers carry the new state of their object says so
// (kind.ts answers), and those objects are taken from the answers; only what the answers do not
// show and objects whose last answer was lost are read again.
// Everything else (integrations, the repository list when no monitoring state was written, entity
// lists nothing wrote) is the state read before the apply (docs/apply.md has the figures).

import { EVERY_KIND } from '../kinds/registry.js';
import type { AnswerLedger, KindAnswers } from '../kinds/kind.js';
import type { KindNarrowing } from '../kinds/shared/narrowing.js';
import type { DesiredConfig, DesiredTeam } from '../model.js';
import { listKey, type LiveSnapshot } from '../snapshot.js';

/** The kinds whose write answers carry their objects' state. */
const ANSWERING: readonly KindAnswers[] = EVERY_KIND.flatMap((k) => (k.answers === undefined ? [] : [k.answers]));

/** What each kind says of its part of a team or repository entry (kind.ts narrowing). */
const NARROWING: readonly KindNarrowing[] = EVERY_KIND.flatMap((k) => (k.narrowing === undefined ? [] : [k.narrowing]));

/** The last answer of each object whose write answers carry its state, kept by its kind; an object whose last write failed or was lost is not here. */
export class WriteAnswers {
  private readonly ledgers: readonly { carries: (route: string) => boolean; ledger: AnswerLedger }[] = ANSWERING.map((a) => ({ carries: a.carries, ledger: a.ledger() }));

  /** A write was answered 2xx with `body`. */
  answered(route: string, path: string, body: unknown): void {
    this.ledgerOf(route)?.answered(path, body);
  }

  /** A write failed or its answer was lost: its object is read again. */
  failed(route: string, path: string): void {
    this.ledgerOf(route)?.failed(path);
  }

  /** `config` without what the answers show, kind by kind. */
  unshown(config: DesiredConfig, before: LiveSnapshot): DesiredConfig {
    return this.ledgers.reduce((left, { ledger }) => ledger.unshown(left, before), config);
  }

  /** Puts the states the answers show into `after` (its maps its own). */
  land(after: LiveSnapshot): void {
    for (const { ledger } of this.ledgers) ledger.land(after);
  }

  private ledgerOf(route: string): AnswerLedger | undefined {
    return this.ledgers.find((l) => l.carries(route))?.ledger;
  }
}

/**
 * What of `narrowed` (the config narrowed to the objects the apply wrote) must be read again: the
 * objects the answers do not show. A team or repository entry left with nothing to read is left out.
 */
export function stillToRead(narrowed: DesiredConfig, answers: WriteAnswers, before: LiveSnapshot): DesiredConfig {
  const unshown = answers.unshown(narrowed, before);
  const teams = unshown.teams.filter(readsSomething);
  const repositories = unshown.git.repositories.filter((entry) => NARROWING.some((n) => n.inRepository?.(entry) === true));
  const git: DesiredConfig['git'] = { defaults: unshown.git.defaults, repositories };
  if (unshown.git.monitoring !== undefined) git.monitoring = unshown.git.monitoring;
  return { ...unshown, teams, git };
}

/** Whether a team entry still has something read, as its kinds say (its scopes, its properties or members, or a name key, resolved by the team list). */
function readsSomething(team: DesiredTeam): boolean {
  return NARROWING.some((n) => n.inTeam?.(team) === true);
}

/** Whether a config manages anything that is read (an empty one needs no read at all). */
export function managesAnything(config: DesiredConfig): boolean {
  return (
    config.collection.length > 0 ||
    config.teams.length > 0 ||
    // Exact team ownership: the team list tells whether the teams deleted are gone.
    config.ownership?.teams === 'exact' ||
    Object.keys(config.git.defaults).length > 0 ||
    config.git.repositories.length > 0 ||
    config.git.monitoring !== undefined
  );
}

/**
 * The state after the apply: `before`, then the write answers, then what was read again (`fresh`,
 * when anything was), each object taken whole from the latest of them.
 */
export function snapshotAfterWrites(before: LiveSnapshot, answers: WriteAnswers, fresh: LiveSnapshot | undefined): LiveSnapshot {
  const after: LiveSnapshot = {
    ...before,
    teamPmScopes: new Map(before.teamPmScopes),
    teamGitScopes: new Map(before.teamGitScopes),
    repositoryConfigs: new Map(before.repositoryConfigs),
  };
  answers.land(after);
  if (fresh === undefined) return after;
  const freshLists = new Set(fresh.entityLists.map((l) => listKey(l.integrationId, l.type)));
  after.entityLists = [...before.entityLists.filter((l) => !freshLists.has(listKey(l.integrationId, l.type))), ...fresh.entityLists];
  for (const [id, scope] of fresh.teamPmScopes) after.teamPmScopes.set(id, scope);
  for (const [id, scope] of fresh.teamGitScopes) after.teamGitScopes.set(id, scope);
  for (const [id, config] of fresh.repositoryConfigs) after.repositoryConfigs.set(id, config);
  if (fresh.orgConfig !== undefined) after.orgConfig = fresh.orgConfig;
  if (fresh.repositoriesComplete) {
    after.repositories = fresh.repositories;
    after.repositoriesComplete = true;
  } else if (fresh.repositories.length > 0) {
    // Some looked up by name: the newer of each, the rest as read before.
    const byId = new Map(before.repositories.map((r) => [r.id, r]));
    for (const repo of fresh.repositories) byId.set(repo.id, repo);
    after.repositories = [...byId.values()];
  }
  if (fresh.monitoredTotal !== undefined) after.monitoredTotal = fresh.monitoredTotal;
  if (fresh.teamList !== undefined) after.teamList = fresh.teamList;
  if (fresh.users !== undefined) after.users = fresh.users;
  return after;
}
