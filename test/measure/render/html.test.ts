import { describe, expect, it } from 'vitest';
import type { MeasurementResult } from '../../../src/measure/result-model.js';
import { renderMeasurements } from '../../../src/measure/render/index.js';
import { escapeHtml, PALETTE } from '../../../src/measure/render/markup.js';
import { awkwardNames, merged, noData, row, weeklyByTeam } from './fixtures.js';

/** The metric sections of a page, each with its heading and the SVG of its chart. */
function sections(html: string): { heading: string; kind: string; svg: string; body: string }[] {
  return [...html.matchAll(/<section class="metric(?: chart (\w+))?">\n(<h2[^>]*>.*?<\/h2>)([\s\S]*?)<\/section>/g)].map((m) => ({
    kind: m[1] ?? '',
    heading: m[2] ?? '',
    body: m[3] ?? '',
    svg: /<svg xmlns[\s\S]*?<\/svg>/.exec(m[3] ?? '')?.[0] ?? '',
  }));
}

/** `count` teams over `weeks` weekly buckets from 2026-09-07. */
function teams(count: number, weeks: number): MeasurementResult {
  const day = (d: number) => new Date(Date.UTC(2026, 8, 7 + d)).toISOString().slice(0, 10);
  const elements = Array.from({ length: weeks }, (_, w) => ({
    after: day(7 * w),
    before: day(7 * w + 7),
    rows: Array.from({ length: count }, (_, t) => row(100 + t, `Team ${t}`, { 'pr.merged': (t * 3 + w) % 11 })),
  }));
  return weeklyByTeam({ metrics: [merged], after: day(0), before: day(7 * weeks), elements });
}

describe('html format', () => {
  it('is one page: a title, the window in words, per metric its human name (key and unit beside it), a chart and a table', async () => {
    const html = await renderMeasurements(weeklyByTeam(), 'html', { color: false, generatedAt: '2026-09-21T06:00:00Z' });
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<title>weekly-delivery: by team, Sep 7 - 20, 2026, weekly</title>');
    expect(html).toContain('<h1>weekly-delivery</h1>\n<p class="window">By team, Sep 7 - 20, 2026, weekly; 2 teams</p>');
    const found = sections(html);
    expect(found.map((s) => s.heading)).toEqual([
      '<h2 id="metric-1"><span class="title">Cycle time, 75th percentile</span> <code class="key">branch.computed.cycle_time:p75</code> <span class="unit">hours</span></h2>',
      '<h2 id="metric-2"><span class="title">Pull requests merged</span> <code class="key">pr.merged</code> <span class="unit">count</span></h2>',
      '<h2 id="metric-3"><span class="title">Review depth (comments per pull request)</span> <code class="key">pr.review_depth</code> <span class="unit">ratio</span></h2>',
      '<h2 id="metric-4"><span class="title">Merged pull request size, 75th percentile</span> <code class="key">pr.merged.size:p75</code> <span class="unit">lines</span></h2>',
    ]);
    for (const section of found) {
      expect(section.kind).toBe('lines');
      expect(section.svg).toContain('>Sep 7 - 13</text>');
      expect(section.svg).toContain('>Sep 14 - 20</text>');
      expect(section.body).toContain('<li data-group="42">');
    }
    // pr.merged: both teams in both buckets, a line each; Platform's cycle time has one value (a point, no line).
    expect(found[1]?.svg.match(/class="series-line"/g)).toHaveLength(2);
    expect(found[0]?.svg.match(/class="series-line"/g)).toHaveLength(1);
    expect(found[0]?.body).toContain('No value in some time ranges (the line stops where a value is missing): Platform (7) (1 of 2).');
    // The table: a row per group, a column per bucket, then the window's total or average.
    expect(found[0]?.body).toContain(
      '<thead><tr><th>Team</th><th class="num">Sep 7 - 13</th><th class="num">Sep 14 - 20</th><th class="num">Average</th></tr></thead>',
    );
    expect(found[0]?.body).toContain('<tr><th scope="row">Payments (42)</th><td class="num">2d 4h</td><td class="num">45m</td><td class="num window">1d 2h</td></tr>');
    expect(found[1]?.body).toContain('<tr><th scope="row">Platform (7)</th><td class="num">3</td><td class="num">0</td><td class="num window">3</td></tr>');
    expect(html).toContain('<footer>Made by emctl at 2026-09-21T06:00:00Z.</footer>');
  });

  it('a group keeps its colour in every chart; no two groups of a chart share one', async () => {
    const html = await renderMeasurements(teams(8, 3), 'html', { color: false });
    const strokes = [...(sections(html)[0]?.svg ?? '').matchAll(/<g class="series" data-group="(\d+)">\n<path class="series-line" d="[^"]*" fill="none" stroke="(#[0-9a-f]{6})"/g)];
    expect(strokes).toHaveLength(8);
    expect(new Set(strokes.map((m) => m[2])).size).toBe(8);
    expect(new Set(strokes.map((m) => m[2]))).toEqual(new Set(PALETTE));
  });

  it('a bucket in progress: a grey band labelled "in progress", the line into it dashed, its points hollow; the page says so', async () => {
    const html = await renderMeasurements(weeklyByTeam(), 'html', { color: false, today: '2026-09-16' });
    expect(html).toContain('<p class="note partial-note">Sep 14 - 20 is still in progress: values are partial and drawn pale, dashed or hollow.</p>');
    const svg = sections(html)[1]?.svg ?? '';
    expect(svg).toMatch(/<text class="in-progress" [^>]*>in progress<\/text>/);
    expect(svg.match(/class="series-line in-progress-line"/g)).toHaveLength(2);
    expect(svg).toMatch(/<circle [^>]*fill="#ffffff"[^>]*><title>Payments \(42\), Sep 14 - 20 \(in progress\): 1<\/title>/);
    expect(sections(html)[1]?.body).toContain('<th class="num">Sep 14 - 20<br><span class="in-progress">in progress</span></th>');
    expect(await renderMeasurements(weeklyByTeam(), 'html', { color: false, today: '2026-09-21' })).not.toContain('in progress');
  });

  it('a bucket read back from a history that was stored before it ended is drawn in progress, whatever today, and says when it was fetched', async () => {
    const stored = weeklyByTeam();
    stored.elements[1]!.partialAt = '2026-09-16T06:00:00Z';
    const html = await renderMeasurements(stored, 'html', { color: false });
    expect(html).toContain('<p class="note partial-note">Sep 14 - 20 (fetched Sep 16, 2026 06:00 UTC) was stored before it ended: values are partial and drawn pale, dashed or hollow.</p>');
    const svg = sections(html)[1]?.svg ?? '';
    expect(svg).toMatch(/<text class="in-progress" [^>]*>in progress<\/text>/);
    expect(svg).toMatch(/<circle [^>]*fill="#ffffff"[^>]*><title>Payments \(42\), Sep 14 - 20 \(in progress\): 1<\/title>/);
  });

  it('past 8 groups: a heatmap per metric, a row per group ranked by the window, each cell titled with its value', async () => {
    const html = await renderMeasurements(teams(30, 4), 'html', { color: false, today: '2026-09-30' });
    const [section] = sections(html);
    expect(section?.kind).toBe('rows');
    const rows = [...(section?.svg ?? '').matchAll(/<g class="row" data-group="(\d+)"/g)].map((m) => Number(m[1]));
    expect(rows).toHaveLength(30);
    expect(new Set(rows).size).toBe(30);
    expect(section?.svg).toContain('<title>Team 3 (103), Sep 7 - 13: 9</title>');
    expect(section?.svg).toContain('<title>Team 3 (103), Sep 28 - Oct 4 (in progress): 1</title>');
    expect(section?.svg).toContain('class="in-progress"');
    // Totals over the four weeks, highest first.
    const totals = rows.map((g) => [0, 1, 2, 3].reduce((sum, w) => sum + (((g - 100) * 3 + w) % 11), 0));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(section?.body.match(/<tr><th scope="row">/g)).toHaveLength(30);
  });

  it('one bucket: a bar chart, highest first, a group with no value kept at the end', async () => {
    const result = teams(3, 1);
    result.rollUp = 'custom';
    result.elements[0]!.rows.push(row(9, 'Quiet', { 'pr.merged': null }));
    const html = await renderMeasurements(result, 'html', { color: false });
    const [section] = sections(html);
    expect(section?.kind).toBe('bars');
    expect([...(section?.svg ?? '').matchAll(/<g class="row" data-group="(\d+)"/g)].map((m) => m[1])).toEqual(['102', '101', '100', '9']);
    expect(section?.svg).toContain('>no value</text>');
    expect(section?.body).toContain('No value at all: Quiet (9).');
  });

  it('needs nothing from outside and runs nothing: inline style, no script, no URL but the SVG namespace', async () => {
    for (const result of [weeklyByTeam(), teams(30, 4), teams(3, 1)]) {
      const html = await renderMeasurements(result, 'html', { color: false, today: '2026-09-10' });
      expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`);
      expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(|\son\w+=/i);
      const urls = [...html.matchAll(/https?:\/\/[^"' )]+/g)].map((m) => m[0]);
      expect(new Set(urls)).toEqual(new Set(['http://www.w3.org/2000/svg']));
    }
  });

  it('escapes every name, in the tables, the legends, the charts and the title', async () => {
    for (const result of [awkwardNames(), { ...awkwardNames(), elements: [...awkwardNames().elements, { ...awkwardNames().elements[0]!, after: '2026-09-14', before: '2026-09-21' }] }]) {
      const html = await renderMeasurements(result, 'html', { color: false, title: '<Q3> & "co"' });
      expect(html).not.toContain('<b>Ops');
      expect(html).toContain('<h1>&lt;Q3&gt; &amp; &quot;co&quot;</h1>');
      expect(html).toContain('<th scope="row">&lt;b&gt;Ops&lt;/b&gt; &amp; a\\b\\nnext (43)</th>');
      expect(html).toContain('<th scope="row">Pay|ments, &quot;core&quot; (42)</th>');
      expect(sections(html)[0]?.body).toContain('&lt;b&gt;Ops&lt;/b&gt; &amp; a\\b\\nnext (43)</');
    }
    expect(escapeHtml(`<a href='x'>&`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;');
  });

  it('no data: the page says so, with no chart and no table; a metric with no value says so', async () => {
    const html = await renderMeasurements(noData(), 'html', { color: false });
    expect(html).toContain('<main>\n<p>No data for these filters.</p>\n</main>');
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('<table');
    const none = teams(2, 2);
    none.metrics = [merged, { name: 'releases.count', agg: undefined, key: 'releases.count', unit: 'count' }];
    expect(await renderMeasurements(none, 'html', { color: false })).toContain(
      '<code class="key">releases.count</code> <span class="unit">count</span></h2>\n<p class="note">No values for this metric.</p>',
    );
  });
});
