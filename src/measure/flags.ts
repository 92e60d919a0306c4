// `emctl measurements` flags as a report definition, so that flags and `reports:` go through the
// same checks (src/measure/spec.ts). Lists are repeatable and comma-separated (labels only repeatable: a label
// may hold a comma); a value of digits is an id, anything else a name.

import type { ReportDefinition } from '../core/model.js';
import type { SpecProblem } from './spec.js';

export interface RequestFlags {
  metric?: string[];
  after?: string;
  before?: string;
  last?: string;
  rollUp?: string;
  groupBy?: string;
  team?: string[];
  repository?: string[];
  contributor?: string[];
  service?: string[];
  label?: string[];
  orderBy?: string;
  desc?: boolean;
  limit?: string;
  format?: string;
  out?: string;
  title?: string;
  withChildren?: boolean;
}

/** The options of `emctl measurements`: the request flags, and how and where the request runs. */
export interface MeasurementsOptions extends RequestFlags {
  config?: string;
  all?: boolean;
  serverExport?: boolean;
  api: string;
  from?: string;
}

/** The flag that sets each report key, for messages about flags. */
export const FLAG_OF_KEY: Record<keyof ReportDefinition, string> = {
  metrics: '--metric',
  group_by: '--group-by',
  roll_up: '--roll-up',
  after: '--after',
  before: '--before',
  last: '--last',
  teams: '--team',
  repositories: '--repository',
  contributors: '--contributor',
  services: '--service',
  labels: '--label',
  order_by: '--order-by',
  order_dir: '--desc',
  limit: '--limit',
  format: '--format',
  out: '--out',
  title: '--title',
  with_children: '--with-children',
};

/** Flags that shape the request (as opposed to --format, --out and --title, which shape the output). */
export const REQUEST_FLAGS: readonly (keyof RequestFlags)[] = [
  'metric', 'after', 'before', 'last', 'rollUp', 'groupBy', 'team', 'repository', 'contributor', 'service', 'label', 'orderBy', 'desc', 'limit', 'withChildren',
];

function split(values: readonly string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  return values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
}

const DIGITS = /^[0-9]+$/;

/** Digits only: a list value so written is an id (anything else a name), a limit must be so written. */
export function isDigits(text: string): boolean {
  return DIGITS.test(text);
}

export function definitionFromFlags(flags: RequestFlags): { definition: ReportDefinition; problems: SpecProblem[] } {
  const problems: SpecProblem[] = [];
  const def: ReportDefinition = {};
  const metrics = split(flags.metric);
  if (metrics) def.metrics = metrics;
  if (flags.after !== undefined) def.after = flags.after;
  if (flags.before !== undefined) def.before = flags.before;
  if (flags.last !== undefined) def.last = flags.last;
  if (flags.rollUp !== undefined) def.roll_up = flags.rollUp;
  if (flags.groupBy !== undefined) def.group_by = flags.groupBy;
  const teams = split(flags.team);
  if (teams) def.teams = teams.length === 1 && (teams[0] === 'managed' || teams[0] === 'all') ? teams[0] : teams.map((t) => (isDigits(t) ? Number(t) : t));
  const repositories = split(flags.repository);
  if (repositories) def.repositories = repositories.map((r) => (isDigits(r) ? Number(r) : r));
  const contributors = split(flags.contributor);
  if (contributors) def.contributors = contributors;
  const services = split(flags.service);
  if (services) def.services = services;
  if (flags.label !== undefined) def.labels = [...flags.label];
  if (flags.orderBy !== undefined) def.order_by = flags.orderBy;
  if (flags.desc) def.order_dir = 'desc';
  if (flags.limit !== undefined) {
    if (isDigits(flags.limit)) def.limit = Number(flags.limit);
    else problems.push({ path: ['limit'], message: `limit must be an integer >= 1; got \`${flags.limit}\`` });
  }
  if (flags.format !== undefined) def.format = flags.format;
  if (flags.out !== undefined) def.out = flags.out;
  if (flags.title !== undefined) def.title = flags.title;
  if (flags.withChildren) def.with_children = true;
  return { definition: def, problems };
}

/** `--metric: unknown v2 metric ...`: a problem of a flag-made request, for the error's details. */
export function flagProblem(problem: SpecProblem): string {
  const key = problem.path[0];
  const flag = typeof key === 'string' ? FLAG_OF_KEY[key as keyof ReportDefinition] : undefined;
  return flag === undefined ? problem.message : `${flag}: ${problem.message}`;
}
