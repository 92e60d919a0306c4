// Which pull requests a query counts and in which groups (DESIGN.md §6.2): the filters (teams,
// contributors, repositories, services, labels, AI tools, workflows), the repositories' effective
// branch exclusions, and the group keys of each PR. Built once per call from the query and the
// emulator state, so the per-PR work is a few Set/Map lookups.

import { checkPythonRegex } from '../../core/python-regex.js';
import type { WorkflowType } from '../../api/metrics.js';
import { WORKFLOW_TYPES } from '../../api/metrics.js';
import type { EmulatorState } from '../state.js';
import type { ActivityIndex, PrList } from './activity-index.js';
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
  const contributorIds = q.contributorIds && new Set(q.contributorIds);
  const repoFilter = repositoryFilter(state, q);
  const labelIds = q.labels && new Set(q.labels.map((l) => ix.labelIdOf.get(l)).filter((id): id is number => id !== undefined));
  const devTools = q.devToolIds && new Set(q.devToolIds);
  const teamIds = q.groupBy === 'team' ? (q.teamIds ?? allTeamIds(ix, state)) : q.teamIds;
  const reachByAuthor = teamIds && teamReach(ix, state, teamIds, q.withDirectChildren, q.teamGitScopeDisabled);
  const exclusion = new Exclusion(ix, state);
  const workflow = workflowRules(q);

  const passes = (i: number): boolean => {
    const repo = ix.repo[i]!;
    if (contributorIds && !contributorIds.has(ix.author[i]!)) return false;
    if (repoFilter && !repoFilter.has(repo)) return false;
    if (labelIds && !hasLabel(ix, i, labelIds)) return false;
    if (devTools && !WORKFLOW_TYPES.some((w) => devTools.has(ix.tools[w][i]!))) return false;
    if (!workflow.passes(ix, i)) return false;
    if (reachByAuthor && q.groupBy !== 'team' && !reachable(reachByAuthor.get(ix.author[i]!), repo)) return false;
    return !exclusion.excluded(i);
  };

  const groupsOf = (i: number, out: GroupKey[]): void => {
    switch (q.groupBy) {
      case 'organization':
        out.push(state.org.id);
        return;
      case 'repository':
        out.push(ix.repo[i]!);
        return;
      case 'contributor':
        out.push(ix.author[i]!);
        return;
      case 'team':
        for (const reach of reachByAuthor!.get(ix.author[i]!) ?? []) {
          if (reach.repos === null || reach.repos.has(ix.repo[i]!)) out.push(reach.team);
        }
        return;
      default: {
        const key = workflow.groupKey(ix, i);
        if (key !== undefined) out.push(key);
      }
    }
  };

  return { lists: candidateLists(ix, contributorIds, repoFilter, reachByAuthor), passes, groupsOf, releaseRepos: repoFilter };
}

function allTeamIds(ix: ActivityIndex, state: EmulatorState): number[] {
  return [...new Set([...state.teams.keys(), ...ix.teamMembers.keys()])];
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
 * author id -> the requested teams whose row the author's PRs count in. A team reaches its own
 * contributors and, with_direct_children, those of its direct child teams; its own Git scope limits
 * the repositories unless team_git_scope_disabled or the scope lists none.
 */
function teamReach(ix: ActivityIndex, state: EmulatorState, teamIds: number[], withChildren: boolean, scopeDisabled: boolean): Map<number, TeamReach[]> {
  const children = new Map<number, number[]>();
  if (withChildren) {
    for (const team of state.teams.values()) {
      if (team.parent_id === undefined) continue;
      const list = children.get(team.parent_id);
      if (list) list.push(team.id);
      else children.set(team.parent_id, [team.id]);
    }
  }
  const byAuthor = new Map<number, TeamReach[]>();
  for (const team of new Set(teamIds)) {
    const scope = state.gitScopes.get(team);
    const repos = !scopeDisabled && scope && scope.repositoryIds.length > 0 ? new Set(scope.repositoryIds) : null;
    const reach: TeamReach = { team, repos };
    const authors = new Set<number>(ix.teamMembers.get(team) ?? []);
    for (const child of children.get(team) ?? []) for (const a of ix.teamMembers.get(child) ?? []) authors.add(a);
    for (const author of authors) {
      const list = byAuthor.get(author);
      if (list) list.push(reach);
      else byAuthor.set(author, [reach]);
    }
  }
  return byAuthor;
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
  contributorIds: Set<number> | undefined,
  repos: Set<number> | undefined,
  reachByAuthor: Map<number, TeamReach[]> | undefined,
): PrList[] {
  let best: PrList[] = [ix.all];
  let bestSize = ix.size;
  const consider = (keys: Iterable<number>, lists: Map<number, PrList>) => {
    const chosen: PrList[] = [];
    let size = 0;
    for (const key of keys) {
      const list = lists.get(key);
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
  if (contributorIds) consider(contributorIds, ix.byAuthor);
  if (reachByAuthor) consider(reachByAuthor.keys(), ix.byAuthor);
  if (repos) consider(repos, ix.byRepo);
  return best;
}

interface WorkflowRules {
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

const compiled = new Map<string, RegExp | null>();

/** A pattern compiled once for the process (Python `re` dialect, searched anywhere in the name). */
function compile(pattern: string): RegExp | null {
  let re = compiled.get(pattern);
  if (re === undefined) {
    const check = checkPythonRegex(pattern);
    // The emulator refuses patterns that do not compile on write; one in a fixture matches nothing.
    re = check.ok ? new RegExp(check.source, check.flags.replace(/[gy]/g, '')) : null;
    compiled.set(pattern, re);
  }
  return re;
}

interface Matcher {
  branch: RegExp[];
  base: RegExp[];
  /** Verdicts per interned base branch (few distinct names, so remembered for the call). */
  baseVerdicts: Map<number, boolean>;
}

/** The repositories' effective exclude_branches / exclude_base_branches (override, else organization). */
class Exclusion {
  private readonly byRepo = new Map<number, Matcher | null>();
  private readonly bySettings = new Map<string, Matcher | null>();

  constructor(
    private readonly ix: ActivityIndex,
    private readonly state: EmulatorState,
  ) {}

  excluded(i: number): boolean {
    const repo = this.ix.repo[i]!;
    let matcher = this.byRepo.get(repo);
    if (matcher === undefined) {
      matcher = this.matcherFor(repo);
      this.byRepo.set(repo, matcher);
    }
    if (matcher === null) return false;
    const base = this.ix.base[i]!;
    if (base >= 0 && matcher.base.length > 0) {
      let verdict = matcher.baseVerdicts.get(base);
      if (verdict === undefined) {
        const name = this.ix.baseBranches[base]!;
        verdict = matcher.base.some((re) => re.test(name));
        matcher.baseVerdicts.set(base, verdict);
      }
      if (verdict) return true;
    }
    if (matcher.branch.length === 0) return false;
    const branch = this.ix.branches[this.ix.branch[i]!]!;
    return matcher.branch.some((re) => re.test(branch));
  }

  private matcherFor(repo: number): Matcher | null {
    const override = this.state.overrides.get(repo);
    const branch = (override?.exclude_branches ?? this.state.orgSettings.exclude_branches)?.patterns ?? [];
    const base = (override?.exclude_base_branches ?? this.state.orgSettings.exclude_base_branches)?.patterns ?? [];
    if (branch.length === 0 && base.length === 0) return null;
    const key = JSON.stringify([branch, base]);
    let matcher = this.bySettings.get(key);
    if (matcher === undefined) {
      const compileAll = (list: string[]) => list.map(compile).filter((re): re is RegExp => re !== null);
      matcher = { branch: compileAll(branch), base: compileAll(base), baseVerdicts: new Map() };
      this.bySettings.set(key, matcher);
    }
    return matcher;
  }
}
