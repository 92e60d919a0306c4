// The html report opened in a real browser (Debian's chromium driven by playwright-core), as a
// manager would open it: reports of 3, 8 and 30 groups and one of a single bucket. Each loads with
// no console error and no request; every group is visible in every chart; no two lines of a chart
// share a colour; the bucket in progress is labelled; the page never scrolls sideways (wide tables
// scroll inside their wrapper). The 3- and 30-group pages are saved as screenshots for a person to
// look at ($EMCTL_SCREENSHOTS, else a folder in the temp dir; the path is printed). Where no
// browser binary exists the test is skipped and says why; .ci/run installs chromium where it can.

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
 * metrics of three units; team 1 has no cycle time in week 3, the last team none at all, and team
 * 43 a name with markup in it.
 */
function report(count: number, weeks: number): MeasurementResult {
  const day = (d: number) => new Date(Date.UTC(2026, 8, 7 + d)).toISOString().slice(0, 10);
  const elements = Array.from({ length: weeks }, (_, w) => ({
    after: day(7 * w),
    before: day(7 * w + 7),
    rows: Array.from({ length: count }, (_, t) => {
      const name = t === 1 ? '<b>Ops</b> & "Infra"' : `${TEAM_NAMES[t % TEAM_NAMES.length]}${t >= TEAM_NAMES.length ? ` ${Math.floor(t / TEAM_NAMES.length) + 1}` : ''}`;
      const cycle = (t === 1 && w === 2) || t === count - 1 ? null : 300 + ((t * 137 + w * 251) % 2400);
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
  /** The groups shown in the chart (legend entries or rows) whose box is on the page, by id. */
  visibleGroups: string[];
  /** The stroke colour each line of the chart is drawn in, by group. */
  strokes: Record<string, string>;
  inProgressLabels: number;
}

/**
 * What the page shows, measured inside it (plain JavaScript: the type check has no DOM library).
 * A group counts as visible in a chart when its legend entry or its row label has a box inside
 * the window's width and some text.
 */
const LOOK = `(() => {
  const width = document.documentElement.clientWidth;
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && box.left >= 0 && box.right <= width && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const charts = [...document.querySelectorAll('section.chart')].map((section) => {
    const visibleGroups = [...section.querySelectorAll('.legend li[data-group], svg g.row[data-group]')]
      .filter((el) => {
        const label = el.querySelector('text.row-label') || el;
        return visible(label) && label.textContent.trim() !== '';
      })
      .map((el) => el.getAttribute('data-group'));
    const strokes = {};
    for (const g of section.querySelectorAll('svg g.series[data-group]')) {
      const line = g.querySelector('path.series-line, circle');
      if (line) strokes[g.getAttribute('data-group')] = getComputedStyle(line).stroke;
    }
    const inProgressLabels = [...section.querySelectorAll('svg text.in-progress')].filter((el) => visible(el) && el.textContent.includes('in progress')).length;
    return { heading: section.querySelector('h2 .title').textContent, kind: section.className, visibleGroups, strokes, inProgressLabels };
  });
  return { charts, overflow: document.documentElement.scrollWidth - width };
})()`;

async function look(page: Page): Promise<{ charts: ChartSeen[]; overflow: number }> {
  return (await page.evaluate(LOOK)) as { charts: ChartSeen[]; overflow: number };
}

const shotsDir = process.env.EMCTL_SCREENSHOTS ?? join(tmpdir(), 'emctl-html-screenshots');

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
    const names = await page.$$eval('table tbody th[scope="row"]', (cells) => cells.map((cell) => cell.textContent));
    if (screenshot) {
      const path = join(shotsDir, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      console.log(`screenshot: ${path}`);
    }
    await page.close();
    return { ...seen, problems, requests, names };
  }

  const cases = [
    { name: 'report-3-groups', groups: 3, weeks: 8, kind: 'lines', screenshot: true },
    { name: 'report-8-groups', groups: 8, weeks: 12, kind: 'lines', screenshot: false },
    { name: 'report-30-groups', groups: 30, weeks: 12, kind: 'rows', screenshot: true },
    { name: 'report-single-bucket', groups: 5, weeks: 1, kind: 'bars', screenshot: false },
  ];

  for (const c of cases) {
    it(`${c.name}: every group visible in each chart, lines told apart by colour, the bucket in progress labelled, no sideways scroll`, async () => {
      const result = report(c.groups, c.weeks);
      const ids = Array.from({ length: c.groups }, (_, t) => String(42 + t)).sort();
      for (const width of [1280, 800]) {
        const seen = await open(`${c.name}${width === 1280 ? '' : `-${width}`}`, result, width, c.screenshot && width === 1280);
        expect(seen.problems).toEqual([]);
        expect(seen.requests).toEqual([]);
        expect(seen.overflow, `page wider than the window at ${width}px`).toBeLessThanOrEqual(0);
        expect(seen.charts.map((chart) => chart.heading)).toEqual(['Cycle time, 75th percentile', 'Pull requests merged', 'Review depth (comments per pull request)']);
        for (const chart of seen.charts) {
          expect(chart.kind, chart.heading).toContain(c.kind);
          expect([...chart.visibleGroups].sort(), `${chart.heading} at ${width}px`).toEqual(ids);
          expect(chart.inProgressLabels, chart.heading).toBeGreaterThanOrEqual(1);
          if (c.kind === 'lines') {
            const colours = Object.values(chart.strokes);
            // The group with no cycle time draws no line in that chart; every other group does.
            expect(colours.length, chart.heading).toBeGreaterThanOrEqual(c.groups - 1);
            expect(new Set(colours).size, chart.heading).toBe(colours.length);
          }
        }
        // Names with markup read as text.
        expect(seen.names).toContain('<b>Ops</b> & "Infra" (43)');
      }
    });
  }
});
