// `reports:` (DESIGN.md §6.1), checked offline with the same rules `emctl measurements` applies to
// its flags (src/measure/spec.ts, given as ctx.checks.report): metric names and their aggregations with did-you-mean, id-list
// and label limits, dates, `last` against after/before, roll-up and group-by values, team names
// against this config's teams, format against out. What the JSON schema already reports (types,
// enums, patterns) is not reported twice.

import { dirname, resolve } from 'node:path';
import type { ReportDefinition } from '../../core/model.js';
import type { KeyedProblem } from '../checks.js';
import { outPathProblem } from '../out-path.js';
import { isMap, type PlainValue } from '../yaml/source.js';
import { keysOf, mapOf, type CheckContext } from './context.js';

/** The teams this config writes: id -> its `name:` (if a string). */
export function configTeamNames(doc: Record<string, PlainValue>): Map<number, string | undefined> {
  const teams = mapOf(doc.teams);
  const out = new Map<number, string | undefined>();
  for (const key of keysOf(teams)) {
    const body = mapOf(teams?.[key]);
    if (/^[1-9][0-9]*$/.test(key)) {
      const name = body?.name;
      out.set(Number(key), typeof name === 'string' ? name : undefined);
    } else if (typeof body?.id === 'number') out.set(body.id, key);
  }
  return out;
}

function exists(value: PlainValue | undefined, path: readonly (string | number)[]): boolean {
  let node = value;
  for (const segment of path) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isMap(node)) node = node[String(segment)];
    else return false;
    if (node === undefined) return false;
  }
  return true;
}

export function checkReports(ctx: CheckContext): void {
  const reports = mapOf(ctx.doc.reports);
  if (!reports) return;
  const configTeams = configTeamNames(ctx.doc);
  const checkReport = ctx.checks.report;
  // `--all` writes every report to its out:; two reports naming one file would overwrite each other.
  const outFiles = new Map<string, string>();
  for (const name of keysOf(reports)) {
    const report = reports[name];
    if (!isMap(report)) continue; // the schema reports it
    if (typeof report.out === 'string' && report.out !== '') {
      // Relative to the directory of the file that wrote it (where measurements writes it), and
      // confined to it (src/config/out-path.ts). A config read from git (`REF:path`) resolves
      // consistently too: its relative outs still meet each other.
      const directory = dirname(ctx.fileOf(['reports', name, 'out']));
      const file = resolve(directory, report.out.replace(/\\/g, '/'));
      const confined = outPathProblem(report.out, directory);
      const first = outFiles.get(file);
      // A refused out: is not written at all, so it clashes with nothing.
      if (confined !== undefined) ctx.error(['reports', name, 'out'], `report \`${name}\`: ${confined}`);
      else if (first === undefined) outFiles.set(file, name);
      else ctx.error(['reports', name, 'out'], `report \`${name}\`: out \`${report.out}\` is also the out: of report \`${first}\`; --all would write one over the other`);
    }
    // No metrics list at all (missing, or not a list): the schema says so already.
    const problems = checkReport(report as unknown as ReportDefinition, configTeams).filter((p) => p.path[0] !== 'metrics' || Array.isArray(report.metrics));
    placeProblems(ctx, ['reports', name], report, `report \`${name}\`: `, problems);
  }
}

/**
 * Reports the problems a given check found in one entry (a report, a goal) at their key paths
 * under `at`; a problem of the whole entry, or at a path it does not hold (a missing key), is
 * placed at the entry's own key.
 * What the schema also reports is left to it.
 */
export function placeProblems(ctx: CheckContext, at: string[], entry: PlainValue, prefix: string, problems: readonly KeyedProblem[]): void {
  for (const problem of problems) {
    if (problem.schema) continue;
    const message = `${prefix}${problem.message}`;
    if (problem.path.length > 0 && exists(entry, problem.path)) ctx.error([...at, ...problem.path], message);
    else ctx.error(at, message, { onKey: true });
  }
}
