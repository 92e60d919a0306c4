// git.monitoring globs are valid, and no repository a team Git scope names is one this config
// stops monitoring or leaves unmonitored: the service accepts only monitored repositories in a
// team scope. Only certain cases are reported; plan checks the rest against live state.

import { globMatches, globProblem } from '../glob.js';
import type { PlainMap, PlainValue } from '../source.js';
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
  for (const key of keysOf(repos)) {
    if (/^[1-9][0-9]*$/.test(key) && mapOf(repos?.[key])?.integration !== undefined) {
      ctx.warning(['git', 'repositories', key, 'integration'], `\`integration\` is ignored for repository ${key}, which is named by id`, { onKey: true });
    }
  }
  const teams = mapOf(ctx.doc.teams);
  for (const team of keysOf(teams)) {
    listOf(mapOf(mapOf(teams?.[team])?.git)?.repositories).forEach((repo, i) => {
      const reason = unmonitoredReason(ctx, repo, repos, monitoring);
      if (reason) {
        ctx.error(
          ['teams', team, 'git', 'repositories', i],
          `repository ${typeof repo === 'string' ? `\`${repo}\`` : repo} is in team ${team}'s Git scope but ${reason}; a team scope takes monitored repositories only`,
        );
      }
    });
  }
}

/** Why the config certainly leaves `repo` unmonitored, or undefined when it may be monitored. */
function unmonitoredReason(ctx: CheckContext, repo: PlainValue, repos: PlainMap | undefined, monitoring: PlainMap | undefined): string | undefined {
  if (typeof repo !== 'string' && typeof repo !== 'number') return undefined;
  const key = String(repo);
  const explicit = mapOf(repos?.[key])?.monitored;
  if (explicit === false) return `this config sets \`monitored: false\` for it (line ${ctx.lineOf(['git', 'repositories', key, 'monitored'])})`;
  if (explicit === true || !monitoring) return undefined;
  const include = listOf(monitoring.include);
  const exclude = listOf(monitoring.exclude);
  const matches = (pattern: PlainValue) =>
    typeof repo === 'number' ? pattern === repo : typeof pattern === 'string' && globProblem(pattern) === undefined && globMatches(pattern, repo);
  if (exclude.some(matches)) return 'git.monitoring excludes it';
  // Included by id or by name may be unknowable offline (a name glob may match an id's repository).
  const otherKind = include.some((p) => (typeof repo === 'number' ? typeof p === 'string' : typeof p === 'number'));
  if (!include.some(matches) && !otherKind) return 'git.monitoring does not include it';
  return undefined;
}
