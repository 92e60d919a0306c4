// `emctl validate`: loads the config offline (schema and cross-references, never the network) and
// prints every diagnostic as file:line:column: message, or one "ok" line. Under GitHub Actions each
// diagnostic is also printed as a workflow annotation so it shows on the pull request's diff.

import { jsonWithBidiEscaped } from '../core/escape.js';
import { resolve } from 'node:path';
import { errorCount, loadConfig, type Diagnostic } from '../config/index.js';
import type { DesiredConfig } from '../core/model.js';
import { shownPath } from '../output/paths.js';
import { terminalPaint } from '../render/style.js';
import { plural } from '../render/values.js';
import { configChecks } from './config-checks.js';
import { nowOf, type WorkflowIO } from './io.js';
import { colorFor, type GlobalOptions } from './options.js';

export interface ValidateRequest {
  config: string;
  format: 'text' | 'json';
}

type Paint = (format: 'bold' | 'red' | 'yellow' | 'green' | 'dim', text: string) => string;

/** Whether the config is valid (warnings allowed). */
export async function validateWorkflow(globals: Pick<GlobalOptions, 'color' | 'forceColor'>, io: WorkflowIO, opts: ValidateRequest): Promise<{ valid: boolean }> {
  const target = resolve(io.cwd, opts.config);
  const shown = (file: string) => shownPath(io.cwd, file);
  const result = await loadConfig(target, configChecks(nowOf(io)), shown);
  const diagnostics = result.diagnostics.map((d) => ({ ...d, file: shown(d.file) }));
  const errors = errorCount(diagnostics);
  const valid = errors === 0 && result.config !== undefined;

  const color = colorFor(globals, io.stdout);
  const paint: Paint = color ? terminalPaint : (_format, text) => text;

  if (opts.format === 'json') {
    io.stdout.write(jsonWithBidiEscaped(JSON.stringify({ valid, diagnostics }, null, 2)) + '\n');
  } else {
    for (const d of diagnostics) io.stdout.write(textLine(d, paint) + '\n');
    io.stdout.write(summary(shown(target), result.config, diagnostics, paint) + '\n');
  }
  if (io.env.GITHUB_ACTIONS === 'true') {
    // In JSON mode stdout must stay one JSON document; the runner reads commands on stderr too.
    const out = opts.format === 'json' ? io.stderr : io.stdout;
    for (const d of diagnostics) out.write(annotation(d) + '\n');
  }
  return { valid };
}

function textLine(d: Diagnostic, paint: Paint): string {
  const where = paint('bold', `${d.file}:${d.line}:${d.column}:`);
  const label = d.severity === 'warning' ? ` ${paint('yellow', 'warning:')}` : '';
  return `${where}${label} ${d.message}`;
}

function summary(path: string, config: DesiredConfig | undefined, diagnostics: readonly Diagnostic[], paint: Paint): string {
  const errors = errorCount(diagnostics);
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  const warned = warnings > 0 ? `, ${plural(warnings, 'warning')}` : '';
  if (errors > 0 || !config) return paint('red', `${plural(errors, 'error')}${warned} in ${path}`);
  const sections = Object.keys(config.git.defaults).length;
  const counts = [
    plural(config.teams.length, 'team'),
    plural(config.git.repositories.length, 'repository', 'repositories'),
    ...(config.git.rules?.length ? [plural(config.git.rules.length, 'rule')] : []),
    plural(config.collection.length, 'selection set'),
    plural(sections, 'default section'),
    plural(config.integrations.length, 'integration alias', 'integration aliases'),
  ];
  return `${paint('green', 'ok:')} ${path} is valid (${counts.join(', ')})${warned}`;
}

/** A GitHub Actions workflow command; data and property values escaped as the runner requires. */
export function annotation(d: Diagnostic): string {
  const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const level = d.severity === 'warning' ? 'warning' : 'error';
  return `::${level} file=${property(d.file)},line=${d.line},col=${d.column}::${data(d.message)}`;
}
