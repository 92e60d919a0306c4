// git.monitoring globs are valid, and no repository a team Git scope names is one this config
// stops monitoring or leaves unmonitored: the service accepts only monitored repositories in a
// team scope. Only certain cases are reported; plan checks the rest against live state.

import { compileRepoPatterns, isGlob, type RepoPatterns } from '../../core/repo-patterns.js';
import { globProblem } from '../glob.js';
import type { PlainMap, PlainValue } from '../yaml/source.js';
import { keysOf, listOf, mapOf, type CheckContext } from './context.js';

export function checkMonitoring(ctx: CheckContext): void {
  const git = mapOf(ctx.doc.git);
  const monitoring = mapOf(git?.monitoring);
  for (const list of ['include', 'exclude']) {
    listOf(monitoring?.[list]).forEach((glob, i) => {
      const problem = typeof glob === 'string' ? globProblem(glob) : undefined;
      if (problem) ctx.error(['git', 'monitoring', list, i], `glob ${JSON.stringify(glob)} ${problem}`);
    });
  }
  const repos = mapOf(git?.repositories);
  // forEach over the key lists, not for-of: see keysOf.
  keysOf(repos).forEach((key) => {
    if (/^[1-9][0-9]*$/.test(key) && mapOf(repos?.[key])?.integration !== undefined) {
      ctx.warning(['git', 'repositories', key, 'integration'], `\`integration\` is ignored for repository ${key}, which is named by id`, { onKey: true });
    }
  });
  const teams = mapOf(ctx.doc.teams);
  const patterns = monitoring ? compileMonitoring(monitoring) : undefined;
  keysOf(teams).forEach((team) => {
    listOf(mapOf(mapOf(teams?.[team])?.git)?.repositories).forEach((repo, i) => {
      const reason = unmonitoredReason(ctx, repo, repos, patterns);
      if (reason) {
        ctx.error(
          ['teams', team, 'git', 'repositories', i],
          `repository ${typeof repo === 'string' ? `\`${repo}\`` : repo} is in team ${team}'s Git scope but ${reason}; a team scope takes monitored repositories only`,
        );
      }
    });
  });
}

interface CompiledMonitoring {
  include: RepoPatterns;
  exclude: RepoPatterns;
  /** The include list has ids / names (globs): what is included by the other kind is unknowable offline. */
  includesIds: boolean;
  includesNames: boolean;
}

/** The include and exclude lists compiled once (globs that are refused match nothing). */
function compileMonitoring(monitoring: PlainMap): CompiledMonitoring {
  const usable = (list: PlainValue | undefined): (string | number)[] =>
    listOf(list).filter((p): p is string | number => typeof p === 'number' || (typeof p === 'string' && globProblem(p) === undefined));
  const include = listOf(monitoring.include);
  return {
    include: compileRepoPatterns(usable(monitoring.include)),
    exclude: compileRepoPatterns(usable(monitoring.exclude)),
    includesIds: include.some((p) => typeof p === 'number'),
    includesNames: include.some((p) => typeof p === 'string'),
  };
}

/** Why the config certainly leaves `repo` unmonitored, or undefined when it may be monitored. */
function unmonitoredReason(ctx: CheckContext, repo: PlainValue, repos: PlainMap | undefined, monitoring: CompiledMonitoring | undefined): string | undefined {
  // A glob stands for the monitored repositories it matches (DESIGN 2.1): nothing to say offline.
  if (typeof repo !== 'string' && typeof repo !== 'number') return undefined;
  if (typeof repo === 'string' && isGlob(repo)) return undefined;
  const key = String(repo);
  const explicit = mapOf(repos?.[key])?.monitored;
  if (explicit === false) return `this config sets \`monitored: false\` for it (line ${ctx.lineOf(['git', 'repositories', key, 'monitored'])})`;
  if (explicit === true || !monitoring) return undefined;
  const matches = (patterns: RepoPatterns): boolean => (typeof repo === 'number' ? patterns.hasId(repo) : patterns.matchesName(repo));
  if (matches(monitoring.exclude)) return 'git.monitoring excludes it';
  // Included by id or by name may be unknowable offline (a name glob may match an id's repository).
  const otherKind = typeof repo === 'number' ? monitoring.includesNames : monitoring.includesIds;
  if (!matches(monitoring.include) && !otherKind) return 'git.monitoring does not include it';
  return undefined;
}
