// The selection of `emctl measurements --from STORE` (DESIGN.md §10): the request flags turned into
// what the store is asked for (no config, no API), and the `source` column that names the service.

import { GROUP_BYS, ROLL_UPS, type GroupBy, type RollUp } from '../../contract/metrics.js';
import { isDate } from '../../contract/calendar.js';
import { DATE_PATTERN, LAST_PATTERN } from '../../contract/measurement-window.js';
import { EmctlError } from '../../contract/errors.js';
import { definitionFromFlags, type MeasurementsOptions } from '../flags.js';
import { canonicalFilters } from './filters.js';
import type { StoredRequest } from './read.js';

/** Where the service is, as the global options say (--emulator, --base-url). */
interface ServiceOptions {
  emulator?: string;
  baseUrl?: string;
}

/**
 * The `source` column: the service's origin, so several organizations share one database; the
 * in-process emulator is named by its fixture (its port changes every run, its data does not).
 */
export function sourceOf(globals: ServiceOptions): string | undefined {
  if (globals.emulator !== undefined) return `emulator:${globals.emulator}`;
  if (globals.baseUrl === undefined || globals.baseUrl.trim() === '') return undefined;
  try {
    return new URL(globals.baseUrl.trim()).origin;
  } catch {
    return globals.baseUrl.trim();
  }
}

const DIGITS = /^[0-9]+$/;

function split(values: readonly string[] | undefined): string[] | undefined {
  return values?.flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
}

function ids(values: readonly string[] | undefined, flag: string): number[] {
  const list = split(values) ?? [];
  const bad = list.filter((v) => !DIGITS.test(v));
  if (bad.length > 0) throw new EmctlError('config', `${flag} with --from takes ids (the store keeps filters by id): ${bad.join(', ')}`);
  return list.map(Number);
}

/** The selection of `--from`, from the request flags (no config, no API). */
export function storedRequest(opts: MeasurementsOptions, globals: ServiceOptions): StoredRequest {
  if (opts.serverExport) throw new EmctlError('config', '--from reads stored rows; --server-export asks the service: give one of them');
  if (opts.api !== 'v2') throw new EmctlError('config', '--from reads stored rows; --api asks the service: give one of them');
  const request: StoredRequest = {};
  const source = sourceOf(globals);
  if (source !== undefined) request.source = source;
  const metrics = split(opts.metric);
  if (metrics) request.metrics = [...new Set(metrics)];
  if (opts.groupBy !== undefined) {
    if (!(GROUP_BYS as readonly string[]).includes(opts.groupBy)) throw new EmctlError('config', `--group-by: one of ${GROUP_BYS.join(', ')}; got ${opts.groupBy}`);
    request.groupBy = opts.groupBy as GroupBy;
  }
  if (opts.rollUp !== undefined) {
    if (!(ROLL_UPS as readonly string[]).includes(opts.rollUp)) throw new EmctlError('config', `--roll-up: one of ${ROLL_UPS.join(', ')}; got ${opts.rollUp}`);
    request.rollUp = opts.rollUp as RollUp;
  }
  if (opts.last !== undefined) {
    if (opts.after !== undefined || opts.before !== undefined) throw new EmctlError('config', '--last is a window of its own: give --last or --after/--before, not both');
    if (!LAST_PATTERN.test(opts.last)) throw new EmctlError('config', `--last takes N days, weeks or months (90d, 12w, 6mo); got ${opts.last}`);
    request.window = { last: opts.last };
  } else if (opts.after !== undefined || opts.before !== undefined) {
    for (const [flag, value] of [['--after', opts.after], ['--before', opts.before]] as const) {
      if (value !== undefined && (!DATE_PATTERN.test(value) || !isDate(value))) throw new EmctlError('config', `${flag} takes a date yyyy-mm-dd; got ${value}`);
    }
    request.window = { after: opts.after ?? '0000-01-01', before: opts.before ?? '9999-12-31' };
  }
  // The group-by dimension's values pick groups (ids or stored names); the other lists are the
  // request's filters, matched against the stored `filters` exactly.
  const groupBy = request.groupBy;
  const own = groupBy === 'team' ? opts.team : groupBy === 'repository' ? opts.repository : groupBy === 'contributor' ? opts.contributor : undefined;
  const groups = split(own);
  if (groups) request.groups = groups;
  const filterFlags = { team: opts.team, repository: opts.repository, contributor: opts.contributor, service: opts.service, label: opts.label };
  const givenFilter = Object.entries(filterFlags).some(([flag, v]) => v !== undefined && flag !== groupBy) || opts.withChildren === true;
  if (!groupBy && (opts.team || opts.repository || opts.contributor)) {
    throw new EmctlError('config', '--from with --team, --repository or --contributor needs --group-by (which dimension they pick groups of)');
  }
  if (givenFilter) {
    request.filters = canonicalFilters(groupBy ?? 'organization', {
      teamIds: groupBy === 'team' ? [] : ids(opts.team, '--team'),
      repositoryIds: groupBy === 'repository' ? [] : ids(opts.repository, '--repository'),
      contributorIds: groupBy === 'contributor' ? [] : ids(opts.contributor, '--contributor'),
      serviceIds: ids(opts.service, '--service'),
      labels: opts.label ?? [],
      withChildren: opts.withChildren === true,
    });
  }
  if (opts.orderBy !== undefined) request.orderBy = opts.orderBy;
  if (opts.desc) request.orderDir = 'desc';
  if (opts.limit !== undefined) {
    const { definition, problems } = definitionFromFlags({ limit: opts.limit });
    if (problems.length > 0 || definition.limit === undefined || definition.limit < 1) throw new EmctlError('config', `--limit must be an integer >= 1; got ${opts.limit}`);
    request.limit = definition.limit;
  }
  return request;
}
