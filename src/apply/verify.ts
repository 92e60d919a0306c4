// apply's check of its own result (DESIGN 3): the objects written are planned again against live
// state, the desired state narrowed to them. The writes whose answers carry their object's state
// (team Git scopes, repository and org configurations) are compared with those answers; the rest,
// and objects whose answer was lost, are read again (core/reads/after-writes.ts). Each object written is
// compared whole: a key of it that someone else changed during the apply is named too.

import type { EmClient } from '../api/client.js';
import { firstPrefixMatch } from '../core/address.js';
import type { DesiredConfig } from '../core/model.js';
import { buildPlanStaged } from '../core/plan.js';
import { indexRepositories } from '../core/resolve.js';
import type { LiveSnapshot } from '../core/snapshot.js';
import { managesAnything, snapshotAfterWrites, stillToRead, WriteAnswers } from '../core/reads/after-writes.js';
import { narrowDesired, writtenObjects } from '../core/reads/narrow.js';
import type { StateClient } from '../state/live-reader.js';
import { readLiveState } from '../state/read-live.js';
import type { LaneObserver } from '../state/scheduler.js';
import type { OperationSender } from './execute.js';
import { TeamCreation } from './team-creation.js';
import { ownershipObject } from '../core/kinds/registry.js';
import { isNewTeamId } from '../core/kinds/shared/team-directory.js';

/** How the check's reads go: paced per route, shown on the progress line, inside the caller's read guard. */
export interface CheckReads {
  perRoute?: number;
  observer?: LaneObserver;
  reading?: <T>(read: () => Promise<T>) => Promise<T>;
}

/** What an apply writes through and checks with (RunApplyOptions.sender and .verify). */
export interface CheckedWrites {
  sender: OperationSender;
  /** The addresses, among the objects at `addresses`, whose live state still differs from the desired state. */
  verify: (addresses: string[]) => Promise<string[]>;
  /** The teams the apply creates (their ids; a lost create looked up in the team list). */
  teams: TeamCreation;
}

/** The client as apply's sender, keeping the answers of the writes that carry their object's state, and the check that compares them. */
export function checkedWrites(client: EmClient, desired: DesiredConfig, before: LiveSnapshot, reads: CheckReads = {}): CheckedWrites {
  const answers = new WriteAnswers();
  const { reading = (read) => read() } = reads;
  const teams = new TeamCreation(() => reading(() => client.lists.allTeams()));
  return { sender: answerKeeping(client, answers), verify: verifierFor(client, desired, before, answers, reads), teams };
}

function verifierFor(client: StateClient, desired: DesiredConfig, before: LiveSnapshot, answers: WriteAnswers, reads: CheckReads): CheckedWrites['verify'] {
  const { reading = (read) => read(), ...paced } = reads;
  return async (addresses) => {
    // A team the apply created is found by its name again (its placeholder id was the plan's).
    const narrowed = withoutPlaceholders(narrowDesired(desired, writtenObjects(addresses, indexRepositories(before.repositories))).desired);
    const reread = stillToRead(narrowed, answers, before);
    const fresh = managesAnything(reread) ? (await reading(() => readLiveState(client, reread, {}, paced))).snapshot : undefined;
    const after = snapshotAfterWrites(before, answers, fresh);
    const { plan } = buildPlanStaged(narrowed, after);
    const writtenObject = firstPrefixMatch([...new Set(addresses.flatMap(ownershipObject))], (prefix) => prefix);
    return [...new Set(plan.changes.map((c) => c.address).filter((a) => writtenObject(a) !== undefined))];
  };
}

function withoutPlaceholders(config: DesiredConfig): DesiredConfig {
  return {
    ...config,
    teams: config.teams.map((t) => {
      if (t.id === undefined || !isNewTeamId(t.id)) return t;
      const { id, ...rest } = t;
      void id;
      return rest;
    }),
  };
}

function answerKeeping(client: EmClient, answers: WriteAnswers): OperationSender {
  return {
    async send<T>(req: { method: string; path: string; route: string; body?: unknown; once?: boolean }): Promise<T> {
      try {
        const body = await client.send<T>(req);
        answers.answered(req.route, req.path, body);
        return body;
      } catch (error) {
        answers.failed(req.route, req.path);
        throw error;
      }
    },
    inFlight: () => client.inFlight(),
  };
}
