// Runs the CI examples' shell steps the way the platforms do: GitHub workflow jobs (with
// `uses: emctl/emctl@REF` expanded into the steps of this repository's action.yml) and GitLab jobs
// (before_script + script in one `bash -eo pipefail`). `${{ }}` expressions are resolved from a
// context the test gives; an expression it does not know fails the run, so an example cannot use
// something this runner silently skips. Other actions (checkout, setup-node, cache) are the
// platform's and are not run; emctl comes from this checkout's dist/ through the Action's own
// install step (or, for GitLab, a shim on PATH in place of the pinned install).

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

export const ROOT = join(import.meta.dirname, '..', '..');

type Dict = Record<string, string>;

export interface Context {
  /** `secrets.X`, `vars.X`, `github.X`, `runner.X`, `inputs.X`, `steps.ID.outputs.X`: dotted names. */
  values: Dict;
  /** The process environment every step starts from (PATH, HOME, the platform's variables). */
  env: Dict;
  cwd: string;
}

export interface StepResult {
  name: string;
  code: number;
  stdout: string;
  stderr: string;
}

export interface JobResult {
  ok: boolean;
  /** What the steps wrote to $GITHUB_STEP_SUMMARY. */
  summary: string;
  steps: StepResult[];
  outputs: Record<string, Dict>;
}

/** Resolves `${{ expr }}`: a dotted name, a quoted string, or `A && 'x' || 'y'`. */
function evaluate(expr: string, values: Dict): string {
  const e = expr.trim();
  const quoted = /^'([^']*)'$/.exec(e);
  if (quoted) return quoted[1]!;
  const ternary = /^(\S+) && '([^']*)' \|\| '([^']*)'$/.exec(e);
  if (ternary) {
    const v = lookup(ternary[1]!, values);
    return v !== '' && v !== 'false' ? ternary[2]! : ternary[3]!;
  }
  return lookup(e, values);
}

function lookup(name: string, values: Dict): string {
  if (name in values) return values[name]!;
  // Absent step outputs, inputs and event fields are empty strings, as on GitHub.
  if (/^(steps\.[\w-]+\.outputs|inputs|github\.event)\./.test(name)) return '';
  throw new Error(`the runner does not know \${{ ${name} }}`);
}

function substitute(text: string, values: Dict): string {
  return text.replace(/\$\{\{(.*?)\}\}/g, (_, expr: string) => evaluate(expr, values));
}

/** Asynchronous: the emulator and the platform stub answer from this same process meanwhile. */
function runBash(script: string, env: Dict, cwd: string, flags: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'emctl-step-'));
  const file = join(dir, 'step.sh');
  writeFileSync(file, script);
  return new Promise((resolve) => {
    const child = spawn('bash', ['--noprofile', '--norc', ...flags, file], { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}

function readKeyValues(file: string): Dict {
  if (!existsSync(file)) return {};
  const out: Dict = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) out[line.slice(0, i)] = line.slice(i + 1);
  }
  return out;
}

interface GithubStep {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string | boolean>;
  if?: string;
}

export const EMCTL_ACTION = /^emctl\/emctl@(.+)$/;

/** Runs one job of a GitHub workflow file. */
export async function runGithubJob(workflowFile: string, job: string, ctx: Context): Promise<JobResult> {
  const workflow = parse(readFileSync(resolve(ROOT, workflowFile), 'utf8')) as {
    env?: Dict;
    jobs: Record<string, { env?: Dict; steps: GithubStep[] }>;
  };
  const spec = workflow.jobs[job];
  if (!spec) throw new Error(`${workflowFile} has no job ${job}`);
  const temp = mkdtempSync(join(tmpdir(), 'emctl-runner-'));
  const paths: string[] = [];
  const result: JobResult = { ok: true, summary: '', steps: [], outputs: {} };
  const values = { ...ctx.values };
  const baseEnv = (extra: Record<string, string> | undefined, scope: Dict): Dict => {
    const env: Dict = { ...ctx.env, RUNNER_TEMP: temp, GITHUB_STEP_SUMMARY: join(temp, 'summary.md') };
    for (const source of [workflow.env, spec.env, extra]) for (const [k, v] of Object.entries(source ?? {})) env[k] = substitute(String(v), scope);
    env.PATH = [...paths, ctx.env.PATH].join(':');
    return env;
  };
  const shellStep = async (step: GithubStep, scope: Dict, extraEnv: Record<string, string> | undefined, inheritedEnv: Record<string, string> | undefined): Promise<{ outputs: Dict; ok: boolean }> => {
    if (step.if !== undefined) throw new Error(`the runner does not evaluate if: (${step.if})`);
    const outputFile = join(temp, `output-${result.steps.length}`);
    const pathFile = join(temp, `path-${result.steps.length}`);
    const env = { ...baseEnv(inheritedEnv, scope), ...Object.fromEntries(Object.entries(extraEnv ?? {}).map(([k, v]) => [k, substitute(String(v), scope)])) };
    env.GITHUB_OUTPUT = outputFile;
    env.GITHUB_PATH = pathFile;
    const r = await runBash(substitute(step.run!, scope), env, ctx.cwd, ['-eo', 'pipefail']);
    result.steps.push({ name: substitute(step.name ?? step.run!.split('\n')[0]!, scope), ...r });
    for (const p of readFileSync(pathFile, { encoding: 'utf8', flag: 'a+' }).split('\n')) if (p !== '') paths.unshift(p);
    return { outputs: readKeyValues(outputFile), ok: r.code === 0 };
  };

  for (const step of spec.steps) {
    if (!result.ok) break;
    if (step.run !== undefined) {
      const { outputs, ok } = await shellStep(step, values, step.env, undefined);
      if (step.id) for (const [k, v] of Object.entries(outputs)) values[`steps.${step.id}.outputs.${k}`] = v;
      result.ok = ok;
      continue;
    }
    const action = step.uses !== undefined ? EMCTL_ACTION.exec(step.uses) : null;
    if (!action) continue; // actions/checkout, actions/setup-node, ...: the platform's, not run here
    const outputs = await runEmctlAction(step, values, (s, scope) => shellStep(s, scope, s.env, step.env));
    if (step.id) for (const [k, v] of Object.entries(outputs.outputs)) values[`steps.${step.id}.outputs.${k}`] = v;
    if (step.id) result.outputs[step.id] = outputs.outputs;
    result.ok = outputs.ok;
  }
  result.summary = readFileSync(join(temp, 'summary.md'), { encoding: 'utf8', flag: 'a+' });
  return result;
}

/** Expands `uses: emctl/emctl@REF` into action.yml's steps, with its inputs and outputs. */
async function runEmctlAction(
  step: GithubStep,
  outer: Dict,
  shellStep: (s: GithubStep, scope: Dict) => Promise<{ outputs: Dict; ok: boolean }>,
): Promise<{ outputs: Dict; ok: boolean }> {
  const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default?: string }>;
    outputs: Record<string, { value: string }>;
    runs: { using: string; steps: GithubStep[] };
  };
  if (action.runs.using !== 'composite') throw new Error('action.yml is not a composite action');
  const scope: Dict = { ...outer, 'github.action_path': ROOT };
  for (const [name, input] of Object.entries(action.inputs)) {
    const given = step.with?.[name];
    if (given === undefined && input.default === undefined) continue;
    scope[`inputs.${name}`] = given !== undefined ? substitute(String(given), outer) : substitute(input.default ?? '', scope);
  }
  for (const name of Object.keys(step.with ?? {})) if (!(name in action.inputs)) throw new Error(`action.yml has no input ${name}`);
  for (const inner of action.runs.steps) {
    if (inner.run === undefined) continue; // setup-node, cache: the platform's
    if (inner.shell !== 'bash') throw new Error('composite run steps must say shell: bash');
    const { outputs, ok } = await shellStep(inner, scope);
    if (inner.id) for (const [k, v] of Object.entries(outputs)) scope[`steps.${inner.id}.outputs.${k}`] = v;
    if (!ok) return { outputs: collect(action.outputs, scope), ok: false };
  }
  return { outputs: collect(action.outputs, scope), ok: true };
}

function collect(outputs: Record<string, { value: string }>, scope: Dict): Dict {
  return Object.fromEntries(Object.entries(outputs).map(([k, o]) => [k, substitute(o.value, scope)]));
}

interface GitlabJob {
  before_script?: string[];
  script: string[];
  variables?: Dict;
}

/**
 * Runs one GitLab job: default before_script + script as one bash -eo pipefail script, the file's
 * variables exported. `skip` removes lines (the pinned install, replaced by a shim on PATH).
 */
export async function runGitlabJob(job: string, ctx: Context, skip: (line: string) => boolean): Promise<StepResult> {
  const file = parse(readFileSync(join(ROOT, 'examples/ci/gitlab-ci.yml'), 'utf8')) as Record<string, unknown> & {
    variables?: Dict;
    default?: { before_script?: string[] };
  };
  const spec = file[job] as GitlabJob | undefined;
  if (!spec) throw new Error(`gitlab-ci.yml has no job ${job}`);
  const lines = [...(spec.before_script ?? file.default?.before_script ?? []), ...spec.script].filter((l) => !skip(l));
  const env: Dict = { ...ctx.env };
  for (const [k, v] of Object.entries({ ...file.variables, ...spec.variables })) env[k] = String(v);
  const r = await runBash(lines.join('\n'), env, ctx.cwd, ['-eo', 'pipefail']);
  return { name: job, ...r };
}
