// The requests one `emctl measurements` runs (DESIGN 6.1): the one its flags describe, or the
// reports of the config it names (or --all), each checked with the rules `validate` applies
// (spec.ts), every problem of every request reported at once; then the team names only the
// service knows resolved by its team list (team-selection.ts).

import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { EmctlError } from '../contract/errors.js';
import type { DesiredConfig, ReportDefinition } from '../core/model.js';
import { identifiedTeams } from '../core/kinds/team-directory.js';
import { definitionFromFlags, flagProblem, REQUEST_FLAGS, type MeasurementsOptions } from './flags.js';
import { checkSpec, type MeasureSpec, type SpecProblem } from './spec.js';
import { resolveRequestTeams } from './team-selection.js';
import type { ListedTeam } from '../contract/list-types.js';

/** One request to run: a report of the config, or the one the flags describe. */
export interface Job {
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

function requestFlagsGiven(opts: MeasurementsOptions): string[] {
  return REQUEST_FLAGS.filter((k) => opts[k] !== undefined).map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
}

export function teamNamesOf(config: DesiredConfig | undefined): Map<number, string | undefined> | undefined {
  if (!config) return undefined;
  return new Map(identifiedTeams(config).map((t) => [t.id, t.name]));
}

function invalid(what: string, problems: readonly string[]): EmctlError {
  const noun = problems.length === 1 ? 'problem' : 'problems';
  return new EmctlError('config', `${what}: ${problems.length} ${noun}`, problems);
}

/** The jobs of this invocation (relative paths against `cwd`), every problem of every request reported at once. */
export function planJobs(reports: readonly string[], opts: MeasurementsOptions, config: DesiredConfig | undefined, configPath: string | undefined, cwd: string): Job[] {
  const api = opts.api === 'v1' ? 'v1' : 'v2';
  const ctx = { configTeams: teamNamesOf(config), api, serverExport: Boolean(opts.serverExport) } as const;

  if (reports.length === 0 && !opts.all) {
    const { definition, problems } = definitionFromFlags(opts);
    const checked = checkSpec(definition, ctx);
    const all: SpecProblem[] = [...problems, ...checked.problems];
    if (all.length > 0 || !checked.spec) throw invalid('invalid request', all.map(flagProblem));
    return [{ report: undefined, spec: checked.spec, base: cwd, confined: false }];
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

  const base = configDirectory(configPath ?? cwd);
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
    if (opts.title !== undefined) definition.title = opts.title;
    if (opts.format !== undefined) {
      definition.format = opts.format;
      // --format alone previews the report on stdout; its out: file is left as it is.
      if (opts.out === undefined) delete definition.out;
    }
    const checked = checkSpec(definition, ctx);
    for (const p of checked.problems) problems.push(`report \`${name}\`: ${flagProblem(p)}`);
    if (checked.spec) jobs.push({ report: name, spec: checked.spec, base: opts.out !== undefined ? cwd : base, confined: opts.out === undefined });
  }
  if (problems.length > 0) throw invalid('invalid report', problems);
  return jobs;
}

/**
 * The jobs with the team names only the service knows, and `all`, resolved by its team list (read
 * once, only when a job needs it): every problem of every job at once, before any measurement call.
 */
export async function resolveJobTeams(jobs: readonly Job[], teams: () => Promise<readonly ListedTeam[] | undefined>, config: DesiredConfig | undefined): Promise<Job[]> {
  const configNames = (config?.teams ?? []).flatMap((t) => (t.name === undefined ? [] : [t.name]));
  const configIds = new Set((config?.teams ?? []).map((t) => t.id));
  const requests = jobs.map((job) => ({
    label: job.report === undefined ? '' : `report \`${job.report}\`: `,
    selection: { ids: job.spec.teamIds, names: job.spec.teamNames ?? [], all: job.spec.allTeams ?? false, unknownIds: job.spec.teamIds.filter((id) => !configIds.has(id)) },
    filter: job.spec.groupBy !== 'team',
  }));
  const ids = await resolveRequestTeams(requests, teams, configNames);
  return jobs.map((job, i) => ({ ...job, spec: { ...job.spec, teamIds: ids[i] ?? job.spec.teamIds, teamNames: [], allTeams: false } }));
}
