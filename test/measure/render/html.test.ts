import { describe, expect, it } from 'vitest';
import { chartSpec } from '../../../src/measure/render/html-chart.js';
import { escapeHtml } from '../../../src/measure/render/html.js';
import { renderMeasurements } from '../../../src/measure/render/index.js';
import { metricChart, styleSlots } from '../../../src/measure/render/series.js';
import { awkwardNames, cycleP75, merged, noData, row, weeklyByTeam } from './fixtures.js';

/** The chart sections of a page, each with its heading and SVG. */
function chartSections(html: string): { heading: string; svg: string }[] {
  return [...html.matchAll(/<h2 class="metric">(.*?)<\/h2>\n<figure>(<svg[\s\S]*?<\/svg>)<\/figure>/g)].map((m) => ({
    heading: m[1] ?? '',
    svg: m[2] ?? '',
  }));
}

/**
 * The `d` of each drawn line in an SVG: vega draws a series as one path in a line mark group; a
 * series with a single point is a degenerate `M x,y Z` path, which is not a line.
 */
function linePaths(svg: string): string[] {
  const groups = [...svg.matchAll(/<g class="mark-line role-mark[^"]*"[^>]*>([\s\S]*?)<\/g>/g)].map((m) => m[1] ?? '');
  const paths = groups.flatMap((g) => [...g.matchAll(/<path[^>]* d="([^"]*)"/g)].map((m) => m[1] ?? ''));
  return paths.filter((d) => d.includes('L'));
}

describe('html format', () => {
  it('is one page: a title, the window, an SVG line chart per metric with the unit, and the table', async () => {
    const html = await renderMeasurements(weeklyByTeam(), 'html', { color: false, generatedAt: '2026-09-21T06:00:00Z' });
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<title>weekly-delivery: by team, 2026-09-07 to 2026-09-21 (before), weekly</title>');
    expect(html).toContain('<h1>weekly-delivery</h1>\n<p class="window">By team, 2026-09-07 to 2026-09-21 (before), weekly</p>');
    const sections = chartSections(html);
    expect(sections.map((s) => s.heading)).toEqual([
      'branch.computed.cycle_time:p75 <span class="unit">hours</span>',
      'pr.merged <span class="unit">count</span>',
      'pr.review_depth <span class="unit">ratio</span>',
      'pr.merged.size:p75 <span class="unit">lines</span>',
    ]);
    expect(html.match(/<svg /g)).toHaveLength(4);
    for (const { svg } of sections) {
      // A line from the first bucket to the second for each group drawn: a move and a line-to.
      const paths = linePaths(svg);
      expect(paths.length).toBeGreaterThanOrEqual(1);
      for (const d of paths) expect(d).toMatch(/^M[\d.-]+,[\d.-]+L[\d.-]+,[\d.-]+$/);
      expect(svg).toContain('>Payments (42)</text>');
      expect(svg).toContain('>2026-09-07</text>');
    }
    // pr.merged has both teams in both buckets; Platform's cycle time has no second value (a point, no line).
    expect(linePaths(sections[1]?.svg ?? '')).toHaveLength(2);
    expect(linePaths(sections[0]?.svg ?? '')).toHaveLength(1);
    expect(html).toContain('(1 group has such gaps)');
    expect(html).toContain(
      '<tr><td>2026-09-07</td><td>2026-09-14</td><td class="num">42</td><td>Payments</td><td class="num">2d 4h</td><td class="num">12</td><td class="num">2.50</td><td class="num">1,537.5</td></tr>',
    );
    expect(html).toContain('<footer>Made by emctl at 2026-09-21T06:00:00Z.</footer>');
  });

  it('needs nothing from outside and runs nothing: inline style, no script, no URL but SVG namespaces', async () => {
    const html = await renderMeasurements(weeklyByTeam(), 'html', { color: false });
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    const urls = [...html.matchAll(/https?:\/\/[^"' )]+/g)].map((m) => m[0]);
    expect(new Set(urls)).toEqual(new Set(['http://www.w3.org/2000/svg', 'http://www.w3.org/1999/xlink']));
  });

  it('escapes every name, in the table, the legends and the title', async () => {
    const html = await renderMeasurements(awkwardNames(), 'html', { color: false, title: '<Q3> & "co"' });
    expect(html).not.toContain('<b>Ops');
    expect(html).toContain('<h1>&lt;Q3&gt; &amp; &quot;co&quot;</h1>');
    expect(html).toContain('<td>&lt;b&gt;Ops&lt;/b&gt; &amp; a\\b next</td>');
    expect(html).toContain('<td>Pay|ments, &quot;core&quot;</td>');
    expect(chartSections(html)[0]?.svg).toContain('&lt;b&gt;Ops&lt;/b&gt; &amp; a\\b next (43)</text>');
    expect(escapeHtml(`<a href='x'>&`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;');
  });

  it('no data: the page says so, with no chart and no table', async () => {
    const html = await renderMeasurements(noData(), 'html', { color: false });
    expect(html).toContain('<main>\n<p>No data for these filters.</p>\n</main>');
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('<table');
  });

  it('says when groups were left out of a chart and when a metric has no value', async () => {
    const rows = (bucket: number) => Array.from({ length: 10 }, (_, i) => row(100 + i, `Team ${i}`, { 'pr.merged': i + bucket }));
    const result = weeklyByTeam({
      metrics: [merged, { name: 'releases.count', agg: undefined, key: 'releases.count', unit: 'count' }],
      elements: [
        { after: '2026-09-07', before: '2026-09-14', rows: rows(0) },
        { after: '2026-09-14', before: '2026-09-21', rows: rows(1) },
      ],
    });
    const html = await renderMeasurements(result, 'html', { color: false });
    expect(html).toContain('<p class="note">Showing 8 of 10 groups: the 8 with the highest last value. The table has them all.</p>');
    expect(linePaths(chartSections(html)[0]?.svg ?? '')).toHaveLength(8);
    expect(html).toContain('<h2 class="metric">releases.count <span class="unit">count</span></h2>\n<p class="note">No values for this metric.</p>');
    expect(html.match(/<tr>/g)).toHaveLength(21);
  });
});

describe('html chart spec', () => {
  it('plots bucket starts as UTC dates, durations in hours, gaps left out, groups in legend order, colours per group', () => {
    // Payments comes first in the report's first chart, so it has the first colour in every chart.
    const slots = styleSlots([metricChart(weeklyByTeam(), merged)]);
    const spec = chartSpec(metricChart(weeklyByTeam(), cycleP75), 'team', slots) as {
      data: { values: unknown[] };
      encoding: {
        x: { axis: { values: number[] } };
        y: { axis: { title: string } };
        color: { scale: { domain: string[]; range: string[] }; legend: { title: string } };
      };
    };
    // Platform's last value (3h 20m, in the first bucket) ranks above Payments' (45m).
    expect(spec.data.values).toEqual([
      { date: Date.UTC(2026, 8, 7), group: 'Platform (7)', value: 3.3375 },
      { date: Date.UTC(2026, 8, 7), group: 'Payments (42)', value: 52 },
      { date: Date.UTC(2026, 8, 14), group: 'Payments (42)', value: 0.75 },
    ]);
    expect(spec.encoding.x.axis.values).toEqual([Date.UTC(2026, 8, 7), Date.UTC(2026, 8, 14)]);
    expect(spec.encoding.y.axis.title).toBe('hours');
    expect(spec.encoding.color.scale).toEqual({ domain: ['Platform (7)', 'Payments (42)'], range: ['#f58518', '#4c78a8'] });
    expect(spec.encoding.color.legend.title).toBe('team');
  });
});
