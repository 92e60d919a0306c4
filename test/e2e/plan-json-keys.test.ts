// The JSON plan in one casing and with no machine-specific path, in every part a plan can have:
// organization, config_files, scope (--target, --changed-from), summary, changes (before, after,
// display), operations (depends_on, items, bodies), warnings, errors (predicted refusals with
// their file:line:column), safety_refusals (the rails' figures), reads, totals and the desired state.

import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runEmctl } from '../helpers/cli.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** Every object key with its JSON path; strings too, to find absolute paths. */
function walk(value: unknown, at: string, keys: string[], strings: Array<[string, string]>): void {
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${at}[${i}]`, keys, strings));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      keys.push(`${at}.${k}`);
      walk(v, `${at}.${k}`, keys, strings);
    }
  } else if (typeof value === 'string') strings.push([at, value]);
}

function problems(plan: unknown, dir: string): { camel: string[]; absolute: string[] } {
  const keys: string[] = [];
  const strings: Array<[string, string]> = [];
  walk(plan, '$', keys, strings);
  return {
    camel: keys.filter((k) => !/\.[a-z0-9_]+$/.test(k)),
    absolute: strings.filter(([, s]) => s.includes(dir)).map(([at, s]) => `${at}: ${s}`),
  };
}

let dir: string;

/**
 * The Acme example changed so that the plan has every part: a team renamed, a settings rule that
 * matches nothing (a warning), a repository newly excluded from monitoring and a board deselected
 * past zero-count rails, and a protected team whose scope changes (three rails); --target team
 * adds a predicted refusal.
 */
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'emctl-plan-keys-'));
  let text = readFileSync(join(ROOT, 'examples/acme/emctl.yaml'), 'utf8');
  const edits: Array<[string, string]> = [
    ['  Payments:\n    id: 42\n', '  Payments Team:\n    id: 42\n'],
    ['stop_monitoring: { percent: 20, count: 3 }', 'stop_monitoring: { count: 0 }'],
    ['deselect: { count: 2 }', 'deselect: { count: 0 }'],
    ['    - team["Payments"]\n', '    - team["Platform"]\n'],
    ['      - acme/docs\n', '      - acme/docs\n      - acme/web\n'],
    ['    acme/web:\n      settings:\n        releases_detection: { method: merge_to_branch, pattern: "^release/.*" }\n', '    "ghost/*":\n      settings:\n        default_branch: { branch_name: main }\n'],
  ];
  for (const [from, to] of edits) {
    expect(text, from).toContain(from);
    text = text.replace(from, to);
  }
  writeFileSync(join(dir, 'emctl.yaml'), text);
});

describe('the JSON plan: snake_case keys and relative paths everywhere', () => {
  it('a saved plan with warnings, safety rails, reads, totals and the desired state', async () => {
    const made = await runEmctl(['--emulator', 'default', 'plan', '--out', 'plan.json'], { cwd: dir });
    expect(made.code, made.stderr).toBe(0);
    const plan = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')) as Record<string, unknown> & { warnings: unknown[]; safety_refusals: unknown[]; operations: unknown[]; desired: { files: string[] } };
    for (const part of ['organization', 'config_files', 'summary', 'changes', 'operations', 'warnings', 'safety_refusals', 'reads', 'totals', 'desired']) {
      expect(plan[part], part).toBeDefined();
    }
    expect(plan.warnings).toHaveLength(1);
    expect(plan.safety_refusals).toHaveLength(3);
    expect(JSON.stringify(plan.operations)).toContain('"depends_on"');
    expect(plan.config_files).toEqual(['emctl.yaml']);
    expect(plan.desired.files).toEqual(['emctl.yaml']);
    expect(plan.warnings[0]).toMatchObject({ location: 'emctl.yaml:156:7' });
    expect(JSON.stringify(plan.changes)).toContain('team[\\"Payments Team\\"].name');
    expect(problems(plan, dir)).toEqual({ camel: [], absolute: [] });
    // The text plan names the file as the JSON does.
    expect(made.stdout).toContain('  emctl.yaml:156:7: rule "ghost/*" matches no repository');
  });

  it('a scoped plan with a predicted refusal (--format json)', async () => {
    const scoped = await runEmctl(['--emulator', 'default', 'plan', '--target', 'team', '--format', 'json'], { cwd: dir });
    expect(scoped.code).toBe(1);
    const plan = JSON.parse(scoped.stdout) as { scope: unknown; errors: Array<{ location: string }> };
    expect(plan.scope).toEqual({ narrowed_by: ['--target team'], objects: expect.any(Number) });
    expect(plan.errors.map((e) => e.location)).toEqual([expect.stringMatching(/^emctl\.yaml:\d+:\d+$/)]);
    expect(problems(plan, dir)).toEqual({ camel: [], absolute: [] });
  });

  it('a --changed-from plan', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'emctl-plan-keys-git-'));
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: repo, stdio: 'pipe' });
    cpSync(join(ROOT, 'examples/acme/emctl.yaml'), join(repo, 'emctl.yaml'));
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'base');
    cpSync(join(dir, 'emctl.yaml'), join(repo, 'emctl.yaml'));
    const changed = await runEmctl(['--emulator', 'default', 'plan', '--changed-from', 'HEAD', '--format', 'json'], { cwd: repo });
    expect(changed.code, changed.stderr).toBe(0);
    const plan = JSON.parse(changed.stdout) as { scope: Record<string, unknown> };
    expect(plan.scope.changed_from).toBe('HEAD');
    expect(problems(plan, repo)).toEqual({ camel: [], absolute: [] });
  });
});
