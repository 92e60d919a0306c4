// Regular expressions in settings must compile as the service (Python `re`) would compile them.

import { checkPythonRegex } from '../../contract/python-regex.js';
import { listOf, mapOf, settingsMaps, type CheckContext } from './context.js';

const PATTERN_LIST_SECTIONS = ['exclude_branches', 'exclude_base_branches', 'exclude_file_extensions', 'include_file_extensions'];

export function checkPatterns(ctx: CheckContext): void {
  // Large configs repeat the same few patterns across thousands of repositories.
  const seen = new Map<string, ReturnType<typeof checkPythonRegex>>();
  const compile = (pattern: string) => {
    let result = seen.get(pattern);
    if (!result) seen.set(pattern, (result = checkPythonRegex(pattern)));
    return result;
  };
  for (const [path, settings] of settingsMaps(ctx.doc)) {
    const check = (at: (string | number)[], value: unknown, what: string) => {
      if (typeof value !== 'string' || value === '') return;
      const result = compile(value);
      if (!result.ok) ctx.error(at, `${what} is not a valid regular expression: ${result.reason}`);
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
