// Regular expressions in settings must compile as the service (Python `re`) would compile them,
// and get a warning when they can take exponential time (pattern-safety.ts).

import { checkPythonRegex } from '../../contract/python-regex.js';
import { listOf, mapOf, settingsMaps, type CheckContext } from './context.js';
import { isCatastrophic } from './pattern-safety.js';

const CATASTROPHIC =
  'can take exponential time: a repetition inside a repetition lets it match the same text in very many ways, and the service runs it on every name; rewrite it so each part of a name can match only one way (`(a+)+$` as `a+$`)';

const PATTERN_LIST_SECTIONS = ['exclude_branches', 'exclude_base_branches', 'exclude_file_extensions', 'include_file_extensions'];

export function checkPatterns(ctx: CheckContext): void {
  // Large configs repeat the same few patterns across thousands of repositories.
  const seen = new Map<string, ReturnType<typeof checkPythonRegex>>();
  const compile = (pattern: string) => {
    let result = seen.get(pattern);
    if (!result) seen.set(pattern, (result = checkPythonRegex(pattern)));
    return result;
  };
  const slow = new Map<string, boolean>();
  const catastrophic = (pattern: string, source: string, flags: string) => {
    let verdict = slow.get(pattern);
    if (verdict === undefined) slow.set(pattern, (verdict = isCatastrophic(source, flags)));
    return verdict;
  };
  for (const [path, settings] of settingsMaps(ctx.doc)) {
    const check = (at: (string | number)[], value: unknown, what: string) => {
      if (typeof value !== 'string' || value === '') return;
      const result = compile(value);
      if (!result.ok) ctx.error(at, `${what} is not a valid regular expression: ${result.reason}`);
      else if (catastrophic(value, result.source, result.flags)) ctx.warning(at, `${what} ${CATASTROPHIC}`);
    };
    check([...path, 'releases_detection', 'pattern'], mapOf(settings.releases_detection)?.pattern, '`pattern`');
    check([...path, 'draft_pull_requests', 'title_pattern'], mapOf(settings.draft_pull_requests)?.title_pattern, '`title_pattern`');
    for (const section of PATTERN_LIST_SECTIONS) {
      listOf(mapOf(settings[section])?.patterns).forEach((p, i) =>
        check([...path, section, 'patterns', i], p, `\`${section}\` pattern ${JSON.stringify(p)}`),
      );
    }
  }
}
