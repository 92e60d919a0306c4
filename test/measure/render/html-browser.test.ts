// The html report opened in a real browser (Debian's chromium driven by playwright-core): the page
// loads with no console error and no request, every chart's SVG has a plotted line, and names with
// markup in them read as text. Where no browser binary exists the test is skipped and says why;
// .ci/run installs chromium where it can.

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeasurementResult } from '../../../src/core/measurement-result.js';
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

/** Three weekly buckets, two teams (one named with markup), three metrics of three units. */
function report(): MeasurementResult {
  const bucket = (after: string, before: string, k: number) => ({
    after,
    before,
    rows: [
      row(42, 'Payments', { 'branch.computed.cycle_time:p75': 600 * k, 'pr.merged': 3 + k, 'pr.review_depth': 1 + k / 10 }),
      row(43, '<b>Ops</b> & "Infra"', { 'branch.computed.cycle_time:p75': 200 + 100 * k, 'pr.merged': 9 - k, 'pr.review_depth': 2 - k / 10 }),
    ],
  });
  return weeklyByTeam({
    metrics: [cycleP75, merged, depth],
    after: '2026-09-07',
    before: '2026-09-28',
    elements: [bucket('2026-09-07', '2026-09-14', 1), bucket('2026-09-14', '2026-09-21', 2), bucket('2026-09-21', '2026-09-28', 4)],
  });
}

describe.skipIf(executablePath === undefined)('html report in a real browser', () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath, timeout: 8_000 });
    dir = mkdtempSync(join(tmpdir(), 'emctl-html-'));
  });

  afterAll(async () => {
    await browser?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('loads with no console error and no request; each chart has a plotted line; names read as text', async () => {
    const file = join(dir, 'report.html');
    writeFileSync(file, await renderMeasurements(report(), 'html', { color: false, generatedAt: '2026-09-28T06:00:00Z' }));

    const page = await browser.newPage();
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

    const charts = await page.$$eval('section.chart', (sections) =>
      sections.map((section) => ({
        heading: section.querySelector('h2')?.textContent ?? '',
        lines: [...section.querySelectorAll('svg g.mark-line path')].map((path) => {
          // An SVGPathElement (the type check has no DOM library): its drawn geometry.
          const geometry = path as unknown as { getBBox(): { width: number; height: number }; getTotalLength(): number };
          const box = geometry.getBBox();
          return { d: path.getAttribute('d') ?? '', length: geometry.getTotalLength(), width: box.width, height: box.height };
        }),
        legend: [...section.querySelectorAll('svg g.role-legend-label text')].map((text) => text.textContent),
      })),
    );
    const names = await page.$$eval('tbody tr td:nth-child(4)', (cells) => cells.map((cell) => cell.textContent));
    const svgLinks = await page.$$eval('svg [href], svg [*|href]', (nodes) => nodes.length);
    await page.close();

    expect(problems).toEqual([]);
    expect(requests).toEqual([]);
    expect(svgLinks).toBe(0);
    expect(charts.map((chart) => chart.heading)).toEqual(['branch.computed.cycle_time:p75 hours', 'pr.merged count', 'pr.review_depth ratio']);
    for (const chart of charts) {
      expect(chart.lines, chart.heading).toHaveLength(2);
      for (const line of chart.lines) {
        // A polyline through three buckets: a move and two line-tos, drawn across the plot.
        expect(line.d, chart.heading).toMatch(/^M[\d.-]+,[\d.-]+(L[\d.-]+,[\d.-]+){2}$/);
        expect(line.length, chart.heading).toBeGreaterThan(100);
        expect(line.width, chart.heading).toBeGreaterThan(100);
      }
      expect(new Set(chart.legend)).toEqual(new Set(['Payments (42)', '<b>Ops</b> & "Infra" (43)']));
    }
    expect(names).toEqual(['Payments', '<b>Ops</b> & "Infra"', 'Payments', '<b>Ops</b> & "Infra"', 'Payments', '<b>Ops</b> & "Infra"']);
  });
});
