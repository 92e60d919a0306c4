// `emctl measurements --from STORE` (DESIGN.md §10): stored rows rendered like a fetched answer,
// selected by the request flags; no key, no connection.

import { EmctlError } from '../contract/errors.js';
import type { MeasurementsOptions } from '../measure/flags.js';
import { goalLines } from '../measure/goals/lines.js';
import type { GoalSpec } from '../measure/goals/spec.js';
import { storedPartialNotice } from '../measure/notices.js';
import { DEFAULT_FORMAT, formatOfPath, isOutputFormat, OUTPUT_FORMATS } from '../measure/output-formats.js';
import { renderMeasurements } from '../measure/render/index.js';
import { storedRequest } from '../measure/store/request.js';
import { isStoreTarget } from '../measure/store/target.js';
import { absolutePath, shownPath } from '../output/paths.js';
import { terminalWidth } from '../output/terminal.js';
import { writeFileAtomically } from '../output/write-file.js';
import { nowOf, type WorkflowIO } from './io.js';
import { shownStore, storeTarget } from './measure-output.js';
import { colorFor, type GlobalOptions } from './options.js';

/** `goals`: the config's, when one was loaded; those of the stored metrics are drawn as threshold lines. */
export async function runFromStore(from: string, opts: MeasurementsOptions, globals: GlobalOptions, io: WorkflowIO, goals: readonly GoalSpec[]): Promise<void> {
  const target = storeTarget(from, io.cwd, '--from');
  const now = nowOf(io);
  const request = storedRequest(opts, globals);
  const { readStore } = await import('../measure/store/read.js');
  const result = await readStore(target, request, io.env, now);
  const partial = storedPartialNotice(result);
  if (partial !== undefined) io.stderr.write(`${partial}\n`);
  const format = opts.format ?? (opts.out !== undefined ? formatOfPath(opts.out) : undefined) ?? DEFAULT_FORMAT;
  if (!isOutputFormat(format)) throw new EmctlError('config', `unknown format ${format}: one of ${OUTPUT_FORMATS.join(', ')}`);
  if (opts.out !== undefined && isStoreTarget(opts.out)) throw new EmctlError('config', '--from writes a file or stdout; to copy between databases use their own tools');
  const toStdout = opts.out === undefined;
  const width = terminalWidth(io);
  if (opts.title !== undefined && opts.title.trim() === '') throw new EmctlError('config', '--title must be text (the page\'s heading)');
  const text = await renderMeasurements(result, format, {
    color: toStdout && colorFor(globals, io.stdout),
    ...(width !== undefined ? { width } : {}),
    ...(opts.title !== undefined ? { title: opts.title.trim() } : {}),
    generatedAt: now.toISOString().replace(/\.\d+Z$/, 'Z'),
    thresholds: goalLines(goals, result),
  });
  if (toStdout) {
    io.stdout.write(text);
    return;
  }
  const path = absolutePath(io.cwd, opts.out ?? '');
  await writeFileAtomically(path, text, { createDirectory: true, name: shownPath(io.cwd, path), redactor: io.redactor });
  io.stderr.write(`wrote ${shownPath(io.cwd, path)} (${format}, from ${shownStore(io, target)}, ${result.after} to ${result.before})\n`);
}
