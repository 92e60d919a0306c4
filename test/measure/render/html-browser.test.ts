// The html report opened in a real browser (Debian's chromium driven by playwright-core), as a
// manager would open it (DESIGN.md §11, round 2): reports of 3, 7 and 30 groups and one of a
// single bucket, at 1280 and 800 px and in print. Each loads with no console error and no
// request; every group is visible in every chart and table; no two lines of a chart share a
// colour; the bucket in progress is labelled; the page never scrolls sideways. Each table is
// scrolled to both ends inside its box: its group column and the summary beside it stay in the
// viewport, and both its first and last bucket can be brought into view. In the heatmaps one
// 25-day week is an outlier: the other cells still show at least four colours. In print no cell
// runs past the page. The 3- and 30-group pages are saved as screenshots for a person to look at
// ($EMCTL_SCREENSHOTS, else a folder in the temp dir; the path is printed). Where no browser
// binary exists the test is skipped and says why; .ci/run installs chromium where it can.

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeasurementResult } from '../../../src/measure/result-model.js';
import { renderMeasurements } from '../../../src/measure/render/index.js';
import { cycleP75, depth, merged, row, weeklyByTeam } from './fixtures.js';

const BROWSER_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** EMCTL_BROWSER, else the first chromium-like binary on PATH. */
function findBrowser(): string | undefined {
  const fromEnv = process.env.EMCTL_BROWSER;
  if (fromEnv !== undefined && fromEnv !== '') return existsSync(fromEnv) ? fromEnv : undefined;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of BROWSER_NAMES) {
      const candidate = join(dir, name);
      if (dir !== '' && existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

const executablePath = findBrowser();
if (executablePath === undefined) {
  console.warn(
    `html-browser.test.ts skipped: no browser binary (looked for ${BROWSER_NAMES.join(', ')} on PATH and $EMCTL_BROWSER); ` +
      'install one with `apt-get install chromium` (.ci/run does this where it runs as root with apt-get)',
  );
}

const TEAM_NAMES = ['Payments', 'Platform', 'Checkout', 'Search', 'Mobile apps', 'Data engineering', 'Growth', 'Infrastructure', 'Identity', 'Billing'];

/**
 * `count` teams over `weeks` weekly buckets from 2026-09-07 (the last in progress on TODAY), three
 * metrics of three units; team 1 has no cycle time in week 3, the last team none at all, team 43 a
 * name with markup in it; with `outlier`, team 0's cycle time in week 4 is 25 days.
 */
function report(count: number, weeks: number, outlier = false): MeasurementResult {
  const day = (d: number) => new Date(Date.UTC(2026, 8, 7 + d)).toISOString().slice(0, 10);
  const elements = Array.from({ length: weeks }, (_, w) => ({
    after: day(7 * w),
    before: day(7 * w + 7),
    rows: Array.from({ length: count }, (_, t) => {
      const name = t === 1 ? '<b>Ops</b> & "Infra"' : `${TEAM_NAMES[t % TEAM_NAMES.length]}${t >= TEAM_NAMES.length ? ` ${Math.floor(t / TEAM_NAMES.length) + 1}` : ''}`;
      let cycle: number | null = (t === 1 && w === 2) || t === count - 1 ? null : 300 + ((t * 137 + w * 251) % 2400);
      if (outlier && t === 0 && w === 4) cycle = 25 * 1440;
      return row(42 + t, name, { 'branch.computed.cycle_time:p75': cycle, 'pr.merged': (t * 5 + w * 3) % 17, 'pr.review_depth': ((t * 7 + w) % 25) / 10 });
    }),
  }));
  return weeklyByTeam({
    metrics: [cycleP75, merged, depth],
    rollUp: weeks === 1 ? 'custom' : '1w',
    after: day(0),
    before: day(7 * weeks),
    elements,
  });
}

/** The day the reports are made: inside the last bucket of every report above. */
function todayOf(result: MeasurementResult): string {
  return result.elements[result.elements.length - 1]?.after ?? '';
}

interface ChartSeen {
  heading: string;
  kind: string;
  /** The groups shown in the chart or its table (legend entries, bar rows, table rows) whose box is on the page, by label. */
  visibleGroups: string[];
  /** The stroke colour each line of the chart is drawn in, by group. */
  strokes: Record<string, string>;
  inProgressLabels: number;
}

interface TableSeen {
  heading: string;
  /** What was out of place, per scroll position: a group or summary cell outside the viewport or the box. */
  problems: string[];
  /** Whether the first and the last bucket column were each wholly in view at some scroll position. */
  firstSeen: boolean;
  lastSeen: boolean;
  /** Heatmaps: the distinct fills of the cells that are neither beyond the scale, partial nor empty. */
  fills: number;
  beyond: number;
}

/**
 * What the page shows, measured inside it (plain JavaScript: the type check has no DOM library).
 * A group counts as visible when its legend entry, bar row or table row label has a box inside the
 * window's width and some text.
 */
const LOOK = `(() => {
  const width = document.documentElement.clientWidth;
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && box.left >= -0.5 && box.right <= width + 0.5 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const charts = [...document.querySelectorAll('section.chart')].map((section) => {
    const labels = [...section.querySelectorAll('.legend li[data-group], svg g.row[data-group] text.row-label, .table-wrap:not(.screen-only) tbody th.group .name, .screen-only tbody th.group .name')];
    const visibleGroups = [...new Set(labels.filter((el) => visible(el) && el.textContent.trim() !== '').map((el) => el.getAttribute('data-group') || el.closest('[data-group]')?.getAttribute('data-group') || el.getAttribute('title')))];
    const strokes = {};
    for (const g of section.querySelectorAll('svg g.series[data-group]')) {
      const line = g.querySelector('path.series-line, circle');
      if (line) strokes[g.getAttribute('data-group')] = getComputedStyle(line).stroke;
    }
    const inProgressLabels = [...section.querySelectorAll('svg text.in-progress, .table-wrap thead .in-progress')].filter((el) => el.textContent.includes('in progress')).length;
    return { heading: section.querySelector('h2 .title').textContent, kind: section.className, visibleGroups, strokes, inProgressLabels };
  });
  return { charts, overflow: document.documentElement.scrollWidth - width };
})()`;

/** Scrolls each table's box to its start, its middle and its end, checking the sticky columns at each. */
const SCROLL_TABLES = `(() => {
  const width = document.documentElement.clientWidth;
  return [...document.querySelectorAll('section.chart')].map((section) => {
    const wrap = section.querySelector('.table-wrap');
    const heading = section.querySelector('h2 .title').textContent;
    const problems = [];
    let firstSeen = false;
    let lastSeen = false;
    const span = wrap.scrollWidth - wrap.clientWidth;
    // No bucket column is ever partly under the sticky group and summary columns: as the box
    // opens (on its newest buckets), and wherever scrolling stops.
    const partlyHidden = (where) => {
      const sticky = Math.max(...[...wrap.querySelectorAll('thead th.group, thead th.summary')].map((th) => th.getBoundingClientRect().right));
      for (const th of wrap.querySelectorAll('thead th.bucket')) {
        const r = th.getBoundingClientRect();
        if (r.left < sticky - 1.5 && r.right > sticky + 1.5) problems.push(th.textContent + ' half under the sticky columns (' + where + ': ' + Math.round(r.left) + '..' + Math.round(r.right) + ', sticky to ' + Math.round(sticky) + ')');
      }
    };
    partlyHidden('as opened');
    // An rtl box scrolls from 0 (its right end) to -span; the positions are taken both ways.
    for (const position of [-span, -span / 2, 0, span / 2, span]) {
      wrap.scrollLeft = position;
      partlyHidden('scrolled to ' + Math.round(position));
      const box = wrap.getBoundingClientRect();
      for (const tr of wrap.querySelectorAll('tbody tr')) {
        const group = tr.querySelector('th.group').getBoundingClientRect();
        const summary = tr.querySelector('td.summary');
        const name = tr.querySelector('th.group .name').getAttribute('title');
        const inside = (r) => r.left >= Math.max(0, box.left) - 0.5 && r.right <= Math.min(width, box.right) + 0.5;
        if (!inside(group)) problems.push(name + ': group cell at ' + Math.round(group.left) + '..' + Math.round(group.right) + ' (scroll ' + Math.round(wrap.scrollLeft) + ')');
        if (summary) {
          const s = summary.getBoundingClientRect();
          if (!inside(s)) problems.push(name + ': summary at ' + Math.round(s.left) + '..' + Math.round(s.right) + ' (scroll ' + Math.round(wrap.scrollLeft) + ')');
          if (s.left < group.right - 0.5) problems.push(name + ': summary under the group cell');
        }
      }
      const heads = [...wrap.querySelectorAll('thead th.bucket')];
      const stickyRight = Math.max(...[...wrap.querySelectorAll('thead th.group, thead th.summary')].map((th) => th.getBoundingClientRect().right));
      // Scroll positions are whole pixels and column edges are not: a pixel under the summary is still in view.
      const wholly = (th) => { const r = th.getBoundingClientRect(); return r.left >= stickyRight - 1.5 && r.right <= Math.min(width, box.right) + 1.5; };
      if (heads.length > 0 && wholly(heads[0])) firstSeen = true;
      if (heads.length > 0 && wholly(heads[heads.length - 1])) lastSeen = true;
    }
    const cells = [...wrap.querySelectorAll('tbody td.num:not(.summary)')];
    const plain = cells.filter((td) => !td.classList.contains('beyond') && !td.classList.contains('partial') && !td.classList.contains('empty'));
    const fills = wrap.querySelector('table.heatmap') ? new Set(plain.map((td) => getComputedStyle(td).backgroundColor)).size : 0;
    const beyond = cells.filter((td) => td.classList.contains('beyond')).length;
    return { heading, problems, firstSeen, lastSeen, fills, beyond };
  });
})()`;

/** In print: the cells of every table that shows, and how many run past the page's width. */
const PRINTED = `(() => {
  const width = document.documentElement.clientWidth;
  const cells = [...document.querySelectorAll('td, th')].filter((c) => c.getClientRects().length > 0);
  return { cells: cells.length, past: cells.filter((c) => c.getBoundingClientRect().right > width + 0.5).length, overflow: document.documentElement.scrollWidth - width };
})()`;

async function look(page: Page): Promise<{ charts: ChartSeen[]; overflow: number }> {
  return (await page.evaluate(LOOK)) as { charts: ChartSeen[]; overflow: number };
}

const shotsDir = process.env.EMCTL_SCREENSHOTS ?? join(tmpdir(), 'emctl-html-screenshots');
/** A4 landscape less 12 mm margins (the page's @page rule), in CSS pixels. */
const PRINT_WIDTH = 1032;

describe.skipIf(executablePath === undefined)('html report in a real browser', () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath, timeout: 240_000 }); // a hang guard: a loaded machine starts a browser slowly
    dir = mkdtempSync(join(tmpdir(), 'emctl-html-'));
    mkdirSync(shotsDir, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  /** Writes the page, opens it at `width` CSS pixels; returns what was seen and what went wrong. */
  async function open(name: string, result: MeasurementResult, width: number, screenshot: boolean) {
    const file = join(dir, `${name}.html`);
    writeFileSync(file, await renderMeasurements(result, 'html', { color: false, today: todayOf(result), generatedAt: '2026-10-01T06:00:00Z' }));
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('request', (request) => {
      if (request.url() !== pathToFileURL(file).href) requests.push(request.url());
    });
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    const seen = await look(page);
    const names = await page.$$eval('.table-wrap tbody th.group .name', (cells) => cells.map((cell) => cell.textContent));
    if (screenshot) {
      const path = join(shotsDir, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      console.log(`screenshot: ${path}`);
    }
    const tables = (await page.evaluate(SCROLL_TABLES)) as TableSeen[];
    await page.setViewportSize({ width: PRINT_WIDTH, height: 900 });
    await page.emulateMedia({ media: 'print' });
    const printed = (await page.evaluate(PRINTED)) as { cells: number; past: number; overflow: number };
    await page.close();
    return { ...seen, problems, requests, names, tables, printed };
  }

  const cases = [
    { name: 'report-3-groups', groups: 3, weeks: 8, kind: 'lines', outlier: false, screenshot: true },
    { name: 'report-7-groups', groups: 7, weeks: 12, kind: 'rows', outlier: true, screenshot: false },
    { name: 'report-30-groups', groups: 30, weeks: 12, kind: 'rows', outlier: true, screenshot: true },
    { name: 'report-30-groups-20-weeks', groups: 30, weeks: 20, kind: 'rows', outlier: true, screenshot: false },
    { name: 'report-single-bucket', groups: 5, weeks: 1, kind: 'bars', outlier: false, screenshot: false },
  ];

  for (const c of cases) {
    it(`${c.name}: every group in view, tables whole (sticky group and summary, both ends reachable), colours apart, the bucket in progress labelled, whole in print`, async () => {
      const result = report(c.groups, c.weeks, c.outlier);
      const labels = [...new Set(result.elements.flatMap((e) => e.rows.map((r) => `${r.name ?? ''} (${String(r.group)})`)))].sort();
      const ids = Array.from({ length: c.groups }, (_, t) => String(42 + t)).sort();
      for (const width of [1280, 800]) {
        const seen = await open(`${c.name}${width === 1280 ? '' : `-${width}`}`, result, width, c.screenshot && width === 1280);
        expect(seen.problems).toEqual([]);
        expect(seen.requests).toEqual([]);
        expect(seen.overflow, `page wider than the window at ${width}px`).toBeLessThanOrEqual(0);
        expect(seen.charts.map((chart) => chart.heading)).toEqual(['Cycle time, 75th percentile', 'Pull requests merged', 'Review depth (comments per pull request)']);
        for (const chart of seen.charts) {
          expect(chart.kind, chart.heading).toContain(c.kind);
          // Legend entries and bar rows carry the group's id, table rows its label.
          const shown = chart.visibleGroups.map((g) => (/^\d+$/.test(g) ? g : (/\((\d+)\)$/.exec(g)?.[1] ?? g)));
          expect([...new Set(shown)].sort(), `${chart.heading} at ${width}px`).toEqual(ids);
          expect(chart.inProgressLabels, chart.heading).toBeGreaterThanOrEqual(1);
          if (c.kind === 'lines') {
            const colours = Object.values(chart.strokes);
            // The group with no cycle time draws no line in that chart; every other group does.
            expect(colours.length, chart.heading).toBeGreaterThanOrEqual(c.groups - 1);
            expect(new Set(colours).size, `two lines of ${chart.heading} share a colour`).toBe(colours.length);
          }
        }
        for (const table of seen.tables) {
          expect(table.problems, `${table.heading} at ${width}px`).toEqual([]);
          expect(table.firstSeen, `${table.heading} at ${width}px: the first bucket never comes into view`).toBe(true);
          expect(table.lastSeen, `${table.heading} at ${width}px: the last bucket never comes into view`).toBe(true);
        }
        if (c.kind === 'rows') {
          const [cycle] = seen.tables;
          expect(cycle?.beyond, 'the 25-day week is marked').toBeGreaterThanOrEqual(1);
          expect(cycle?.fills, 'colours left to the cells beside the outlier').toBeGreaterThanOrEqual(4);
        }
        // Names with markup read as text, each group once per table.
        expect(seen.names).toContain('<b>Ops</b> & "Infra" (43)');
        expect([...new Set(seen.names)].sort()).toEqual(labels);
        expect(seen.printed.past, 'cells past the printed page').toBe(0);
        expect(seen.printed.overflow).toBeLessThanOrEqual(0);
        expect(seen.printed.cells).toBeGreaterThan(0);
      }
    });
  }
});
