// The selection of `emctl measurements --from STORE` (DESIGN.md §10): the request flags turned into
// what the store is asked for (no config, no API), and the `source` column that names the service.

import { GROUP_BYS, ROLL_UPS, type GroupBy, type RollUp } from '../../contract/metrics.js';
import { isDate } from '../../contract/calendar.js';
import { DATE_PATTERN, LAST_PATTERN } from '../../contract/measurement-window.js';
import { EmctlError } from '../../contract/errors.js';
import { definitionFromFlags, isDigits, type MeasurementsOptions } from '../flags.js';
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

/** A list flag's values as ids: the store keeps filters by id, so a name is an error here. */
function ids(values: string | readonly (number | string)[] | undefined, flag: string): number[] {
  const list = typeof values === 'string' ? [values] : (values ?? []);
  const bad = list.filter((v) => typeof v === 'string' && !isDigits(v));
  if (bad.length > 0) throw new EmctlError('config', `${flag} with --from takes ids (the store keeps filters by id): ${bad.join(', ')}`);
  return list.map(Number);
}

/** A list flag's values as the store's group keys: an id, or a stored name. */
function groupsOf(values: string | readonly (number | string)[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  return typeof values === 'string' ? [values] : values.map(String);
}

/**
 * The selection of `--from`, from the request flags (no config, no API), read by the parser of a
 * live run's flags (flags.ts) so that both read a flag alike; the checks are the store's own.
 */
export function storedRequest(opts: MeasurementsOptions, globals: ServiceOptions): StoredRequest {
  if (opts.serverExport) throw new EmctlError('config', '--from reads stored rows; --server-export asks the service: give one of them');
  if (opts.api !== 'v2') throw new EmctlError('config', '--from reads stored rows; --api asks the service: give one of them');
  const { definition: def, problems } = definitionFromFlags(opts);
  const request: StoredRequest = {};
  const source = sourceOf(globals);
  if (source !== undefined) request.source = source;
  if (def.metrics) request.metrics = [...new Set(def.metrics)];
  if (def.group_by !== undefined) {
    if (!(GROUP_BYS as readonly string[]).includes(def.group_by)) throw new EmctlError('config', `--group-by: one of ${GROUP_BYS.join(', ')}; got ${def.group_by}`);
    request.groupBy = def.group_by as GroupBy;
  }
  if (def.roll_up !== undefined) {
    if (!(ROLL_UPS as readonly string[]).includes(def.roll_up)) throw new EmctlError('config', `--roll-up: one of ${ROLL_UPS.join(', ')}; got ${def.roll_up}`);
    request.rollUp = def.roll_up as RollUp;
  }
  if (def.last !== undefined) {
    if (def.after !== undefined || def.before !== undefined) throw new EmctlError('config', '--last is a window of its own: give --last or --after/--before, not both');
    if (!LAST_PATTERN.test(def.last)) throw new EmctlError('config', `--last takes N days, weeks or months (90d, 12w, 6mo); got ${def.last}`);
    request.window = { last: def.last };
  } else if (def.after !== undefined || def.before !== undefined) {
    for (const [flag, value] of [['--after', def.after], ['--before', def.before]] as const) {
      if (value !== undefined && (!DATE_PATTERN.test(value) || !isDate(value))) throw new EmctlError('config', `${flag} takes a date yyyy-mm-dd; got ${value}`);
    }
    request.window = { after: def.after ?? '0000-01-01', before: def.before ?? '9999-12-31' };
  }
  // The group-by dimension's values pick groups (ids or stored names); the other lists are the
  // request's filters, matched against the stored `filters` exactly.
  const groupBy = request.groupBy;
  const own = groupBy === 'team' ? def.teams : groupBy === 'repository' ? def.repositories : groupBy === 'contributor' ? def.contributors : undefined;
  const groups = groupsOf(own);
  if (groups) request.groups = groups;
  const filterLists = { team: def.teams, repository: def.repositories, contributor: def.contributors, service: def.services, label: def.labels };
  const givenFilter = Object.entries(filterLists).some(([flag, v]) => v !== undefined && flag !== groupBy) || def.with_children === true;
  if (!groupBy && (def.teams || def.repositories || def.contributors)) {
    throw new EmctlError('config', '--from with --team, --repository or --contributor needs --group-by (which dimension they pick groups of)');
  }
  if (givenFilter) {
    request.filters = canonicalFilters(groupBy ?? 'organization', {
      teamIds: groupBy === 'team' ? [] : ids(def.teams, '--team'),
      repositoryIds: groupBy === 'repository' ? [] : ids(def.repositories, '--repository'),
      contributorIds: groupBy === 'contributor' ? [] : ids(def.contributors, '--contributor'),
      serviceIds: ids(def.services, '--service'),
      labels: def.labels ?? [],
      withChildren: def.with_children === true,
    });
  }
  if (def.order_by !== undefined) request.orderBy = def.order_by;
  if (def.order_dir === 'desc') request.orderDir = 'desc';
  if (opts.limit !== undefined) {
    if (problems.length > 0 || def.limit === undefined || def.limit < 1) throw new EmctlError('config', `--limit must be an integer >= 1; got ${opts.limit}`);
    request.limit = def.limit;
  }
  return request;
}
