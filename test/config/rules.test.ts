// Settings rules and scope globs in the config (DESIGN 2.1): the model keeps rules in file order
// (a directory config in file-name order), and validate refuses, located and offline, what cannot
// mean what it says.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';
import { testInvalidConfigs, writeFiles, yaml, type InvalidCase } from './helpers.js';

describe('the model of a config with rules', () => {
  test('rules are kept apart from literal keys, in the order written', async () => {
    const dir = writeFiles({
      'emctl.yaml': yaml`
        version: 1
        integrations:
          code: { id: 20 }
        git:
          repositories:
            "team-b/*":
              settings: { default_branch: { branch_name: main } }
            acme/api:
              settings: {}
            "team-a/*":
              integration: code
              settings: { exclude_branches: { patterns: ["^dependabot/"] } }
            1234:
              monitored: true
        teams:
          42:
            git:
              repositories: ["payments-*", "acme/api"]
      `,
    });
    const { config, diagnostics } = await loadConfig(`${dir}/emctl.yaml`, CONFIG_CHECKS);
    expect(diagnostics).toEqual([]);
    expect(config?.git.rules).toEqual([
      { pattern: 'team-b/*', settings: { default_branch: { branch_name: 'main' } }, path: ['git', 'repositories', 'team-b/*'] },
      {
        pattern: 'team-a/*',
        integration: 'code',
        settings: { exclude_branches: { patterns: ['^dependabot/'] } },
        path: ['git', 'repositories', 'team-a/*'],
      },
    ]);
    expect(config?.git.repositories.map((r) => r.ref)).toEqual([{ id: 1234 }, { name: 'acme/api' }]);
    // A scope glob stays an entry of the scope: expansion (src/core/rules.ts) resolves it.
    expect(config?.teams[0]?.git?.repositories).toEqual([{ name: 'acme/api' }, { name: 'payments-*' }]);
    expect(config?.sourceMap.locate(['git', 'repositories', 'team-a/*'])).toMatchObject({ line: 11 });
  });

  test('a directory config gives its rules in file-name order', async () => {
    const dir = writeFiles({
      'b.yaml': 'version: 1\ngit:\n  repositories:\n    "b-late/*": { settings: {} }\n    "b-first/*": { settings: {} }\n',
      'a.yaml': 'version: 1\ngit:\n  repositories:\n    "a/*": { settings: {} }\n',
    });
    const { config } = await loadConfig(dir, CONFIG_CHECKS);
    expect(config?.git.rules?.map((r) => r.pattern)).toEqual(['a/*', 'b-late/*', 'b-first/*']);
  });

  test('team templates are YAML merge keys', async () => {
    const dir = writeFiles({
      'emctl.yaml': yaml`
        version: 1
        teams:
          42:
            git: &backend
              repositories: ["payments-*"]
              services: [7]
          43:
            git:
              <<: *backend
              services: [8]
      `,
    });
    const { config, diagnostics } = await loadConfig(`${dir}/emctl.yaml`, CONFIG_CHECKS);
    expect(diagnostics).toEqual([]);
    expect(config?.teams.map((t) => [t.id, t.git?.repositories, t.git?.services])).toEqual([
      [42, [{ name: 'payments-*' }], [7]],
      [43, [{ name: 'payments-*' }], [8]],
    ]);
  });
});

describe('the examples the docs give', () => {
  const ROOT = join(import.meta.dirname, '..', '..');
  /** The first ```yaml block after `heading` in a Markdown file. */
  const block = (file: string, heading: string): string => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const at = text.indexOf(heading);
    const found = at < 0 ? undefined : /```yaml\n([\s\S]*?)```/.exec(text.slice(at))?.[1];
    if (found === undefined) throw new Error(`${file} has no yaml block after ${heading}`);
    return found;
  };
  const load = async (text: string) => {
    const dir = writeFiles({ 'emctl.yaml': text });
    return loadConfig(`${dir}/emctl.yaml`, CONFIG_CHECKS);
  };

  test('docs/config.md: rules', async () => {
    const { config, diagnostics } = await load(`version: 1\nintegrations:\n  labs: { id: 21 }\n${block('docs/config.md', '## Rules: one entry')}`);
    expect(diagnostics).toEqual([]);
    expect(config?.git.rules?.map((r) => r.pattern)).toEqual(['payments/*', 'payments/legacy-*', '*-sandbox']);
    expect(config?.git.repositories.map((r) => r.ref)).toEqual([{ name: 'payments/api' }]);
  });

  test('docs/config.md: team templates', async () => {
    const { config, diagnostics } = await load(block('docs/config.md', '## Team templates'));
    expect(diagnostics).toEqual([]);
    const team = (id: number) => config?.teams.find((t) => t.id === id);
    expect(team(43)?.pm[0]).toMatchObject({ methodology: 'Scrum', labels: ['backend'], boards: [{ id: '102' }] });
    expect(team(43)?.git).toMatchObject({ repositories: [{ name: 'payments-*' }], services: [8] });
    expect(team(42)?.git).toMatchObject({ repositories: [{ name: 'payments-*' }], services: [7] });
  });

  test('the README\'s config', async () => {
    const { config, diagnostics } = await load(block('README.md', '## The config'));
    expect(diagnostics).toEqual([]);
    expect(config?.git.rules?.map((r) => r.pattern)).toEqual(['acme/*']);
  });
});

const CASES: InvalidCase[] = [
  [
    'a rule without settings, and one with monitored',
    yaml`
      version: 1
      git:
        repositories:
          "x/*":
            monitored: true
          "y/*": {}
    `,
    [
      'emctl.yaml:4:5: rule `x/*` needs `settings:`: a rule writes the whole override set of every repository it matches (`settings: {}` removes their overrides)',
      'emctl.yaml:5:7: `monitored` is not taken by a rule (rule `x/*`): a rule writes settings only; monitoring stays with git.monitoring and literal keys',
      'emctl.yaml:6:5: rule `y/*` needs `settings:`: a rule writes the whole override set of every repository it matches (`settings: {}` removes their overrides)',
    ],
  ],
  [
    'globs emctl does not read: brackets, braces, backslashes',
    yaml`
      version: 1
      git:
        repositories:
          "z/[ab]*": { settings: {} }
          "z/{a,b}*": { settings: {} }
          'z\\*': { settings: {} }
      teams:
        42:
          git:
            repositories: ["a[1]*", "ok-*"]
    `,
    [
      'emctl.yaml:4:5: rule pattern "z/[ab]*" uses `[...]` or `{...}`, which are not supported (use `*` and `?`)',
      'emctl.yaml:5:5: rule pattern "z/{a,b}*" uses `[...]` or `{...}`, which are not supported (use `*` and `?`)',
      'emctl.yaml:6:5: rule pattern "z\\\\*" uses `\\`, which is not supported (repository names need no escaping)',
      'emctl.yaml:10:22: pattern "a[1]*" in team 42\'s Git repositories uses `[...]` or `{...}`, which are not supported (use `*` and `?`)',
    ],
  ],
  [
    'an empty pattern in a team scope',
    yaml`
      version: 1
      teams:
        42:
          git:
            repositories: [""]
    `,
    ['emctl.yaml:5:22: `repositories[0]` must not be empty'],
  ],
  [
    'a rule settings section that is organization-wide only, and a regular expression that does not compile',
    yaml`
      version: 1
      git:
        repositories:
          "x/*":
            settings:
              active_branches_duration: { days: 3 }
              exclude_branches: { patterns: ["(unclosed"] }
    `,
    [
      "emctl.yaml:6:9: unknown key `active_branches_duration` in rule `x/*`'s settings",
      'emctl.yaml:7:40: `exclude_branches` pattern "(unclosed" is not a valid regular expression: missing ), unterminated subpattern',
    ],
  ],
  [
    'two rules with one pattern and integration, and one naming an undeclared integration',
    yaml`
      version: 1
      integrations:
        code: { id: 20 }
      git:
        repositories:
          "a/*": { integration: code, settings: {} }
          "a/**": { integration: 20, settings: {} }
          "b/*": { integration: codes, settings: {} }
    `,
    [
      'emctl.yaml:7:5: rule `a/**` has the same pattern and integration as rule `a/*` (emctl.yaml:6); write each rule once',
      'emctl.yaml:8:27: integration alias `codes` is not declared under `integrations:`; did you mean `code`?',
    ],
  ],
];

describe('validate refuses rules that cannot mean what they say', () => {
  testInvalidConfigs(CASES);

  test.each<[string, string, string[]]>([
    [
      'a rule that a later one covers whole',
      yaml`
        version: 1
        integrations:
          code: { id: 20 }
        git:
          repositories:
            "payments/api-*": { settings: {} }
            "payments/?pi": { integration: code, settings: {} }
            "payments/*": { settings: {} }
            "lib-*-x": { integration: code, settings: {} }
            "lib-?": { integration: code, settings: {} }
            "lib-*": { integration: code, settings: {} }
      `,
      [
        'emctl.yaml:6:5: rule `payments/api-*` is never used: rule `payments/*` (emctl.yaml:8), written after it, matches every repository it matches and the last matching rule wins; write `payments/api-*` after it, or delete it',
        'emctl.yaml:7:5: rule `payments/?pi` is never used: rule `payments/*` (emctl.yaml:8), written after it, matches every repository it matches and the last matching rule wins; write `payments/?pi` after it, or delete it',
        'emctl.yaml:9:5: rule `lib-*-x` is never used: rule `lib-*` (emctl.yaml:11), written after it, matches every repository it matches and the last matching rule wins; write `lib-*-x` after it, or delete it',
        'emctl.yaml:10:5: rule `lib-?` is never used: rule `lib-*` (emctl.yaml:11), written after it, matches every repository it matches and the last matching rule wins; write `lib-?` after it, or delete it',
      ],
    ],
    [
      'a later rule on one integration leaves an earlier rule on every integration in use',
      yaml`
        version: 1
        integrations:
          code: { id: 20 }
        git:
          repositories:
            "lib-*": { settings: {} }
            "lib-*-x": { integration: code, settings: {} }
            "lib-?": { integration: code, settings: {} }
            "lib*": { integration: code, settings: {} }
      `,
      [
        'emctl.yaml:7:5: rule `lib-*-x` is never used: rule `lib*` (emctl.yaml:9), written after it, matches every repository it matches and the last matching rule wins; write `lib-*-x` after it, or delete it',
        'emctl.yaml:8:5: rule `lib-?` is never used: rule `lib*` (emctl.yaml:9), written after it, matches every repository it matches and the last matching rule wins; write `lib-?` after it, or delete it',
      ],
    ],
  ])('%s: a warning, not an error (the last matching rule wins; the config loads)', async (_name, text, warnings) => {
    const dir = writeFiles({ 'emctl.yaml': text });
    const { config, diagnostics } = await loadConfig(join(dir, 'emctl.yaml'), CONFIG_CHECKS);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(config).toBeDefined();
    expect(diagnostics.map((d) => `${d.file.split('/').pop()}:${d.line}:${d.column}: ${d.message}`)).toEqual(warnings);
  });

  test('one pattern restricted to two different integrations, in two files of a directory, is two rules', async () => {
    const dir = writeFiles({
      'a.yaml': 'version: 1\nintegrations:\n  code: { id: 20 }\n  labs: { id: 21 }\ngit:\n  repositories:\n    "payments/*": { integration: code, settings: { exclude_branches: { patterns: ["^a/"] } } }\n',
      'b.yaml': 'version: 1\ngit:\n  repositories:\n    "payments/*": { integration: labs, settings: { exclude_branches: { patterns: ["^b/"] } } }\n    "lib-*": { settings: {} }\n',
      'c.yaml': 'version: 1\ngit:\n  repositories:\n    "payments/*": { settings: {} }\n',
    });
    const { config, diagnostics } = await loadConfig(dir, CONFIG_CHECKS);
    // c.yaml's rule on every integration, written last, covers both: each is said, located in its file.
    expect(diagnostics.map((d) => `${d.severity} ${d.file.split('/').pop()}:${d.line}:${d.column}: ${d.message.slice(0, 70)}`)).toEqual([
      'warning a.yaml:7:5: rule `payments/*` is never used: rule `payments/*` (c.yaml:4), written',
      'warning b.yaml:4:5: rule `payments/*` is never used: rule `payments/*` (c.yaml:4), written',
    ]);
    expect(config?.git.rules?.map((r) => [r.pattern, r.integration ?? null, r.settings])).toEqual([
      ['payments/*', 'code', { exclude_branches: { patterns: ['^a/'] } }],
      ['payments/*', 'labs', { exclude_branches: { patterns: ['^b/'] } }],
      ['lib-*', null, {}],
      ['payments/*', null, {}],
    ]);
    // Each is located in its own file.
    expect(config?.git.rules?.map((r) => r.path.length)).toEqual([3, 3, 3, 3]);
  });

  test('one pattern for one integration spelled two ways, in two files: the same rule twice', async () => {
    const dir = writeFiles({
      'a.yaml': 'version: 1\nintegrations:\n  code: { id: 20 }\ngit:\n  repositories:\n    "payments/*": { integration: code, settings: {} }\n',
      'b.yaml': 'version: 1\ngit:\n  repositories:\n    "payments/*": { integration: 20, settings: {} }\n',
    });
    const { config, diagnostics } = await loadConfig(dir, CONFIG_CHECKS);
    expect(config).toBeUndefined();
    expect(diagnostics.map((d) => `${d.file.split('/').pop()}:${d.line}:${d.column}: ${d.message}`)).toEqual([
      'b.yaml:4:5: rule `payments/*` has the same pattern and integration as rule `payments/*` (a.yaml:6); write each rule once',
    ]);
  });

  test('two rules with one pattern across the files of a directory', async () => {
    const dir = writeFiles({
      'a.yaml': 'version: 1\ngit:\n  repositories:\n    "payments/*": { settings: {} }\n    "lib-*": { settings: {} }\n',
      'b.yaml': 'version: 1\ngit:\n  repositories:\n    "payments/**": { settings: {} }\n    "lib-*": { settings: {} }\n',
    });
    const { config, diagnostics } = await loadConfig(dir, CONFIG_CHECKS);
    expect(config).toBeUndefined();
    expect(diagnostics.map((d) => `${d.file.split('/').pop()}:${d.line}:${d.column}: ${d.message}`)).toEqual([
      'b.yaml:4:5: rule `payments/**` has the same pattern and integration as rule `payments/*` (a.yaml:4); write each rule once',
      'b.yaml:5:5: rule `lib-*` is written in both a.yaml:5:5 and b.yaml:5:5; write each object in one file',
    ]);
  });
});
