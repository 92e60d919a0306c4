// The entries of `teams` and `git.repositories` are checked against the schema in batches once a
// map is large (src/config/schema-check.ts): every problem of an entry, its key included, must be
// reported as it is in a small map, at the same place and in the same words.

import { basename } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formatDiagnostic, loadConfig, loadWork } from '../../src/config/index.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';
import { writeFiles } from './helpers.js';

/** The bad entries, then `filler` valid ones after them (so the bad ones keep their lines). */
function config(filler: number): string {
  const teams = ['  _abc: {}', '  42: { nam: x }', '  43: { git: { services: [x] } }', ...Array.from({ length: filler }, (_, i) => `  ${1000 + i}: {}`)];
  const repos = [
    '    acme/r: { bogus: 1 }',
    '    acme/s: { monitored: yes please }',
    '    acme/*: { monitored: true }',
    '    acme/t: { setings: {} }',
    ...Array.from({ length: filler }, (_, i) => `    acme/ok${i}: { monitored: true }`),
  ];
  return ['version: 1', 'teams:', ...teams, 'git:', '  repositories:', ...repos, ''].join('\n');
}

async function shown(text: string): Promise<string[]> {
  const dir = writeFiles({ 'emctl.yaml': text });
  const result = await loadConfig(`${dir}/emctl.yaml`, CONFIG_CHECKS);
  return result.diagnostics.map((d) => formatDiagnostic({ ...d, file: basename(d.file) }));
}

describe('a large map reports each entry as a small one does', () => {
  test('teams and repositories past the batch size: the same lines, bad keys included', async () => {
    const small = await shown(config(0));
    expect(loadWork.schemaValidations).toBe(1);
    // Every kind of problem is there: a bad key, an unknown key (with its did-you-mean), a bad
    // value, a rule without settings.
    expect(small.join('\n')).toContain("emctl.yaml:3:3: key `_abc` in `teams` must be a team's name or numeric team id");
    expect(small.join('\n')).toContain('did you mean `name`?');
    expect(small.join('\n')).toContain('did you mean `settings`?');
    expect(small.join('\n')).toContain('needs `settings:`');
    expect(small.length).toBeGreaterThanOrEqual(6);

    const large = await shown(config(120));
    // One run for the rest of the document, then batches of 50: 123 teams and 124 repositories.
    expect(loadWork.schemaValidations).toBe(1 + 3 + 3);
    expect(large).toEqual(small.map((line) => line.replace(/^emctl\.yaml:(\d+):/, (_, l: string) => `emctl.yaml:${Number(l) > 5 ? Number(l) + 120 : l}:`)));
  });
});
