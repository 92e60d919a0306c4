// --changed-from: the desired-state diff per object of the ownership rule, as table tests. Each
// case is two configs (at the ref, now) written as YAML and loaded by the real loader.

import { describe, expect, it } from 'vitest';
import { loadConfigFromRead } from '../../src/config/index.js';
import { SourceText } from '../../src/config/yaml/source.js';
import { changedObjects, changeInScope } from '../../src/core/changed-objects.js';
import type { DesiredConfig } from '../../src/core/model.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';

function load(body: string): DesiredConfig {
  const text = `version: 1\n${body}`;
  const result = loadConfigFromRead({ sources: [new SourceText('t.yaml', text)], files: ['t.yaml'], diagnostics: [] }, CONFIG_CHECKS);
  if (!result.config) throw new Error(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`).join('\n'));
  return result.config;
}

const BASE = `
integrations:
  tracker: { id: 10 }
  code: { id: 20 }
collection:
  tracker: { boards: ["101", "102"] }
teams:
  42:
    pm:
      tracker: { methodology: Scrum, boards: ["101"] }
    git: { repositories: ["acme/api"], services: [7] }
  43:
    pm:
      tracker: { boards: ["102"] }
git:
  defaults:
    active_branches_duration: { days: 7 }
  monitoring: { include: ["acme/*"], exclude: ["acme/archive-*"] }
  repositories:
    acme/api:
      settings:
        default_branch: { branch_name: main }
`;

interface Case {
  name: string;
  edit: (yaml: string) => string;
  changed: string[];
  unmanaged?: string[];
  allMonitoring?: boolean;
}

const CASES: Case[] = [
  { name: 'nothing changed', edit: (y) => y, changed: [] },
  { name: 'list order carries no meaning', edit: (y) => y.replace('["101", "102"]', '["102", "101"]'), changed: [] },
  { name: 'one team scope key', edit: (y) => y.replace('tracker: { boards: ["102"] }', 'tracker: { boards: ["102"], labels: [x] }'), changed: ['team[43].pm.tracker'] },
  { name: 'a methodology only', edit: (y) => y.replace('Scrum', 'Kanban'), changed: ['team[42].pm.tracker.methodology'] },
  { name: 'a methodology written for the first time', edit: (y) => y.replace('tracker: { boards: ["102"] }', 'tracker: { methodology: Kanban, boards: ["102"] }'), changed: ['team[43].pm.tracker.methodology'] },
  { name: 'a methodology deleted: no longer managed', edit: (y) => y.replace('methodology: Scrum, ', ''), changed: [], unmanaged: ['team[42].pm.tracker.methodology'] },
  { name: 'a selection set', edit: (y) => y.replace('["101", "102"]', '["101", "102", "103"]'), changed: ['collection.tracker.boards'] },
  { name: 'a Git scope', edit: (y) => y.replace('services: [7]', 'services: [7, 8]'), changed: ['team[42].git'] },
  { name: 'an org default section', edit: (y) => y.replace('days: 7', 'days: 14'), changed: ['git.defaults.active_branches_duration'] },
  { name: 'an override set', edit: (y) => y.replace('branch_name: main', 'branch_name: trunk'), changed: ['repo["acme/api"].settings'] },
  {
    name: 'a section added to an override set',
    edit: (y) => y.replace('default_branch: { branch_name: main }', 'default_branch: { branch_name: main }\n        coding_time_strategy: { method: first_commit }'),
    changed: ['repo["acme/api"].settings'],
  },
  { name: 'a team added', edit: (y) => y.replace('  43:\n', '  44:\n    git: { services: [1] }\n  43:\n'), changed: ['team[44].git'] },
  { name: 'a team deleted: no longer managed', edit: (y) => y.replace(/  43:\n    pm:\n      tracker: \{ boards: \["102"\] \}\n/, ''), changed: [], unmanaged: ['team[43].pm.tracker'] },
  {
    name: 'an alias pointing elsewhere changes every object using it',
    edit: (y) => y.replace('tracker: { id: 10 }', 'tracker: { id: 12 }'),
    changed: ['collection.tracker.boards', 'team[42].pm.tracker', 'team[42].pm.tracker.methodology', 'team[43].pm.tracker'],
  },
  { name: 'a monitoring pattern edited: every monitoring state', edit: (y) => y.replace('"acme/*"', '"acme/*", "labs/*"'), changed: [], allMonitoring: true },
  { name: 'monitoring patterns deleted: no longer managed', edit: (y) => y.replace(/  monitoring: .*\n/, ''), changed: [], unmanaged: ['git.monitoring'] },
  {
    name: 'a repository monitored: deleted while patterns remain hands it back to the patterns',
    edit: (y) => y.replace('    acme/api:\n', '    acme/api:\n      monitored: true\n'),
    changed: ['repo["acme/api"].monitored'],
  },
];

describe('changedObjects', () => {
  it.each(CASES)('$name', ({ edit, changed, unmanaged = [], allMonitoring = false }) => {
    const scope = changedObjects(load(BASE), load(edit(BASE)));
    expect(scope.changed.map((c) => c.object)).toEqual(changed);
    expect(scope.unmanaged).toEqual(unmanaged);
    expect(scope.allMonitoring).toBe(allMonitoring);
  });

  it('backfill_days alone never diffs (write-time only)', () => {
    const section = (extra: string) => BASE.replace('default_branch: { branch_name: main }', `default_branch: { branch_name: main }\n        coding_time_strategy: { method: first_commit${extra} }`);
    expect(changedObjects(load(section('')), load(section(', backfill_days: 90'))).changed).toEqual([]);
  });

  it('a monitored: deleted with patterns in place is a monitoring change, not an end of management', () => {
    const withFlag = BASE.replace('    acme/api:\n', '    acme/api:\n      monitored: true\n');
    const scope = changedObjects(load(withFlag), load(BASE));
    expect(scope).toMatchObject({ changed: [], unmanaged: [], allMonitoring: true });
  });

  it('many monitored: deleted with patterns in place leave the other objects that ended unmanaged, in order', () => {
    const flags = ['acme/web', 'acme/x.y', 'labs/z'].map((name) => `    ${name}:\n      monitored: false\n      settings:\n        default_branch: { branch_name: dev }\n`).join('');
    const before = BASE.replace('    acme/api:\n', `${flags}    acme/api:\n      monitored: true\n`).replace('    git: { repositories: ["acme/api"], services: [7] }\n', '');
    const scope = changedObjects(load(before), load(BASE));
    expect(scope).toMatchObject({
      changed: [{ object: 'team[42].git', how: 'added' }],
      unmanaged: ['repo["acme/web"].settings', 'repo["acme/x.y"].settings', 'repo["labs/z"].settings'],
      allMonitoring: true,
    });
  });

  it('a monitored: deleted with no patterns is no longer managed', () => {
    const noPatterns = BASE.replace(/  monitoring: .*\n/, '');
    const withFlag = noPatterns.replace('    acme/api:\n', '    acme/api:\n      monitored: true\n');
    const scope = changedObjects(load(withFlag), load(noPatterns));
    expect(scope).toMatchObject({ changed: [], unmanaged: ['repo["acme/api"].monitored'], allMonitoring: false });
  });

  it('says whether each object was added or changed, and which plan addresses it covers', () => {
    const scope = changedObjects(load(BASE), load(BASE.replace('Scrum', 'Kanban').replace('  43:\n', '  44:\n    git: { services: [1] }\n  43:\n')));
    expect(scope.changed).toEqual([
      { object: 'team[42].pm.tracker.methodology', kind: 'methodology', how: 'changed', addresses: ['team[42].pm.tracker.methodology'] },
      { object: 'team[44].git', kind: 'git-scope', how: 'added', addresses: ['team[44].git.repositories', 'team[44].git.services'] },
    ]);
  });
});

describe('changedObjects with settings rules', () => {
  const RULES = `${BASE}    "payments/*":
      settings: { default_branch: { branch_name: main } }
    "*-billing":
      integration: code
      settings: {}
`;
  it.each([
    ['nothing changed: the rules are not handed on', (y: string) => y, [], false],
    ['a rule\'s settings', (y: string) => y.replace('{ branch_name: main } }\n    "*-billing', '{ branch_name: dev } }\n    "*-billing'), ['repo["payments/*"].settings'], true],
    ['a rule added', (y: string) => `${y}    "labs/*":\n      settings: {}\n`, ['repo["labs/*"].settings'], true],
    ['two rules in another order: no rule object changed, but which rule wins may have', (y: string) => y.replace(/(    "payments\/\*":\n.*\n)(    "\*-billing":\n.*\n.*\n)/, '$2$1'), [], true],
    ['a literal key added: it now wins over the rules', (y: string) => `${y}    payments/api:\n      settings: {}\n`, ['repo["payments/api"].settings'], true],
    ['a literal key\'s settings edited: which keys win is the same', (y: string) => y.replace('branch_name: main }\n    "payments', 'branch_name: trunk }\n    "payments'), ['repo["acme/api"].settings'], false],
  ] as const)('%s', (_name, edit, changed, handedOn) => {
    const scope = changedObjects(load(RULES), load(edit(RULES)));
    expect(scope.changed.map((c) => c.object)).toEqual(changed);
    expect(scope.rulesBefore !== undefined).toBe(handedOn);
  });

  it('a rule deleted is no longer managed, and the rules at the ref are handed on', () => {
    const scope = changedObjects(load(RULES), load(RULES.replace(/    "\*-billing":\n.*\n.*\n/, '')));
    expect(scope.unmanaged).toEqual(['repo["*-billing"].settings']);
    expect(scope.rulesBefore?.rules.map((r) => r.pattern)).toEqual(['payments/*', '*-billing']);
  });
});

describe('changeInScope', () => {
  const scope = changedObjects(
    load(BASE),
    load(BASE.replace('["101", "102"]', '["101", "102", "1.03"]').replace('branch_name: main', 'branch_name: trunk').replace('tracker: { boards: ["102"] }', 'tracker: { boards: ["102"], labels: [x] }')),
  );
  const inScope = changeInScope(scope);
  it.each([
    ['collection.tracker.boards["1.03"]', 'selection', true],
    ['collection.tracker.projects["P1"]', 'selection', false],
    ['team[43].pm.tracker.labels', 'pm-scope', true],
    ['team[43].pm.tracker.methodology', 'methodology', false],
    ['team[42].pm.tracker.boards', 'pm-scope', false],
    ['repo["acme/api"].settings.default_branch', 'repo-override', true],
    ['repo["acme/web"].settings.default_branch', 'repo-override', false],
    ['repo["acme/api"].monitored', 'monitoring', false],
    ['git.defaults.active_branches_duration', 'org-default', false],
  ] as const)('%s -> %s', (address, kind, expected) => {
    expect(inScope({ address, kind })).toBe(expected);
  });

  it('every monitoring change when the patterns changed', () => {
    const patterns = changeInScope(changedObjects(load(BASE), load(BASE.replace('"acme/*"', '"acme/*", "labs/*"'))));
    expect(patterns({ address: 'repo["labs/x"].monitored', kind: 'monitoring' })).toBe(true);
    expect(patterns({ address: 'repo["labs/x"].settings.default_branch', kind: 'repo-override' })).toBe(false);
  });
});
