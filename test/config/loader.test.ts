// The loader beyond single-problem configs: directory merge, anchors and alias bombs, size limit,
// prototype-polluting keys, many errors at once, and the model it builds (sorted lists, source map).

import { describe, expect, test } from 'vitest';
import { closeSync, openSync, ftruncateSync } from 'node:fs';
import { basename, join } from 'node:path';
import { formatDiagnostic, loadConfig, loadConfigOrThrow } from '../../src/config/index.js';
import { EmctlError } from '../../src/contract/errors.js';
import { writeFiles, yaml } from './helpers.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';

async function problems(path: string): Promise<string[]> {
  const result = await loadConfig(path, CONFIG_CHECKS);
  return result.diagnostics.map((d) => formatDiagnostic({ ...d, file: basename(d.file) }));
}

describe('directory mode', () => {
  test('files merge by key; lists of safety.protected concatenate', async () => {
    const dir = writeFiles({
      'a-teams.yaml': 'version: 1\nteams:\n  42: { name: Payments }\nsafety:\n  protected: ["team[42]"]\n',
      'b-teams.yaml': 'teams:\n  43: { name: Platform }\nsafety:\n  protected: ["team[43]"]\n',
      'c-git.yaml': 'version: 1\ngit:\n  defaults:\n    active_branches_duration: { days: 7 }\n',
    });
    const result = await loadConfig(dir, CONFIG_CHECKS);
    expect(result.diagnostics).toEqual([]);
    expect(result.config?.files.map((f) => basename(f))).toEqual(['a-teams.yaml', 'b-teams.yaml', 'c-git.yaml']);
    expect(result.config?.teams.map((t) => t.id)).toEqual([42, 43]);
    expect(result.config?.safety.protected).toEqual(['team[42]', 'team[43]']);
    expect(result.config?.sourceMap.locate(['teams', '43', 'name'])).toEqual({ file: join(dir, 'b-teams.yaml'), line: 2, column: 15 });
    expect(result.config?.sourceMap.locate(['safety', 'protected', 1])).toEqual({ file: join(dir, 'b-teams.yaml'), line: 4, column: 15 });
  });

  test('an object written in two files is an error naming both', async () => {
    const dir = writeFiles({
      'a.yaml': 'version: 1\nteams:\n  42: { name: Payments }\n',
      'b.yaml': '# more teams\nteams:\n  42: { name: Payments again }\n',
    });
    expect(await problems(dir)).toEqual([
      'b.yaml:3:3: team 42 is written in both a.yaml:3:3 and b.yaml:3:3; write each object in one file',
    ]);
  });

  test('a settings default written in two files conflicts; different sections merge', async () => {
    const dir = writeFiles({
      'a.yaml': 'version: 1\ngit:\n  defaults:\n    issue_start_time: { method: first_transition }\n',
      'b.yaml': 'git:\n  defaults:\n    issue_start_time: { method: last_transition }\n    bot_pr_attribution: { method: none }\n',
    });
    const shown = await problems(dir);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toBe('b.yaml:3:5: the issue_start_time default is written in both a.yaml:4:5 and b.yaml:3:5; write each object in one file');
  });

  test('*.yml files are ignored with a warning; an empty directory is an error', async () => {
    const dir = writeFiles({ 'main.yaml': 'version: 1\n', 'old.yml': 'version: 2\n', '.hidden.yaml': 'oops: 1\n' });
    expect(await problems(dir)).toEqual(['old.yml:1:1: warning: ignored: only *.yaml files of a config directory are read']);
    const empty = writeFiles({ 'README.md': '' });
    expect(await problems(empty)).toEqual([`${basename(empty)}:1:1: no *.yaml files in this directory`]);
  });
});

describe('YAML features and hostile input', () => {
  test('anchors, aliases and merge keys work, and errors inside them point where they were written', async () => {
    const dir = writeFiles({
      'emctl.yaml': yaml`
        version: 1
        git:
          repositories:
            acme/api:
              settings: &standard
                default_branch: { branch_name: main }
                coding_time_strategy: { method: first_commit }
            acme/web:
              settings:
                <<: *standard
                default_branch: { branch_name: trunk }
      `,
    });
    const config = await loadConfigOrThrow(join(dir, 'emctl.yaml'), CONFIG_CHECKS);
    expect(config.git.repositories.map((r) => [r.ref, r.settings])).toEqual([
      [{ name: 'acme/api' }, { default_branch: { branch_name: 'main' }, coding_time_strategy: { method: 'first_commit' } }],
      [{ name: 'acme/web' }, { default_branch: { branch_name: 'trunk' }, coding_time_strategy: { method: 'first_commit' } }],
    ]);
    expect(config.sourceMap.locate(['git', 'repositories', 'acme/web', 'settings', 'coding_time_strategy'])).toMatchObject({ line: 7, column: 31 });
  });

  test('an alias bomb is refused', async () => {
    const levels = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(', ')}]`);
    }
    const dir = writeFiles({ 'emctl.yaml': `version: 1\n${levels.join('\n')}\n` });
    // Refused by counting expanded values (no timing: an unbounded expansion would hang the test).
    const shown = await problems(join(dir, 'emctl.yaml'));
    expect(shown).toEqual(['emctl.yaml:6:36: aliases expand to more than 100000 values; refusing what looks like an alias bomb']);
  });

  test('a file over the size limit is refused unread', async () => {
    const dir = writeFiles({ 'emctl.yaml': '' });
    const fd = openSync(join(dir, 'emctl.yaml'), 'r+');
    ftruncateSync(fd, 21 * 1024 * 1024); // sparse: no 21 MB written
    closeSync(fd);
    expect(await problems(join(dir, 'emctl.yaml'))).toEqual(['emctl.yaml:1:1: file is 21 MB; config files over 20 MB are refused']);
  });

  test('__proto__, constructor and prototype keys are refused and pollute nothing', async () => {
    const dir = writeFiles({
      'emctl.yaml': yaml`
        version: 1
        integrations:
          constructor: { id: 10 }
        teams:
          42:
            __proto__: { polluted: true }
            pm: { "__proto__": {} }
        git: { repositories: { prototype: {} } }
      `,
    });
    expect(await problems(join(dir, 'emctl.yaml'))).toEqual([
      'emctl.yaml:3:3: key `constructor` is reserved and not accepted',
      'emctl.yaml:6:5: key `__proto__` is reserved and not accepted',
      'emctl.yaml:7:11: key `__proto__` is reserved and not accepted',
      'emctl.yaml:8:24: key `prototype` is reserved and not accepted',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('every kind of problem in one file is reported in one run, in line order', async () => {
    const dir = writeFiles({
      'emctl.yaml': yaml`
        version: 1
        integrations:
          tracker: { id: 10 }
        teams:
          42:
            pm:
              tracker: { boards: ["101", "101"], methodology: Scrumm }
              jira: {}
          42: {}
        git:
          defaults:
            releases_detection: { method: tags, pattern: "(" }
      `,
    });
    expect(await problems(join(dir, 'emctl.yaml'))).toEqual([
      'emctl.yaml:7:34: board "101" appears twice in team 42\'s tracker boards (first at line 7)',
      "emctl.yaml:7:55: `methodology` must be one of Scrum, Kanban; got `Scrumm`; did you mean `Scrum`?",
      'emctl.yaml:8:7: integration alias `jira` is not declared under `integrations:`',
      'emctl.yaml:9:3: duplicate key `42` (first written at line 5)',
      'emctl.yaml:12:50: `pattern` is not a valid regular expression: missing ), unterminated subpattern',
    ]);
  });

  test('loadConfigOrThrow throws a config error listing each problem', async () => {
    const dir = writeFiles({ 'emctl.yaml': 'version: 2\nteamz: {}\n' });
    const error = await loadConfigOrThrow(join(dir, 'emctl.yaml'), CONFIG_CHECKS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmctlError);
    expect((error as EmctlError).kind).toBe('config');
    expect((error as EmctlError).message).toBe(`2 errors in ${join(dir, 'emctl.yaml')}`);
    expect((error as EmctlError).details.map((d) => basename(d))).toEqual([
      'emctl.yaml:1:10: `version` must be 1; got 2',
      'emctl.yaml:2:1: unknown key `teamz` in the top level; did you mean `teams`?',
    ]);
  });
});

describe('the model', () => {
  const CONFIG = yaml`
    version: 1
    integrations:
      work: { name: "Acme Work", provider: tracker_b }
      tracker: { id: 10 }
    collection:
      10:
        boards: ["102", { name: "Ops board" }, "101"]
    teams:
      43:
        pm:
          tracker: {}
      42:
        name: Payments
        pm:
          tracker:
            methodology: Kanban
            labels: [infra, backend]
            fields: [{ name: Squad, value: [b, a] }, { id: customfield_1, value: [x] }]
          work:
            project_team_areas:
              - { project: proj-2, team: team-3, areas: [area-4] }
              - { project: proj-1, team: team-1, areas: [area-2, area-1] }
        git:
          repositories: [acme/web, 1234, acme/api]
          services: [9, 7]
    git:
      monitoring: { include: ["acme/*", 99] }
      repositories:
        acme/web: { integration: 20, monitored: true }
        1234: { settings: {} }
  `;

  test('lists are sorted and ids resolved from keys', async () => {
    const dir = writeFiles({ 'emctl.yaml': CONFIG });
    const config = await loadConfigOrThrow(join(dir, 'emctl.yaml'), CONFIG_CHECKS);
    expect(config.integrations).toEqual([
      { alias: 'tracker', id: 10 },
      { alias: 'work', name: 'Acme Work', provider: 'tracker_b' },
    ]);
    expect(config.collection.map((c) => [c.integration, c.entityType, c.entities])).toEqual([
      [10, 'boards', [{ id: '101' }, { id: '102' }, { name: 'Ops board' }]],
    ]);
    const [t42, t43] = config.teams;
    expect(t43?.pm).toEqual([{ integration: 'tracker', path: ['teams', '43', 'pm', 'tracker'] }]);
    expect(t42?.name).toBe('Payments');
    expect(t42?.pm.map((s) => s.integration)).toEqual(['tracker', 'work']);
    expect(t42?.pm[0]?.labels).toEqual(['backend', 'infra']);
    expect(t42?.pm[0]?.fields).toEqual([
      { field: { id: 'customfield_1' }, value: ['x'] },
      { field: { name: 'Squad' }, value: ['a', 'b'] },
    ]);
    expect(t42?.pm[1]?.project_team_areas).toEqual([
      { project: { id: 'proj-1' }, team: { id: 'team-1' }, areas: [{ id: 'area-1' }, { id: 'area-2' }] },
      { project: { id: 'proj-2' }, team: { id: 'team-3' }, areas: [{ id: 'area-4' }] },
    ]);
    expect(t42?.git).toEqual({
      repositories: [{ id: 1234 }, { name: 'acme/api' }, { name: 'acme/web' }],
      services: [7, 9],
      path: ['teams', '42', 'git'],
    });
    expect(config.git.monitoring).toEqual({ include: [99, 'acme/*'], exclude: [], path: ['git', 'monitoring'] });
    expect(config.git.repositories).toEqual([
      { ref: { id: 1234 }, settings: {}, path: ['git', 'repositories', '1234'] },
      { ref: { name: 'acme/web', integration: 20 }, monitored: true, path: ['git', 'repositories', 'acme/web'] },
    ]);
  });

  test('the source map takes model paths: a sorted index points at the line it was written on', async () => {
    const dir = writeFiles({ 'emctl.yaml': CONFIG });
    const config = await loadConfigOrThrow(join(dir, 'emctl.yaml'), CONFIG_CHECKS);
    const file = join(dir, 'emctl.yaml');
    const selection = config.collection[0];
    // Model order: "101" (written third), "102" (first), { name } (second).
    expect(config.sourceMap.locate([...(selection?.path ?? []), 0])).toEqual({ file, line: 7, column: 44 });
    expect(config.sourceMap.locate([...(selection?.path ?? []), 2])).toEqual({ file, line: 7, column: 21 });
    const work = config.teams[0]?.pm[1];
    // project_team_areas[0] in the model is proj-1, written second; its areas[0] is area-1, written second.
    expect(config.sourceMap.locate([...(work?.path ?? []), 'project_team_areas', 0, 'areas', 0])).toEqual({ file, line: 22, column: 62 });
    expect(config.sourceMap.locate(['teams', '42', 'name'])).toEqual({ file, line: 13, column: 11 });
    // A path past what was written points at the deepest written ancestor.
    expect(config.sourceMap.locate(['teams', '42', 'pm', 'tracker', 'boards'])).toEqual({ file, line: 16, column: 9 });
  });
});
