// Where `emctl measurements` puts each answer: stdout, a file (written atomically; a report's own
// out: confined to the config's directory), or a database (DESIGN.md §10: `--out
// sqlite:PATH|postgres://...` or a report's `out:` writes the run's rows). The store code lives in
// src/measure/store.

import { outPathProblem } from '../config/out-path.js';
import { EmctlError } from '../contract/errors.js';
import { utcToday } from '../contract/measurement-window.js';
import { goalLines } from '../measure/goals/lines.js';
import type { GoalSpec } from '../measure/goals/spec.js';
import type { Job } from '../measure/jobs.js';
import { openWindowNotice } from '../measure/notices.js';
import { reportHeading } from '../measure/output-formats.js';
import { renderRunOutput } from '../measure/render/index.js';
import type { RunOutput } from '../measure/result-model.js';
import { windowOf } from '../measure/run.js';
import { sourceOf } from '../measure/store/request.js';
import { fetchedSpanOf, storeRows } from '../measure/store/rows.js';
import { isStoreTarget, parseStoreTarget, shownTarget, type StoreTarget } from '../measure/store/target.js';
import { absolutePath, shownPath } from '../output/paths.js';
import { terminalWidth } from '../output/terminal.js';
import { writeFileAtomically } from '../output/write-file.js';
import type { WorkflowIO } from './io.js';
import { colorFor, type GlobalOptions } from './options.js';

/** `report NAME: ` before each line about a report; nothing for a request given as flags. */
export function labelOf(job: Job): string {
  return job.report === undefined ? '' : `report ${job.report}: `;
}

/** The target of an `out`/`--from` value, relative SQLite paths resolved against `base`. */
export function storeTarget(text: string, base: string, what: string): StoreTarget {
  const target = parseStoreTarget(text, base);
  if ('problem' in target) throw new EmctlError('config', `${what}: ${target.problem}`);
  return target;
}

/** `2026-11-25T06:21:34Z`: fetched_at, UTC to the second. */
function fetchedAt(now: Date): string {
  return now.toISOString().replace(/\.\d+Z$/, 'Z');
}

/**
 * Writes a run's answer into the store; returns the number of rows written. A store is written for
 * people too (its names are shown by `--from` and by whatever else reads it), so a group name that
 * holds the key's text is written redacted, as in every other output (DESIGN 8).
 */
async function writeRunToStore(target: StoreTarget, output: RunOutput, source: string, now: Date, io: WorkflowIO): Promise<number> {
  if (output.kind !== 'result') throw new EmctlError('config', `--server-export writes the service's csv or json file, not a database (${shownTarget(target)}): drop --server-export`);
  const ctx = { source, filters: output.filters, fetchedAt: fetchedAt(now), groups: output.groups, names: output.names };
  const rows = storeRows(output.result, ctx);
  const redactor = io.redactor;
  if (redactor !== undefined) {
    // Each distinct name looked at once: a group's name repeats on every row of its metrics and buckets.
    const written = new Map<string, string>();
    for (const row of rows) {
      const name = row.group_name;
      if (name === null) continue;
      let shown = written.get(name);
      if (shown === undefined) written.set(name, (shown = redactor.holds(name) ? redactor.redact(name) : name));
      row.group_name = shown;
    }
  }
  const env = io.env;
  const { writeStore } = await import('../measure/store/write.js');
  await writeStore(target, rows, env, fetchedSpanOf(output.result, ctx));
  return rows.length;
}

/** A store as messages show it: a SQLite path like other files, a URL without its password. */
export function shownStore(io: WorkflowIO, target: StoreTarget): string {
  return target.engine === 'sqlite' ? `sqlite:${shownPath(io.cwd, target.path)}` : shownTarget(target);
}


/**
 * The database a job writes to, looked at before its requests (DESIGN.md §10): a config's sqlite:
 * file is confined like any out: file (a server URL is not a file); a database written by a newer
 * emctl is refused; one the run will migrate is said.
 */
export async function storeOf(job: Job, io: WorkflowIO, label: string): Promise<StoreTarget | undefined> {
  if (job.spec.out === undefined || !isStoreTarget(job.spec.out)) return undefined;
  confine(job, job.spec.out);
  const target = storeTarget(job.spec.out, job.base, job.report === undefined ? '--out' : `report ${job.report}: out`);
  const { checkStoreBeforeRun } = await import('../measure/store/check.js');
  for (const notice of await checkStoreBeforeRun(target, shownStore(io, target), io.env)) io.stderr.write(`${label}${notice}\n`);
  return target;
}

/**
 * Where each job's answer goes: its store (storeOf), a file (a report's own out: confined to the
 * config's directory), or stdout. The config's goals of a job's metrics are its charts' threshold lines.
 */
export function outputs(io: WorkflowIO, globals: GlobalOptions, now: Date, jobs: readonly Job[], baseUrl: string, goals: readonly GoalSpec[]): (job: Job, output: RunOutput, store: StoreTarget | undefined) => Promise<void> {
  const headed = jobs.filter((j) => j.spec.out === undefined).length > 1;
  let headings = 0;
  return async (job, output, store) => {
    const label = labelOf(job);
    const window = windowOf(job.spec, now);
    const noData = output.kind === 'file' ? output.noData : output.result.noData;
    if (noData) io.stderr.write(`${label}no data for these filters in [${window.after}, ${window.before}) (the service answered 204)\n`);
    const open = store === undefined ? openWindowNotice(window, utcToday(now), job.spec.format, output.kind === 'file') : undefined;
    if (open !== undefined) io.stderr.write(`${label}${open}\n`);
    const out = job.spec.out;
    if (store !== undefined) {
      const count = await writeRunToStore(store, output, sourceOf(globals) ?? baseUrl, now, io);
      io.stderr.write(`${label}wrote ${count} ${count === 1 ? 'row' : 'rows'} to ${shownStore(io, store)} (${window.after} to ${window.before})\n`);
      return;
    }
    const width = terminalWidth(io);
    const text = await renderRunOutput(output, job.spec.format, {
      color: out === undefined && colorFor(globals, io.stdout),
      ...(width !== undefined ? { width } : {}),
      ...(job.spec.title !== undefined ? { title: job.spec.title } : {}),
      generatedAt: now.toISOString().replace(/\.\d+Z$/, 'Z'),
      // The run's one clock: a bucket that ends after today is drawn as in progress.
      today: utcToday(now),
      thresholds: goalLines(goals, job.spec),
    });
    if (out === undefined) {
      if (headed && job.report !== undefined) io.stdout.write(reportHeading(job.report, job.spec.format, headings++ === 0));
      io.stdout.write(text);
      return;
    }
    confine(job, out);
    const target = absolutePath(job.base, out);
    await writeFileAtomically(target, text, { createDirectory: true, name: shownPath(io.cwd, target), redactor: io.redactor });
    const count = output.kind === 'result' ? output.result.elements.reduce((n, e) => n + e.rows.length, 0) : 0;
    const rows = output.kind === 'result' ? `, ${count} ${count === 1 ? 'row' : 'rows'}` : '';
    io.stderr.write(`${label}wrote ${shownPath(io.cwd, target)} (${job.spec.format}${rows}, ${window.after} to ${window.before})\n`);
  };
}

/**
 * A report's own out: stays inside the config's directory (DESIGN 8), checked again at write time
 * (the tree may have changed since the config was validated); a sqlite: file like any out: file.
 */
function confine(job: Job, out: string): void {
  const outside = job.confined ? outPathProblem(out, job.base) : undefined;
  if (outside !== undefined) throw new EmctlError('config', `report \`${job.report ?? ''}\`: ${outside}`);
}
