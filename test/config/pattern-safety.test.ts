// Which settings patterns validate warns about (issue 32 item 2, DESIGN 8): those that can take
// exponential time, as the service runs them on every branch and file name; not the common,
// harmless ones.

import { describe, expect, it } from 'vitest';
import { checkPythonRegex } from '../../src/contract/python-regex.js';
import { isCatastrophic } from '../../src/config/semantic/pattern-safety.js';
import { loadConfig } from '../../src/config/index.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';
import { writeFiles } from './helpers.js';
import { join } from 'node:path';

const judge = (python: string): boolean => {
  const compiled = checkPythonRegex(python);
  if (!compiled.ok) throw new Error(compiled.reason);
  return isCatastrophic(compiled.source, compiled.flags);
};

describe('isCatastrophic', () => {
  it.each(['(a+)+$', '(.*a){20}', '(\\w+\\s?)+$', '(.*.*)*!$', '(?i)(x+x+)+y', '^(\\d+)*$'])('%s: exponential, warned', (pattern) => {
    expect(judge(pattern)).toBe(true);
  });
  it.each(['^tmp/', '^(dependabot|renovate)/', '^release-\\d+\\.\\d+$', '^v\\d+(\\.\\d+)*$', '\\d+\\.\\d+', '^(?!main$).*', '(?i)^(wip|draft)\\b', '\\.(png|jpe?g|svg)$', '^(feature|fix)/[a-z0-9-]+$'])('%s: not warned', (pattern) => {
    expect(judge(pattern)).toBe(false);
  });
});

describe('validate', () => {
  it('warns where a catastrophic pattern is written, and the config stays valid', async () => {
    const dir = writeFiles({ 'emctl.yaml': 'version: 1\ngit:\n  defaults:\n    exclude_branches: { patterns: ["^tmp/", "(a+)+$"] }\n  repositories:\n    acme/api:\n      settings:\n        draft_pull_requests: { title_pattern: "(\\\\w+\\\\s?)+$" }\n' });
    const result = await loadConfig(join(dir, 'emctl.yaml'), CONFIG_CHECKS);
    expect(result.config).toBeDefined();
    expect(result.diagnostics.map((d) => `${d.severity} ${d.line}:${d.column} ${d.message.slice(0, 70)}`)).toEqual([
      'warning 4:45 `exclude_branches` pattern "(a+)+$" can take exponential time: a repet',
      'warning 8:47 `title_pattern` can take exponential time: a repetition inside a repet',
    ]);
  });
});
