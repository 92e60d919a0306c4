// Which stored series `--from` shows (DESIGN.md §10): the selection flags narrow what the store
// holds; a flag not given takes the one value the store holds, and several are an error listing
// them, as is a metric, a group or a window the store does not hold. Pure, so it is tested alone.

import type { GroupBy, RollUp } from '../../contract/metrics.js';
import { EmctlError } from '../../contract/errors.js';
import { lastWindow } from '../../contract/measurement-window.js';

/** One line of what the store holds (sql.ts holdingsSql). */
export interface Holding {
  source: string;
  group_by: string;
  roll_up: string;
  filters: string;
  metric: string;
  n: number;
  first: string;
  last: string;
}

export interface StoreSelection {
  /** The service (`--base-url`'s origin, or `emulator:FIXTURE`). */
  source?: string;
  /** Metric keys (`pr.merged`, `branch.computed.cycle_time:p75`). */
  metrics?: string[];
  groupBy?: GroupBy;
  rollUp?: RollUp;
  /** Canonical filters JSON, when filter flags were given. */
  filters?: string;
  /**
   * Buckets inside [after, before); `last` is resolved by the calendar of the chosen series'
   * roll-up (`--last 12w` of weekly rows: this ISO week and the 11 before it).
   */
  window?: { after: string; before: string } | { last: string };
}

export interface Series {
  source: string;
  groupBy: GroupBy;
  rollUp: RollUp;
  filters: string;
  metrics: string[];
  after: string;
  before: string;
}

const SHOWN = 30;

/** What the store holds, one line per series, for error details. */
export function describeHoldings(holdings: readonly Holding[]): string[] {
  const bySeries = new Map<string, Holding[]>();
  for (const h of holdings) {
    const key = seriesKey(h);
    const list = bySeries.get(key);
    if (list) list.push(h);
    else bySeries.set(key, [h]);
  }
  const lines = [...bySeries.values()].map((list) => {
    const h = list[0] as Holding;
    const first = list.reduce((m, x) => (x.first < m ? x.first : m), h.first);
    const last = list.reduce((m, x) => (x.last > m ? x.last : m), h.last);
    const filters = h.filters === '{}' ? '' : `, filters ${h.filters}`;
    return `${h.source}: by ${h.group_by}, roll-up ${h.roll_up}${filters}, ${first} to ${last} (before): ${list.map((x) => x.metric).join(', ')}`;
  });
  return lines.length > SHOWN ? [...lines.slice(0, SHOWN), `... and ${lines.length - SHOWN} more`] : lines;
}

function narrow(holdings: Holding[], all: readonly Holding[], field: 'source' | 'group_by' | 'roll_up' | 'filters', wanted: string | undefined, flag: string): Holding[] {
  const values = [...new Set(holdings.map((h) => h[field]))];
  if (wanted === undefined) {
    if (values.length <= 1) return holdings;
    throw new EmctlError('config', `the store holds measurements of ${values.length} ${FIELD_WORDS[field]}: choose one with ${flag}`, describeHoldings(all));
  }
  const kept = holdings.filter((h) => h[field] === wanted);
  if (kept.length === 0) {
    throw new EmctlError('config', `the store holds no measurements ${FIELD_WORDS_ONE[field]} ${wanted}${values.length > 0 ? ` (it holds ${values.join(', ')})` : ''}`, describeHoldings(all));
  }
  return kept;
}

const FIELDS = ['source', 'group_by', 'roll_up', 'filters'] as const;
const FLAGS = {
  source: '--base-url (or --emulator FIXTURE)',
  group_by: '--group-by',
  roll_up: '--roll-up',
  filters: 'the filter flags (--repository, --service, --label, ...)',
} as const;
const FIELD_WORDS = { source: 'services', group_by: 'groupings', roll_up: 'roll-ups', filters: 'filter sets' } as const;
const FIELD_WORDS_ONE = { source: 'of the service', group_by: 'grouped by', roll_up: 'with roll-up', filters: 'with filters' } as const;

const seriesKey = (h: Holding) => JSON.stringify([h.source, h.group_by, h.roll_up, h.filters]);

/**
 * The holdings of the series that hold every metric asked, when some do: a flag not given then
 * takes the one value among those (`--metric pr.new` held only weekly needs no --roll-up), not
 * among every series of the store. When none holds them all, every holding, for the errors.
 */
function holdingAll(holdings: readonly Holding[], metrics: readonly string[] | undefined): Holding[] {
  if (metrics === undefined || metrics.length === 0) return [...holdings];
  const heldBy = new Map<string, Set<string>>();
  for (const h of holdings) {
    const key = seriesKey(h);
    const held = heldBy.get(key);
    if (held === undefined) heldBy.set(key, new Set([h.metric]));
    else held.add(h.metric);
  }
  const whole = holdings.filter((h) => metrics.every((m) => heldBy.get(seriesKey(h))?.has(m) === true));
  return whole.length > 0 ? whole : [...holdings];
}

/**
 * The series a selection names among what the store holds. `windowOutsideOk`: a window outside the
 * stored range is the caller's to refuse (the goals name the bucket they judge and the newest stored).
 */
export function chooseSeries(holdings: readonly Holding[], selection: StoreSelection, now: Date, options: { windowOutsideOk?: boolean } = {}): Series {
  if (holdings.length === 0) throw new EmctlError('config', 'the store holds no measurements yet (write some with --out)');
  // The flags given narrow first (an error then names what the flag asked against the whole
  // store); no filter flags means the rows stored without filters when several filter sets are
  // held; then the series holding every metric asked; then a flag not given takes the one value left.
  const given = { source: selection.source, group_by: selection.groupBy, roll_up: selection.rollUp, filters: selection.filters } as const;
  let kept = [...holdings];
  for (const field of FIELDS) if (given[field] !== undefined) kept = narrow(kept, holdings, field, given[field], FLAGS[field]);
  if (given.filters === undefined && new Set(kept.map((h) => h.filters)).size > 1) kept = narrow(kept, holdings, 'filters', '{}', FLAGS.filters);
  kept = holdingAll(kept, selection.metrics);
  for (const field of FIELDS) if (given[field] === undefined) kept = narrow(kept, holdings, field, undefined, FLAGS[field]);
  const held = new Map(kept.map((h) => [h.metric, h]));
  const metrics = selection.metrics ?? [...held.keys()];
  const missing = metrics.filter((m) => !held.has(m));
  if (missing.length > 0) {
    throw new EmctlError('config', `the store holds no ${missing.join(', ')} for this selection; it holds: ${[...held.keys()].join(', ')}`, describeHoldings(holdings));
  }
  const chosen = metrics.map((m) => held.get(m) as Holding);
  const first = chosen.reduce((m, h) => (h.first < m ? h.first : m), (chosen[0] as Holding).first);
  const last = chosen.reduce((m, h) => (h.last > m ? h.last : m), (chosen[0] as Holding).last);
  const one = kept[0] as Holding;
  const rollUp = one.roll_up as RollUp;
  const asked = selection.window;
  const window = asked === undefined ? { after: first, before: last } : 'last' in asked ? lastWindow(asked.last, rollUp, now) : asked;
  if ((window.before <= first || window.after >= last) && options.windowOutsideOk !== true) {
    throw new EmctlError('config', `the store holds no buckets in [${window.after}, ${window.before}) for this selection; it holds ${first} to ${last} (before)`, describeHoldings(holdings));
  }
  return { source: one.source, groupBy: one.group_by as GroupBy, rollUp, filters: one.filters, metrics, after: window.after, before: window.before };
}
