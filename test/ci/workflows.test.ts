// The CI examples and docs must only call emctl the way emctl can be called. Every `emctl ...`
// command in the workflow files (and the shell snippets of docs/ci.md and docs/export.md) is parsed
// by the real commander program from buildProgram, with the command actions replaced by a probe:
// an unknown subcommand or flag, a bad choice (--format yaml) or a missing value fails here.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommanderError } from 'commander';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import type { WorkflowIO } from '../../src/workflows/io.js';
import { emctlInvocations, type Invocation } from './shell-words.js';

const ROOT = join(import.meta.dirname, '..', '..');
const WORKFLOWS = [
  'examples/ci/github-actions/plan.yml',
  'examples/ci/github-actions/apply.yml',
  'examples/ci/github-actions/drift.yml',
  'examples/ci/github-actions/metrics.yml',
  'examples/ci/github-actions/goals.yml',
  'examples/hr-sync/hr-sync-plan.yml',
  'examples/ci/gitlab-ci.yml',
];
const DOCS = ['docs/ci.md', 'docs/export.md', 'docs/measurements.md', 'docs/goals.md'];
const SCRIPT_KEYS = new Set(['run', 'script', 'before_script', 'after_script']);

/** Every shell script in a workflow: GitHub `run:` steps, GitLab `script:` lists. */
function scripts(value: unknown, key?: string): string[] {
  if (typeof value === 'string') return key !== undefined && SCRIPT_KEYS.has(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => (typeof v === 'string' ? scripts(v, key) : scripts(v)));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => scripts(v, k));
  return [];
}

function workflowInvocations(file: string): Invocation[] {
  const doc = parseDocument(readFileSync(join(ROOT, file), 'utf8'));
  expect(doc.errors.map((e) => e.message), `${file} parses as YAML`).toEqual([]);
  return scripts(doc.toJS()).flatMap(emctlInvocations);
}

function docInvocations(file: string): Invocation[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const blocks = [...text.matchAll(/```(?:sh|bash|shell|console)\n([\s\S]*?)```/g)].map((m) => m[1]!.replace(/^\$ /gm, ''));
  return blocks.flatMap(emctlInvocations);
}

interface Probe {
  command?: string;
  options?: Record<string, unknown>;
  error?: string;
}

/** Parses argv with the real program; actions replaced so nothing runs. */
async function probe(args: readonly string[]): Promise<Probe> {
  let stderr = '';
  const io: WorkflowIO = {
    stdout: { write: () => true },
    stderr: { write: (s: string) => (stderr += s) },
    stdin: {},
    env: {},
    cwd: ROOT,
  };
  const program = buildProgram(io, () => {});
  const result: Probe = {};
  for (const sub of program.commands) {
    sub.action((...a: unknown[]) => {
      result.command = sub.name();
      result.options = (a[a.length - 1] as typeof sub).optsWithGlobals();
    });
  }
  try {
    await program.parseAsync([...args], { from: 'user' });
  } catch (error) {
    result.error = error instanceof CommanderError ? stderr.trim() || error.message : String(error);
  }
  if (!result.command && !result.error) result.error = 'no subcommand ran';
  return result;
}

async function expectValid(invocation: Invocation, where: string): Promise<Probe> {
  const r = await probe(invocation.args);
  expect(r.error, `${where}: emctl ${invocation.args.join(' ')}`).toBeUndefined();
  return r;
}

/**
 * The emctl calls a GitHub workflow makes through the Action (`uses: emctl/emctl@REF`): the
 * command, `-c` config and extra args, as action.yml's run step builds them.
 */
function actionInvocations(file: string): Invocation[] {
  const doc = parseDocument(readFileSync(join(ROOT, file), 'utf8')).toJS() as { jobs: Record<string, { steps: { uses?: string; with?: Record<string, string> }[] }> };
  const out: Invocation[] = [];
  for (const job of Object.values(doc.jobs)) {
    for (const step of job.steps) {
      if (!step.uses?.startsWith('emctl/emctl@')) continue;
      const command = step.with?.command ?? 'plan';
      const flags = command === 'plan' ? ['--format', 'markdown', '--detailed-exitcode'] : command === 'drift' || command === 'goals' ? ['--format', 'markdown'] : [];
      const extra = (step.with?.args ?? '').replace(/\$\{\{.*?\}\}/g, '--force').split(/\s+/).filter((a) => a !== '');
      const global = step.with?.snapshot ? ['--emulator', step.with.snapshot] : [];
      out.push({ args: [...global, command, '-c', step.with?.config ?? 'emctl/', ...flags, ...extra], line: `uses: ${step.uses}` });
    }
  }
  return out;
}

const GITHUB = WORKFLOWS.filter((f) => f.includes('github-actions') || f.startsWith('examples/hr-sync/'));

describe('CI examples', () => {
  for (const file of WORKFLOWS) {
    it(`${file}: every emctl command exists with those flags`, async () => {
      const found = [...workflowInvocations(file), ...(GITHUB.includes(file) ? actionInvocations(file) : [])];
      expect(found.length).toBeGreaterThan(0);
      for (const invocation of found) await expectValid(invocation, file);
    });
  }

  it('plan.yml plans through the Action with Markdown output and a detailed exit code, and a snapshot for runs without the key', async () => {
    const action = readFileSync(join(ROOT, 'action.yml'), 'utf8');
    expect(action).toContain('<!-- emctl-$EMCTL_COMMAND -->');
    const plans = await Promise.all(actionInvocations('examples/ci/github-actions/plan.yml').map((i) => probe(i.args)));
    expect(plans.some((p) => p.command === 'plan' && p.options?.format === 'markdown' && p.options?.detailedExitcode === true)).toBe(true);
    // The offline path for pull requests without secrets plans against a committed snapshot.
    expect(plans.some((p) => p.command === 'plan' && typeof p.options?.emulator === 'string')).toBe(true);
  });

  it('apply.yml applies with --auto-approve, and drift.yml runs drift with Markdown output', async () => {
    const applies = await Promise.all(actionInvocations('examples/ci/github-actions/apply.yml').map((i) => probe(i.args)));
    expect(applies.some((p) => p.command === 'apply' && p.options?.autoApprove === true)).toBe(true);
    const drifts = await Promise.all(actionInvocations('examples/ci/github-actions/drift.yml').map((i) => probe(i.args)));
    expect(drifts.some((p) => p.command === 'drift' && p.options?.format === 'markdown')).toBe(true);
  });

  it('never passes the API key as a flag', () => {
    for (const file of [...WORKFLOWS, 'action.yml']) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(text, file).not.toMatch(/--api-key(?!-file)/);
      for (const invocation of workflowInvocations(file)) expect(invocation.args.join(' ')).not.toContain('EMCTL_API_KEY');
    }
  });
});

describe('docs', () => {
  for (const file of DOCS) {
    it(`${file}: every emctl command in a shell block exists with those flags`, async () => {
      const found = docInvocations(file);
      expect(found.length).toBeGreaterThan(0);
      for (const invocation of found) await expectValid(invocation, file);
    });
  }
});

describe('the checks themselves', () => {
  it('find emctl commands the way the shell sees them', () => {
    const script = [
      'npm install --global "emctl@0.1.0"',
      'echo "emctl plan is not run here"  # nor emctl here',
      'set +e; emctl plan -c "$CONFIG" --format markdown > plan.md 2> plan.err',
      'if [ -n "$X" ]; then emctl drift \\',
      '  -c emctl/ --format json 2>&1 | tee drift.json; fi',
      'id=$(emctl export --teams 42,43)',
    ].join('\n');
    expect(emctlInvocations(script).map((i) => i.args)).toEqual([
      ['plan', '-c', '$CONFIG', '--format', 'markdown'],
      ['drift', '-c', 'emctl/', '--format', 'json'],
      ['export', '--teams', '42,43'],
    ]);
  });

  it('refuse an unknown subcommand, an unknown flag, a bad choice and a missing value', async () => {
    expect((await probe(['frobnicate'])).error).toBeDefined();
    expect((await probe(['plan', '--no-such-flag'])).error).toMatch(/unknown option/);
    expect((await probe(['drift', '--format', 'yaml'])).error).toMatch(/invalid/);
    expect((await probe(['export', '--out'])).error).toMatch(/argument missing/);
    expect((await probe(['--emulator', 'snapshot.yaml', 'plan', '-c', 'emctl/'])).command).toBe('plan');
  });
});
