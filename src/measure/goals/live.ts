// Goals judged against the live service (DESIGN.md section 12): every team name and `all` of every
// goal resolved by one read of the service's team list, and every repository name by the
// repository list, before any measurement call (an unknown name is an error naming it, and nothing
// is measured); then one request per shared (grouping, roll-up, window, selection), run like a
// report (run.ts: batches of 50 groups, names next to ids).

import type { ListedTeam } from '../../contract/list-types.js';
import { resolveRepositories } from '../repositories.js';
import { runMeasurements, type MeasurementsApi } from '../run.js';
import type { NameDirectory } from '../team-names.js';
import { resolveRequestTeams } from '../team-selection.js';
import { judgeGoal, type JudgedGoal } from './judge.js';
import { placeGoal, shareRequests, type SharedRequest } from './requests.js';
import type { GoalSpec } from './spec.js';

export interface LiveContext {
  now: Date;
  /** The config's team names (id -> name). */
  teamNames: ReadonlyMap<number, string | undefined>;
  /** The run's team and contributor lists (service-directory.ts). */
  directory: NameDirectory & { teams(): Promise<readonly ListedTeam[] | undefined> };
  notice(text: string): void;
}

/**
 * The client with its repository list reads kept for the run: the names are resolved before any
 * measurement call, and the requests then find them without reading again.
 */
function keepingRepositoryReads(api: MeasurementsApi): MeasurementsApi {
  const kept = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    let p = kept.get(key) as Promise<T> | undefined;
    if (p === undefined) {
      p = read();
      kept.set(key, p);
    }
    return p;
  };
  return {
    measurements: (body) => api.measurements(body),
    exportMeasurements: (body, format) => api.exportMeasurements(body, format),
    createV1Report: (body) => api.createV1Report(body),
    waitForV1Report: (id, options) => api.waitForV1Report(id, options),
    downloadReport: (url, options) => api.downloadReport(url, options),
    listAllEntities: (type, p) => api.listAllEntities(type, p),
    getTeamGitScope: (id) => api.getTeamGitScope(id),
    listRepositories: (p) => once(`page ${JSON.stringify(p ?? {})}`, () => api.listRepositories(p)),
    listAllRepositories: (p) => once(`all ${JSON.stringify(p ?? {})}`, () => api.listAllRepositories(p)),
  };
}

/** The shared requests of these goals, every name resolved (or an error naming each unknown one). */
export async function goalRequests(goals: readonly GoalSpec[], ctx: LiveContext, configNames: readonly string[]): Promise<SharedRequest[]> {
  const teamIds = await resolveRequestTeams(
    goals.map((goal) => ({
      label: `goal \`${goal.name}\`: `,
      selection: { ids: goal.spec.teamIds, names: goal.spec.teamNames ?? [], all: goal.spec.allTeams ?? false },
      filter: goal.groupBy !== 'team',
    })),
    () => ctx.directory.teams(),
    configNames,
  );
  return shareRequests(goals.map((goal, i) => placeGoal(goal, teamIds[i] ?? goal.spec.teamIds, ctx.now)));
}

export async function judgeLive(client: MeasurementsApi, requests: readonly SharedRequest[], ctx: LiveContext): Promise<JudgedGoal[]> {
  const api = keepingRepositoryReads(client);
  await Promise.all(requests.map((r) => resolveRepositories(api, r.spec)));
  const outputs = await Promise.all(
    requests.map((r) =>
      runMeasurements(api, r.spec, { report: undefined, now: ctx.now, teamNames: ctx.teamNames, directory: ctx.directory, api: 'v2', serverExport: false, notice: ctx.notice }),
    ),
  );
  const judged = new Map<string, JudgedGoal>();
  requests.forEach((request, i) => {
    const output = outputs[i];
    if (output?.kind !== 'result') return;
    // The groups the request named (teams, repositories); none named: every group the answer holds.
    const groups = output.groups.length > 0 ? output.groups : undefined;
    for (const placed of request.goals) judged.set(placed.goal.name, judgeGoal(placed.goal, placed.window, { result: output.result, ...(groups ? { groups } : {}) }));
  });
  return [...judged.values()];
}
