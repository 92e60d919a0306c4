// `emctl measurements`: the request from flags or from the config's reports, checked with
// the same rules `validate` applies (src/measure/spec.ts), then run through the API
// (src/measure/run.ts) and rendered (src/measure/render), to stdout or to each output file,
// written atomically. Notices and the v1 progress line go to stderr, data to stdout.

import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { configPathIn, loadConfigOrThrow } from '../config/index.js';
import { outPathProblem } from '../config/out-path.js';
import { EmctlError } from '../contract/errors.js';
import { absolutePath, shownPath } from '../output/paths.js';
import type { DesiredConfig, ReportDefinition } from '../core/model.js';
import { definitionFromFlags, flagProblem, REQUEST_FLAGS } from '../measure/flags.js';
import { requestNotices, storedPartialNotice } from '../measure/notices.js';
import { runMeasurements, windowOf, type RunOutput } from '../measure/run.js';
import { checkSpec, type MeasureSpec, type SpecProblem } from '../measure/spec.js';
import { utcToday } from '../contract/measurement-window.js';
import { MEASUREMENT_FORMATS, renderMeasurements, type MeasurementFormat } from '../measure/render/index.js';
import { reportHeading } from '../measure/render/heading.js';
import { isStoreTarget, shownTarget, type StoreTarget } from '../measure/store/target.js';
import { formatOfPath } from '../measure/spec-output.js';
import { connect } from './connect.js';
import { nowOf, type WorkflowIO } from './io.js';
import { colorFor, type Dependencies, type GlobalOptions } from './options.js';
import { writeFileAtomically } from '../output/write-file.js';
import type { MeasurementsOptions } from './measure-options.js';
import { sourceOf, storedRequest, storeTarget, writeRunToStore } from './measure-store.js';
import { CONFIG_CHECKS } from './config-checks.js';

/** One request to run: a report of the config, or the one the flags describe. */
interface Job {
  /** The report's name; undefined for flags. */
  report: string | undefined;
  spec: MeasureSpec;
  /** Where `out` is relative to: the config's directory for reports, the working directory for flags. */
  base: string;
  /** A report's own out: must stay inside the config's directory (DESIGN 8); --out is not checked. */
  confined: boolean;
}

/** The directory a config's relative `out:` paths start from. */
function configDirectory(path: string): string {
  try {
    return statSync(path).isDirectory() ? path : dirname(path);
  } catch {
    return dirname(path);
  }
}

/** A store as messages show it: a SQLite path like other files, a URL without its password. */
function shownStore(io: WorkflowIO, target: StoreTarget): string {
  return target.engine === 'sqlite' ? `sqlite:${shownPath(io.cwd, target.path)}` : shownTarget(target);
}

/**
 * The database a job writes to, looked at before its requests (DESIGN.md §10): a config's sqlite:
 * file is confined like any out: file (a server URL is not a file); a database written by a newer
 * emctl is refused; one the run will migrate is said.
 */
async function storeOf(job: Job, io: WorkflowIO, label: string): Promise<StoreTarget | undefined> {
  if (job.spec.out === undefined || !isStoreTarget(job.spec.out)) return undefined;
  const outside = job.confined ? outPathProblem(job.spec.out, job.base) : undefined;
  if (outside !== undefined) throw new EmctlError('config', `report \`${job.report ?? ''}\`: ${outside}`);
  const target = storeTarget(job.spec.out, job.base, job.report === undefined ? '--out' : `report ${job.report}: out`);
  const { checkStoreBeforeRun } = await import('../measure/store/check.js');
  const notice = await checkStoreBeforeRun(target, shownStore(io, target), io.env);
  if (notice !== undefined) io.stderr.write(`${label}${notice}\n`);
  return target;
}

function requestFlagsGiven(opts: MeasurementsOptions): string[] {
  return REQUEST_FLAGS.filter((k) => opts[k] !== undefined).map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
}

function teamNamesOf(config: DesiredConfig | undefined): Map<number, string | undefined> | undefined {
  if (!config) return undefined;
  return new Map(config.teams.map((t) => [t.id, t.name]));
}

function invalid(what: string, problems: readonly string[]): EmctlError {
  const noun = problems.length === 1 ? 'problem' : 'problems';
  return new EmctlError('config', `${what}: ${problems.length} ${noun}`, problems);
}

/** The jobs of this invocation, every problem of every request reported at once. */
function planJobs(reports: readonly string[], opts: MeasurementsOptions, config: DesiredConfig | undefined, configPath: string | undefined, io: WorkflowIO): Job[] {
  const api = opts.api === 'v1' ? 'v1' : 'v2';
  const ctx = { configTeams: teamNamesOf(config), api, serverExport: Boolean(opts.serverExport) } as const;

  if (reports.length === 0 && !opts.all) {
    const { definition, problems } = definitionFromFlags(opts);
    const checked = checkSpec(definition, ctx);
    const all: SpecProblem[] = [...problems, ...checked.problems];
    if (all.length > 0 || !checked.spec) throw invalid('invalid request', all.map(flagProblem));
    return [{ report: undefined, spec: checked.spec, base: io.cwd, confined: false }];
  }

  const flags = requestFlagsGiven(opts);
  if (flags.length > 0) {
    throw new EmctlError('config', `${flags.join(', ')}: a report's request is in the config; with REPORT or --all only --format and --out apply (or drop the report names and give the request as flags)`);
  }
  if (opts.all && reports.length > 0) throw new EmctlError('config', '--all runs every report; name reports or give --all, not both');
  const defined = config?.reports ?? [];
  const byName = new Map(defined.map((r) => [r.name, r]));
  if (opts.all && defined.length === 0) throw new EmctlError('config', `the config ${configPath ?? ''} has no reports: section`);
  const chosen = opts.all ? defined.map((r) => r.name) : [...new Set(reports)];
  const missing = chosen.filter((n) => !byName.has(n));
  if (missing.length > 0) {
    const known = defined.map((r) => r.name);
    throw new EmctlError('config', `no report named ${missing.map((m) => `\`${m}\``).join(', ')} in ${configPath ?? 'the config'}`, [
      known.length > 0 ? `reports: ${known.join(', ')}` : 'the config has no reports: section',
    ]);
  }
  if (opts.out !== undefined && chosen.length > 1) throw new EmctlError('config', `--out names one file, and ${chosen.length} reports would be written to it: run them one at a time, or give each an out: in the config`);

  const base = configDirectory(configPath ?? io.cwd);
  const jobs: Job[] = [];
  const problems: string[] = [];
  for (const name of chosen) {
    const report = byName.get(name);
    if (!report) continue;
    const definition: ReportDefinition = { ...report.definition };
    // --out without --format: the format follows the new file's extension, not the report's.
    if (opts.out !== undefined) {
      definition.out = opts.out;
      if (opts.format === undefined) delete definition.format;
    }
    if (opts.format !== undefined) {
      definition.format = opts.format;
      // --format alone previews the report on stdout; its out: file is left as it is.
      if (opts.out === undefined) delete definition.out;
    }
    const checked = checkSpec(definition, ctx);
    for (const p of checked.problems) problems.push(`report \`${name}\`: ${flagProblem(p)}`);
    if (checked.spec) jobs.push({ report: name, spec: checked.spec, base: opts.out !== undefined ? io.cwd : base, confined: opts.out === undefined });
  }
  if (problems.length > 0) throw invalid('invalid report', problems);
  return jobs;
}

/** The config: -c PATH when given (it must load); else ./emctl.yaml when it exists (team names, reports). */
async function loadConfigFor(opts: MeasurementsOptions, needed: boolean, io: WorkflowIO): Promise<{ config?: DesiredConfig; path?: string }> {
  const path = configPathIn(io.cwd, opts.config);
  if (opts.config === undefined && !needed && !existsSync(path)) return {};
  return { config: await loadConfigOrThrow(path, CONFIG_CHECKS), path };
}

/**
 * The width a chart may take: $COLUMNS when set (shells do not export it by default, so it is
 * mostly a user's choice), else the terminal's own width when stdout is one (Node gives a TTY
 * stream its `columns`), else none (the renderer's default, 80).
 */
export function terminalWidth(io: Pick<WorkflowIO, 'env' | 'stdout'>): number | undefined {
  const fromEnv = Number(io.env.COLUMNS);
  if (Number.isInteger(fromEnv) && fromEnv > 20) return fromEnv;
  const columns = (io.stdout as { columns?: unknown }).columns;
  return io.stdout.isTTY && typeof columns === 'number' && Number.isInteger(columns) && columns > 20 ? columns : undefined;
}

async function render(output: RunOutput, spec: MeasureSpec, report: string | undefined, color: boolean, io: WorkflowIO, now: Date): Promise<string> {
  if (output.kind === 'file') return output.text;
  if (!(MEASUREMENT_FORMATS as readonly string[]).includes(spec.format)) {
    throw new EmctlError('config', `the ${spec.format} format is not available in this build of emctl (formats: ${MEASUREMENT_FORMATS.join(', ')})`);
  }
  const width = terminalWidth(io);
  return renderMeasurements(output.result, spec.format as MeasurementFormat, {
    color,
    ...(width !== undefined ? { width } : {}),
    ...(report !== undefined ? { title: report } : {}),
    generatedAt: now.toISOString().replace(/\.\d+Z$/, 'Z'),
    // The run's one clock: a bucket that ends after today is drawn as in progress.
    today: utcToday(now),
  });
}

/** `--from STORE`: stored rows rendered like a fetched answer; no key, no connection. */
async function runFromStore(from: string, opts: MeasurementsOptions, globals: GlobalOptions, io: WorkflowIO): Promise<void> {
  const target = storeTarget(from, io.cwd, '--from');
  const now = nowOf(io);
  const request = storedRequest(opts, globals);
  const { readStore } = await import('../measure/store/read.js');
  const result = await readStore(target, request, io.env, now);
  const partial = storedPartialNotice(result);
  if (partial !== undefined) io.stderr.write(`${partial}\n`);
  const format = opts.format ?? (opts.out !== undefined ? formatOfPath(opts.out) : undefined) ?? 'table';
  if (!(MEASUREMENT_FORMATS as readonly string[]).includes(format)) throw new EmctlError('config', `unknown format ${format}: one of ${MEASUREMENT_FORMATS.join(', ')}`);
  if (opts.out !== undefined && isStoreTarget(opts.out)) throw new EmctlError('config', '--from writes a file or stdout; to copy between databases use their own tools');
  const toStdout = opts.out === undefined;
  const width = terminalWidth(io);
  const text = await renderMeasurements(result, format as MeasurementFormat, {
    color: toStdout && colorFor(globals, io.stdout),
    ...(width !== undefined ? { width } : {}),
    generatedAt: now.toISOString().replace(/\.\d+Z$/, 'Z'),
  });
  if (toStdout) {
    io.stdout.write(text);
    return;
  }
  const path = absolutePath(io.cwd, opts.out ?? '');
  await writeFileAtomically(path, text, { createDirectory: true, name: shownPath(io.cwd, path), redactor: io.redactor });
  io.stderr.write(`wrote ${shownPath(io.cwd, path)} (${format}, from ${shownStore(io, target)}, ${result.after} to ${result.before})\n`);
}

function rowCount(output: RunOutput): number {
  return output.kind === 'result' ? output.result.elements.reduce((n, e) => n + e.rows.length, 0) : 0;
}

export async function measureWorkflow(deps: Dependencies, io: WorkflowIO, reports: string[], opts: MeasurementsOptions): Promise<void> {
  const { globals } = deps;
  if (opts.api !== 'v1' && opts.api !== 'v2') throw new EmctlError('config', `--api takes v2 (the default) or v1; got "${opts.api}"`);
  if (opts.from !== undefined) {
    if (reports.length > 0 || opts.all) throw new EmctlError('config', '--from renders stored rows with the selection flags; reports run against the service: give one of them');
    await runFromStore(opts.from, opts, globals, io);
    return;
  }
  if (reports.length === 0 && !opts.all && opts.metric === undefined) {
    throw new EmctlError('config', 'name the metrics (--metric NAME[:AGG]) or the reports of the config to run (REPORT... or --all); see emctl measurements --help');
  }
  const usesReports = reports.length > 0 || Boolean(opts.all);
  const { config, path } = await loadConfigFor(opts, usesReports, io);
  const jobs = planJobs(reports, opts, config, path, io);

  if (opts.api === 'v1') {
    io.stderr.write('Warning: the v1 measurements API (--api v1) is deprecated by the service since 2023-10-01; the v2 API (the default) answers at once.\n');
  }
  // One "now" for the whole run: the windows the notes name are the windows requested.
  const now = nowOf(io);
  for (const job of jobs) {
    for (const notice of requestNotices(job.spec, windowOf(job.spec, now))) {
      io.stderr.write(`${job.report === undefined ? '' : `report ${job.report}: `}${notice}\n`);
    }
  }
  const connection = await connect(globals, io);
  const failures: string[] = [];
  let progressShown = false;
  try {
    const toStdoutCount = jobs.filter((j) => j.spec.out === undefined).length;
    let headings = 0;
    for (const job of jobs) {
      const label = job.report === undefined ? '' : `report ${job.report}: `;
      try {
        const store = await storeOf(job, io, label);
        const output = await connection.reading(() => runMeasurements(connection.client, job.spec, {
          report: job.report,
          now,
          teamNames: teamNamesOf(config) ?? new Map(),
          api: opts.api === 'v1' ? 'v1' : 'v2',
          serverExport: Boolean(opts.serverExport),
          notice(text) {
            io.stderr.write(`${label}${text}\n`);
          },
          progress(text, done) {
            if (io.stderr.isTTY) {
              io.stderr.write(`\r\x1b[2K${label}${text}${done ? '\n' : ''}`);
            } else if (done || !progressShown) {
              io.stderr.write(`${label}${text}\n`);
            }
            progressShown = !done;
          },
        }));
        const noData = output.kind === 'file' ? output.noData : output.result.noData;
        const window = windowOf(job.spec, now);
        if (noData) io.stderr.write(`${label}no data for these filters in [${window.after}, ${window.before}) (the service answered 204)\n`);
        if (store !== undefined) {
          const count = await writeRunToStore(store, output, sourceOf(globals) ?? connection.baseUrl, now, io.env);
          io.stderr.write(`${label}wrote ${count} ${count === 1 ? 'row' : 'rows'} to ${shownStore(io, store)} (${window.after} to ${window.before})\n`);
          continue;
        }
        const toStdout = job.spec.out === undefined;
        const text = await render(output, job.spec, job.report, toStdout && colorFor(globals, io.stdout), io, now);
        if (toStdout) {
          if (toStdoutCount > 1 && job.report !== undefined) io.stdout.write(reportHeading(job.report, job.spec.format, headings++ === 0));
          io.stdout.write(text);
        } else {
          // Again at write time: the tree may have changed since the config was validated.
          const outside = job.confined ? outPathProblem(job.spec.out ?? '', job.base) : undefined;
          if (outside !== undefined) throw new EmctlError('config', `report \`${job.report ?? ''}\`: ${outside}`);
          const target = absolutePath(job.base, job.spec.out ?? '');
          await writeFileAtomically(target, text, { createDirectory: true, name: shownPath(io.cwd, target), redactor: io.redactor });
          const count = rowCount(output);
          const rows = output.kind === 'result' ? `, ${count} ${count === 1 ? 'row' : 'rows'}` : '';
          io.stderr.write(`${label}wrote ${shownPath(io.cwd, target)} (${job.spec.format}${rows}, ${window.after} to ${window.before})\n`);
        }
      } catch (error) {
        if (jobs.length === 1) throw error;
        const message = error instanceof Error ? error.message : String(error);
        failures.push(`${job.report ?? ''}: ${message}`);
        io.stderr.write(`${label}failed: ${message}\n`);
      }
    }
  } finally {
    await connection.close();
  }
  if (failures.length > 0) throw new EmctlError('api', `${failures.length} of ${jobs.length} reports failed`, failures);
}
