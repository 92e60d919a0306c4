// Which pull requests a query counts and in which groups (DESIGN.md §6.2): the filters (teams,
// contributors, repositories, services, labels, AI tools, workflows), the repositories' effective
// branch exclusions, and the group keys of each PR. Built once per call from the query and the
// emulator state, so the per-PR work is a few Set/Map lookups.

import type { WorkflowType } from '../../contract/metrics.js';
import { WORKFLOW_TYPES } from '../../contract/metrics.js';
import type { EmulatorState } from '../state/state.js';
import { membersOf, onAnyTeam } from '../state/members.js';
import type { ActivityIndex, PrList, Slots } from './activity-index.js';
import { Exclusion } from './branch-exclusion.js';
import type { MeasurementQuery, QueryWorkflowFilter } from './types.js';

export type GroupKey = number | 'manual';

export interface Selection {
  /** Lists holding every PR the query can count (each PR in at most one list). */
  lists: PrList[];
  /** Whether PR i passes the filters and is not excluded by its repository's branch settings. */
  passes(i: number): boolean;
  /** The groups PR i counts in (pushed onto `out`, which the caller empties). */
  groupsOf(i: number, out: GroupKey[]): void;
  /** Repositories whose releases count (undefined = every repository). */
  releaseRepos: Set<number> | undefined;
}

/** A team's contributors and the repositories its Git scope limits it to (null = no limit). */
interface TeamReach {
  team: number;
  repos: Set<number> | null;
}

export function select(ix: ActivityIndex, state: EmulatorState, q: MeasurementQuery): Selection {
  const authorFilter = q.contributorIds && slotFlags(ix.authors, q.contributorIds);
  const repoIds = repositoryFilter(state, q);
  const repoFilter = repoIds && slotFlags(ix.repos, repoIds);
  const labelIds = q.labels && new Set(q.labels.map((l) => ix.labelIdOf.get(l)).filter((id): id is number => id !== undefined));
  const devTools = q.devToolIds && new Set(q.devToolIds);
  const teamIds = q.groupBy === 'team' ? (q.teamIds ?? allTeamIds(ix, state)) : q.teamIds;
  const reachByAuthor = teamIds && teamReach(ix, state, teamIds, q.withDirectChildren, q.teamGitScopeDisabled);
  const teamFilter = q.groupBy !== 'team' ? reachByAuthor : undefined;
  const exclusion = new Exclusion(ix, state);
  const workflow = workflowRules(q);
  const tools = ix.tools;

  const passes = (i: number): boolean => {
    const repo = ix.repo[i]!;
    if (authorFilter && authorFilter[ix.author[i]!] !== 1) return false;
    if (repoFilter && repoFilter[repo] !== 1) return false;
    if (labelIds && !hasLabel(ix, i, labelIds)) return false;
    if (devTools && !devTools.has(tools.coding_assistant[i]!) && !devTools.has(tools.ai_review[i]!) && !devTools.has(tools.agentic_pr[i]!)) return false;
    if (workflow.filtered && !workflow.passes(ix, i)) return false;
    if (teamFilter && !reachable(teamFilter[ix.author[i]!], repo)) return false;
    return !exclusion.excluded(i);
  };

  const groupsOf = (i: number, out: GroupKey[]): void => {
    switch (q.groupBy) {
      case 'organization':
        out.push(state.org.id);
        return;
      case 'repository':
        out.push(ix.repos.ids[ix.repo[i]!]!);
        return;
      case 'contributor':
        out.push(ix.authors.ids[ix.author[i]!]!);
        return;
      case 'team': {
        const reaches = reachByAuthor![ix.author[i]!];
        if (reaches === undefined) return;
        const repo = ix.repo[i]!;
        for (const reach of reaches) if (reach.repos === null || reach.repos.has(repo)) out.push(reach.team);
        return;
      }
      default: {
        const key = workflow.groupKey(ix, i);
        if (key !== undefined) out.push(key);
      }
    }
  };

  const lists = candidateLists(ix, q.contributorIds, repoIds, reachByAuthor);
  return { lists, passes, groupsOf, releaseRepos: repoIds };
}

/** A flag per slot, 1 for the ids given (ids the activity never mentions have no slot). */
function slotFlags(slots: Slots, ids: Iterable<number>): Uint8Array {
  const flags = new Uint8Array(slots.ids.length);
  for (const id of ids) {
    const at = slots.slotOf.get(id);
    if (at !== undefined) flags[at] = 1;
  }
  return flags;
}

function allTeamIds(ix: ActivityIndex, state: EmulatorState): number[] {
  return [...new Set([...state.teams.keys(), ...[...ix.teamMembers.keys()].filter((t) => !state.deletedTeams.has(t))])];
}

/**
 * repository_ids and service_ids, as one set of repositories (undefined = no limit). Services have
 * no repositories of their own in the data: a service reaches the repositories of every team Git
 * scope that lists it.
 */
function repositoryFilter(state: EmulatorState, q: MeasurementQuery): Set<number> | undefined {
  let repos = q.repositoryIds && new Set(q.repositoryIds);
  if (q.serviceIds) {
    const services = new Set(q.serviceIds);
    const reached = new Set<number>();
    for (const scope of state.gitScopes.values()) {
      if (scope.serviceIds.some((s) => services.has(s))) for (const r of scope.repositoryIds) reached.add(r);
    }
    repos = repos ? new Set([...repos].filter((r) => reached.has(r))) : reached;
  }
  return repos;
}

/**
 * author slot -> the requested teams whose row the author's PRs count in. A team reaches its own
 * contributors and, with_direct_children, those of its direct child teams; its own Git scope limits
 * the repositories unless team_git_scope_disabled or the scope lists none.
 */
function teamReach(ix: ActivityIndex, state: EmulatorState, teamIds: number[], withChildren: boolean, scopeDisabled: boolean): (TeamReach[] | undefined)[] {
  const children = new Map<number, number[]>();
  if (withChildren) {
    for (const team of state.teams.values()) {
      if (team.parent_id === undefined) continue;
      const list = children.get(team.parent_id);
      if (list) list.push(team.id);
      else children.set(team.parent_id, [team.id]);
    }
  }
  const byAuthor = slotArray<TeamReach[]>(ix.authors.ids.length);
  for (const team of new Set(teamIds)) {
    const scope = state.gitScopes.get(team);
    const repos = !scopeDisabled && scope && scope.repositoryIds.length > 0 ? slotSet(ix.repos, scope.repositoryIds) : null;
    const reach: TeamReach = { team, repos };
    const authors = new Set<number>(teamMembers(ix, state, team));
    for (const child of children.get(team) ?? []) for (const a of teamMembers(ix, state, child)) authors.add(a);
    for (const author of authors) {
      const at = ix.authors.slotOf.get(author);
      if (at === undefined) continue;
      const list = byAuthor[at];
      if (list) list.push(reach);
      else byAuthor[at] = [reach];
    }
  }
  return byAuthor;
}

/**
 * The contributors of a team (state/members.ts: those a member write set, else those whose team_ids
 * list it), and for the service's own two teams (DESIGN.md section 13) everyone in a team (`All
 * Teams`) or everyone (`All Contributors`).
 */
function teamMembers(ix: ActivityIndex, state: EmulatorState, team: number): Iterable<number> {
  if (team === state.serviceTeams.allContributors) return ix.contributors.keys();
  if (team === state.serviceTeams.allTeams) return onAnyTeam(state, ix.teamMembers);
  return state.teams.has(team) ? membersOf(state, team, ix.teamMembers) : (ix.teamMembers.get(team) ?? []);
}

/** An array of `size` undefined slots, kept in V8's fast (non-dictionary) mode whatever the size. */
function slotArray<T>(size: number): (T | undefined)[] {
  const array: (T | undefined)[] = [];
  for (let k = 0; k < size; k++) array.push(undefined);
  return array;
}

function slotSet(slots: Slots, ids: number[]): Set<number> {
  const set = new Set<number>();
  for (const id of ids) {
    const at = slots.slotOf.get(id);
    if (at !== undefined) set.add(at);
  }
  return set;
}

function reachable(reaches: TeamReach[] | undefined, repo: number): boolean {
  return reaches !== undefined && reaches.some((r) => r.repos === null || r.repos.has(repo));
}

function hasLabel(ix: ActivityIndex, i: number, wanted: Set<number>): boolean {
  for (let k = ix.labelStart[i]!; k < ix.labelStart[i + 1]!; k++) if (wanted.has(ix.labelIds[k]!)) return true;
  return false;
}

/** The smallest family of lists that holds every PR the filters can keep. */
function candidateLists(
  ix: ActivityIndex,
  contributorIds: number[] | undefined,
  repos: Set<number> | undefined,
  reachByAuthor: (TeamReach[] | undefined)[] | undefined,
): PrList[] {
  let best: PrList[] = [ix.all];
  let bestSize = ix.size;
  const consider = (slots: Slots, ids: Iterable<number>, bySlot = false) => {
    const chosen: PrList[] = [];
    let size = 0;
    for (const id of new Set(ids)) {
      const at = bySlot ? id : slots.slotOf.get(id);
      const list = at === undefined ? undefined : slots.lists[at];
      if (list) {
        chosen.push(list);
        size += list.idx.length;
      }
    }
    if (size < bestSize) {
      best = chosen;
      bestSize = size;
    }
  };
  if (contributorIds) consider(ix.authors, contributorIds);
  if (reachByAuthor) consider(ix.authors, reachByAuthor.flatMap((reach, at) => (reach ? [at] : [])), true);
  if (repos) consider(ix.repos, repos);
  return best;
}

interface WorkflowRules {
  /** Whether any workflow filter applies outside the grouped type. */
  filtered: boolean;
  passes(ix: ActivityIndex, i: number): boolean;
  /** For a workflow grouping: the PR's group (tool id or manual), undefined when that bucket is out. */
  groupKey(ix: ActivityIndex, i: number): GroupKey | undefined;
}

/** Whether a filter of one workflow type admits a PR whose tool for that type is `tool` (0 = none). */
function admits(filter: QueryWorkflowFilter, tool: number): boolean {
  if (tool === 0) return filter.manual;
  return filter.all || filter.values.includes(tool);
}

/**
 * The spec's workflow rules: a filter on a type other than the grouped one is an AND intersection;
 * the grouped type's manual bucket is in when workflows_filters is absent or its `manual` is true;
 * its tool groups are every tool unless its filter names `values` / `all`.
 */
function workflowRules(q: MeasurementQuery): WorkflowRules {
  const filters = q.workflowsFilters;
  const grouped = WORKFLOW_TYPES.includes(q.groupBy as WorkflowType) ? (q.groupBy as WorkflowType) : undefined;
  const others = WORKFLOW_TYPES.filter((w) => w !== grouped && filters?.[w] !== undefined).map((w) => [w, filters![w]!] as const);
  const own = grouped && filters?.[grouped];
  const manualIn = filters === undefined || own?.manual === true;
  return {
    filtered: others.length > 0,
    passes(ix, i) {
      for (const [w, f] of others) if (!admits(f, ix.tools[w][i]!)) return false;
      return true;
    },
    groupKey(ix, i) {
      const tool = ix.tools[grouped!][i]!;
      if (tool === 0) return manualIn ? 'manual' : undefined;
      if (own && !own.all && !own.values.includes(tool)) return undefined;
      return tool;
    },
  };
}
