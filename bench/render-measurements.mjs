// @ts-check
// What the measurements renderers cost: the start-up price of importing them (the chart and html
// libraries must not be in it), and the time of each format for a 12-week weekly report of 500
// teams and 4 metrics (6,000 rows: the size of the issue's bench:measurements report).
// Run with `npm run bench:render` (builds first). Prints figures; asserts nothing.

import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { DIST, SURFACE, surface } from './surface.mjs';

const { renderMeasurements } = await surface.measureRender();

const TEAMS = 500;
const WEEKS = Number(process.env.BENCH_WEEKS ?? 12);
const RUNS = 7;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Milliseconds a fresh node spends importing the module `loader` of the surface loads, measured
 * inside it (the surface itself loads nothing); median of RUNS.
 * @param {keyof import('./surface.mjs').Surface} loader
 */
function importMillis(loader) {
  const code = `const surface = await import(${JSON.stringify(`${DIST}${SURFACE}`)}); const t = performance.now(); await surface.${loader}(); console.log(performance.now() - t);`;
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: new URL('..', import.meta.url), encoding: 'utf8' });
    times.push(Number(out.trim()));
  }
  return median(times);
}

const metric = (name, agg, unit) => ({ name, agg, key: agg ? `${name}:${agg}` : name, unit });
/** @returns {import('./surface.mjs').MeasurementResult} */
function report() {
  const elements = [];
  for (let w = 0; w < WEEKS; w++) {
    const day = (d) => new Date(Date.UTC(2026, 8, 7 + d)).toISOString().slice(0, 10);
    const rows = [];
    for (let t = 0; t < TEAMS; t++) {
      rows.push({
        group: 1000 + t,
        name: `Team ${t}`,
        values: {
          'branch.computed.cycle_time:p75': 600 + ((t * 37 + w * 101) % 3000),
          'branch.time_to_review:p50': (t * 13 + w * 7) % 900,
          'pr.merged': (t + w) % 17,
          'pr.review_depth': ((t + w) % 30) / 10,
        },
      });
    }
    elements.push({ after: day(7 * w), before: day(7 * w + 7), rows });
  }
  return {
    report: 'bench',
    metrics: [
      metric('branch.computed.cycle_time', 'p75', 'minutes'),
      metric('branch.time_to_review', 'p50', 'minutes'),
      metric('pr.merged', undefined, 'count'),
      metric('pr.review_depth', undefined, 'ratio'),
    ],
    groupBy: 'team',
    groupKey: 'team_id',
    nameColumn: 'team_name',
    rollUp: '1w',
    after: elements[0].after,
    before: elements.at(-1).before,
    elements,
    noData: false,
  };
}

const renderers = importMillis('measureRender');
const table = importMillis('measureTable');
const chart = importMillis('measureChart');
const html = importMillis('measureHtml');
console.log(
  `import in a fresh node (median of ${RUNS}): the measurements renderers ${renderers.toFixed(1)} ms; ` +
    `loaded only by their format: table (string-width) ${table.toFixed(1)} ms, chart ${chart.toFixed(1)} ms, html (d3-scale, d3-shape) ${html.toFixed(1)} ms`,
);

const result = report();
console.log(`report: ${TEAMS} teams x ${WEEKS} weeks x ${result.metrics.length} metrics = ${TEAMS * WEEKS} rows`);
for (const format of /** @type {const} */ (['table', 'csv', 'json', 'markdown', 'chart', 'html'])) {
  // The first call of chart and html includes loading their modules; the second does not.
  const times = [];
  let bytes = 0;
  for (let i = 0; i < 2; i++) {
    const start = performance.now();
    bytes = Buffer.byteLength(await renderMeasurements(result, format, { color: false, width: 100 }));
    times.push(performance.now() - start);
  }
  console.log(`${format.padEnd(8)} first ${times[0].toFixed(0).padStart(5)} ms, again ${times[1].toFixed(0).padStart(5)} ms, ${(bytes / 1024).toFixed(0).padStart(5)} KiB`);
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
