import { describe, expect, it } from 'vitest';
import type { MeasurementResult } from '../../../src/measure/result-model.js';
import { renderMeasurements } from '../../../src/measure/render/index.js';
import { escapeHtml, PALETTE } from '../../../src/measure/render/markup.js';
import { awkwardNames, cycleP75, merged, noData, row, weeklyByTeam } from './fixtures.js';

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

/** The screen tables of a page (the print-only slices left out): their rows, each cell's text and class. */
function tables(html: string): { head: string[]; rows: { group: string; summary: string | undefined; cells: { text: string; cls: string; style: string }[] }[] }[] {
  return [...html.matchAll(/<div class="table-wrap[^"]*"[^>]*><table[^>]*>([\s\S]*?)<\/table><\/div>/g)].map((m) => {
    const body = m[1] ?? '';
    const head = [...(/<thead>([\s\S]*?)<\/thead>/.exec(body)?.[1] ?? '').matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((h) => (h[1] ?? '').replace(/<br>/g, ' ').replace(/<[^>]+>/g, ''));
    const rows = [...body.matchAll(/<tr><th class="group" scope="row"><span class="name" title="[^"]*">([\s\S]*?)<\/span><\/th>([\s\S]*?)<\/tr>/g)].map((r) => {
      const cells = [...(r[2] ?? '').matchAll(/<td class="([^"]*)"(?: style="([^"]*)")?[^>]*>([\s\S]*?)<\/td>/g)].map((c) => ({ cls: c[1] ?? '', style: c[2] ?? '', text: (c[3] ?? '').replace(/<[^>]+>/g, '') }));
      const summary = cells[0]?.cls.includes('summary') ? cells.shift()?.text : undefined;
      return { group: r[1] ?? '', summary, cells };
    });
    return { head, rows };
  });
}

describe('html format', () => {
  it('is one page: a heading naming the metrics and grouping, the window in words, per metric its human name (key and unit beside it), a chart and its table', async () => {
    const html = await renderMeasurements(weeklyByTeam(), 'html', { color: false, generatedAt: '2026-09-21T06:00:00Z' });
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    const heading = 'Cycle time (75th percentile), Pull requests merged and 2 more metrics by team';
    expect(html).toContain(`<title>${heading}: Sep 7 - 20, 2026, weekly</title>`);
    expect(html).toContain(`<h1>${heading}</h1>\n<p class="window">By team, Sep 7 - 20, 2026, weekly; 2 teams</p>`);
    // The report's name is said, not used as the heading.
    expect(html).toContain('<footer>Report <code>weekly-delivery</code>. Made by emctl at 2026-09-21T06:00:00Z.</footer>');
    const found = sections(html);
    expect(found.map((s) => s.heading)).toEqual([
      '<h2 id="metric-1"><span class="title">Cycle time, 75th percentile</span> <code class="key">branch.computed.cycle_time:p75</code> <span class="unit">duration</span></h2>',
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
    // The table: the group, its value over the window beside it, then a column per bucket.
    const [cycle, count] = tables(html);
    expect(cycle?.head).toEqual(['Team', 'Average', 'Sep 7 - 13', 'Sep 14 - 20']);
    expect(cycle?.rows[0]).toEqual({ group: 'Payments (42)', summary: '1d 2h', cells: [{ cls: 'num', style: '', text: '2d 4h' }, { cls: 'num', style: '', text: '45m' }] });
    expect(count?.head).toEqual(['Team', 'Total', 'Sep 7 - 13', 'Sep 14 - 20']);
    expect(count?.rows[1]).toMatchObject({ group: 'Platform (7)', summary: '3', cells: [{ text: '3' }, { text: '0' }] });
    expect(html).toContain('<td class="num" title="Payments (42), Sep 7 - 13: 2d 4h">2d 4h</td>');
  });

  it('the y axis of a duration speaks the cells\' unit: days and hours, not hours', async () => {
    const svg = sections(await renderMeasurements(weeklyByTeam(), 'html', { color: false }))[0]?.svg ?? '';
    const labels = [...svg.matchAll(/<text class="y-label"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    // 3,120 minutes at most: steps of 12 hours.
    expect(labels).toEqual(['0m', '12h', '1d', '1d 12h', '2d', '2d 12h']);
  });

  it('a group keeps its colour in every chart; no two groups of a chart share one', async () => {
    const html = await renderMeasurements(teams(6, 3), 'html', { color: false });
    const strokes = [...(sections(html)[0]?.svg ?? '').matchAll(/<g class="series" data-group="(\d+)">\n<path class="series-line" d="[^"]*" fill="none" stroke="(#[0-9a-f]{6})"/g)];
    expect(strokes).toHaveLength(6);
    expect(new Set(strokes.map((m) => m[2]))).toEqual(new Set(PALETTE));
  });

  it('a bucket in progress: a grey band labelled "in progress", the line into it dashed, its points hollow; the page says so', async () => {
    const html = await renderMeasurements(weeklyByTeam(), 'html', { color: false, today: '2026-09-16' });
    expect(html).toContain('<p class="note partial-note">Sep 14 - 20 is still in progress: values are partial and drawn pale, dashed or hollow.</p>');
    const svg = sections(html)[1]?.svg ?? '';
    expect(svg).toMatch(/<text class="in-progress" [^>]*>in progress<\/text>/);
    expect(svg.match(/class="series-line in-progress-line"/g)).toHaveLength(2);
    expect(svg).toMatch(/<circle [^>]*fill="#ffffff"[^>]*><title>Payments \(42\), Sep 14 - 20 \(in progress\): 1<\/title>/);
    expect(sections(html)[1]?.body).toContain('<th class="num bucket" scope="col">Sep 14 -<br>20<br><span class="in-progress">in progress</span></th>');
    expect(tables(html)[1]?.rows[0]?.cells[1]).toEqual({ cls: 'num partial', style: '', text: '1' });
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

  it('from 7 groups: the heatmap is the metric\'s table (no chart, no second table), rows ranked by the window, every cell painted and titled', async () => {
    expect(sections(await renderMeasurements(teams(6, 4), 'html', { color: false }))[0]?.kind).toBe('lines');
    const html = await renderMeasurements(teams(30, 4), 'html', { color: false, today: '2026-09-30' });
    const [section] = sections(html);
    expect(section?.kind).toBe('rows');
    expect(section?.svg).toBe('');
    expect(section?.body.match(/<table/g)).toHaveLength(1);
    const [table] = tables(html);
    expect(table?.head).toEqual(['Team', 'Total ended only', 'Sep 7 - 13', 'Sep 14 - 20', 'Sep 21 - 27', 'Sep 28 - Oct 4 in progress']);
    expect(table?.rows).toHaveLength(30);
    expect(new Set(table?.rows.map((r) => r.group)).size).toBe(30);
    // Totals over the three weeks that have ended (the one in progress is drawn, not counted), highest first.
    const totals = (table?.rows ?? []).map((r) => Number(r.summary));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    for (const row of table?.rows ?? []) expect(Number(row.summary)).toBe(row.cells.slice(0, 3).reduce((n, c) => n + Number(c.text), 0));
    expect(section?.body).toContain('Ranked by total of the buckets that have ended.');
    for (const row of table?.rows ?? []) for (const cell of row.cells) expect(cell.style).toMatch(/^background-color:#[0-9a-f]{6}$/);
    expect(section?.body).toContain('title="Team 3 (103), Sep 7 - 13: 9"');
    expect(section?.body).toContain('title="Team 3 (103), Sep 28 - Oct 4 (in progress): 1"');
    expect(table?.rows[0]?.cells[3]?.cls).toContain('partial');
  });

  it('one outlier does not wash out the other cells: the colours span the 5th to 95th percentile, the outlier is marked with its exact value', async () => {
    const result = teams(10, 8);
    result.metrics = [cycleP75];
    result.elements.forEach((element, w) => element.rows.forEach((r, t) => (r.values[cycleP75.key] = t === 2 && w === 3 ? 25 * 1440 : 600 + ((t * 97 + w * 131) % 1200))));
    const html = await renderMeasurements(result, 'html', { color: false });
    const cells = (tables(html)[0]?.rows ?? []).flatMap((r) => r.cells);
    const outlier = cells.find((c) => c.text === '25d▲');
    expect(outlier?.cls).toBe('num beyond above dark');
    const others = cells.filter((c) => c !== outlier && !c.cls.includes('beyond'));
    // Every one of the seven shades is used by the cells beside the outlier.
    expect(new Set(others.map((c) => c.style)).size).toBe(7);
    // On a scale from the lowest to the highest value they would all be the lightest shade.
    expect(others.every((c) => c.style === others[0]?.style)).toBe(false);
    // The 80 cells' 5th percentile is at rank 3.95 (664.55 minutes), the 95th at rank 75.05 (1,735.25).
    expect(html).toMatch(/<p class="scale">Ranked by average\. Colour from 11h 5m <span class="ramp"[^>]*>(<i style="background:#[0-9a-f]{6}"><\/i>){7}<\/span> to 1d 5h \(the 5th to 95th percentile of the cells\)/);
    expect(html).toContain('25d (above the colour scale, which ends at 1d 5h)"');
  });

  it('a table of more buckets than a printed page holds is printed in slices, each with the group and summary columns', async () => {
    const html = await renderMeasurements(teams(3, 20), 'html', { color: false });
    const section = sections(html)[0]?.body ?? '';
    expect(section).toContain('<div class="table-wrap screen-only"');
    const printed = /<div class="print-only">([\s\S]*?)<\/div>/.exec(section)?.[1] ?? '';
    const heads = [...printed.matchAll(/<thead><tr>([\s\S]*?)<\/tr><\/thead>/g)].map((m) => (m[1]?.match(/class="num bucket"/g) ?? []).length);
    expect(heads).toEqual([10, 10]);
    expect(printed.match(/<th class="num summary" scope="col">Total<\/th>/g)).toHaveLength(2);
    expect(sections(await renderMeasurements(teams(3, 13), 'html', { color: false }))[0]?.body).not.toContain('print-only');
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
    expect(tables(html)[0]?.head).toEqual(['Team', 'Sep 7 - 13']);
  });

  it('needs nothing from outside and runs nothing: inline style, no script, no URL but the SVG namespace', async () => {
    for (const result of [weeklyByTeam(), teams(30, 4), teams(3, 1)]) {
      const html = await renderMeasurements(result, 'html', { color: false, today: '2026-09-10' });
      expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`);
      expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(|\son\w+=/i);
      const urls = new Set([...html.matchAll(/https?:\/\/[^"' )]+/g)].map((m) => m[0]));
      for (const url of urls) expect(url).toBe('http://www.w3.org/2000/svg');
    }
  });

  it('escapes every name, in the tables, the legends, the charts and the title', async () => {
    for (const result of [awkwardNames(), { ...awkwardNames(), elements: [...awkwardNames().elements, { ...awkwardNames().elements[0]!, after: '2026-09-14', before: '2026-09-21' }] }]) {
      const html = await renderMeasurements(result, 'html', { color: false, title: '<Q3> & "co"' });
      expect(html).not.toContain('<b>Ops');
      expect(html).toContain('<h1>&lt;Q3&gt; &amp; &quot;co&quot;</h1>');
      expect(html).toContain('<span class="name" title="&lt;b&gt;Ops&lt;/b&gt; &amp; a\\b\\nnext (43)">&lt;b&gt;Ops&lt;/b&gt; &amp; a\\b\\nnext (43)</span>');
      expect(html).toContain('<span class="name" title="Pay|ments, &quot;core&quot; (42)">Pay|ments, &quot;core&quot; (42)</span>');
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
