// Batching, paging and merging: only the group-by dimension's ids are split (50 per call, limit =
// the batch's size), a group-by with no ids is paged, answers are merged per time range, rows are
// ordered across batches and the user's limit is applied after the merge.

import { describe, expect, it } from 'vitest';
import type { MeasurementElement } from '../../src/contract/measurement-types.js';
import { mergeElements, pageWasFull, planCalls, type RequestIds } from '../../src/measure/calls.js';
import { emptyCsvHeader, mergeExportFiles, parseElements, parseExportFile } from '../../src/measure/export-files.js';
import { buildResult } from '../../src/measure/result.js';
import { repositoryReads } from '../../src/measure/repositories.js';
import { v1Body } from '../../src/measure/run.js';
import { checkSpec, type MeasureSpec } from '../../src/measure/spec.js';
import type { ReportDefinition } from '../../src/core/model.js';

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);
const window = { after: '2026-09-01', before: '2026-11-24' };

function spec(def: ReportDefinition): MeasureSpec {
  const result = checkSpec(def, { configTeams: new Map(), api: 'v2', serverExport: false });
  if (!result.spec) throw new Error(JSON.stringify(result.problems));
  return result.spec;
}
function idsOf(s: MeasureSpec, repositoryIds: number[] = s.repositoryIds): RequestIds {
  return { teamIds: s.teamIds, repositoryIds, contributorIds: s.contributorIds, serviceIds: s.serviceIds };
}
/** One line per call: the id list sizes, limit and offset. */
function summary(def: ReportDefinition, repositoryIds?: number[]): string[] {
  const s = spec(def);
  return planCalls(s, idsOf(s, repositoryIds), window).map(({ body, paged }) => {
    const parts = (['team_ids', 'repository_ids', 'contributor_ids', 'service_ids'] as const)
      .filter((k) => body[k] !== undefined)
      .map((k) => `${k}=${body[k]?.length}`);
    if (body.limit !== undefined) parts.push(`limit=${body.limit}`);
    if (body.offset !== undefined) parts.push(`offset=${body.offset}`);
    if (paged) parts.push('paged');
    return parts.join(' ');
  });
}

describe('planCalls', () => {
  it.each<[string, ReportDefinition, string[]]>([
    ['organization: one call, no limit', { metrics: ['pr.merged'] }, ['']],
    ['50 team ids: one call', { metrics: ['pr.merged'], group_by: 'team', teams: ids(50) }, ['team_ids=50 limit=50']],
    ['51 team ids: 50 + 1', { metrics: ['pr.merged'], group_by: 'team', teams: ids(51) }, ['team_ids=50 limit=50', 'team_ids=1 limit=1']],
    ['120 team ids: 50 + 50 + 20', { metrics: ['pr.merged'], group_by: 'team', teams: ids(120) }, ['team_ids=50 limit=50', 'team_ids=50 limit=50', 'team_ids=20 limit=20']],
    [
      'filters of other dimensions go whole into each call',
      { metrics: ['pr.merged'], group_by: 'team', teams: ids(60), repositories: ids(50, 1000), services: [3] },
      ['team_ids=50 repository_ids=50 service_ids=1 limit=50', 'team_ids=10 repository_ids=50 service_ids=1 limit=10'],
    ],
    ['contributors with no ids: paged', { metrics: ['pr.merged'], group_by: 'contributor', teams: [1] }, ['team_ids=1 limit=10000 offset=0 paged']],
    ['contributors by id: batched', { metrics: ['pr.merged'], group_by: 'contributor', contributors: ids(75) }, ['contributor_ids=50 limit=50', 'contributor_ids=25 limit=25']],
    ['an AI tool grouping: paged', { metrics: ['pr.merged'], group_by: 'ai_review' }, ['limit=10000 offset=0 paged']],
  ])('%s', (_, def, expected) => expect(summary(def)).toEqual(expected));

  it('repository ids come from resolution (names included)', () => {
    expect(summary({ metrics: ['pr.merged'], group_by: 'repository', repositories: ['web'] }, ids(101))).toEqual([
      'repository_ids=50 limit=50',
      'repository_ids=50 limit=50',
      'repository_ids=1 limit=1',
    ]);
  });

  it('carries metrics, window, roll-up, order and labels', () => {
    const s = spec({ metrics: ['pr.merged', 'branch.time_to_pr:p75'], roll_up: '1w', order_by: 'branch.time_to_pr:p75', order_dir: 'desc', labels: ['backend'] });
    expect(planCalls(s, idsOf(s), window)[0]?.body).toEqual({
      requested_metrics: [{ name: 'pr.merged' }, { name: 'branch.time_to_pr', agg: 'p75' }],
      time_ranges: [window],
      group_by: 'organization',
      roll_up: '1w',
      order_by: 'branch.time_to_pr:p75',
      order_dir: 'desc',
      labels: ['backend'],
    });
  });

  it('v1 bodies take plain names and the same ids', () => {
    const s = spec({ metrics: ['pr.merged', 'branch.time_to_pr'], group_by: 'team', teams: [4, 5] });
    expect(v1Body(planCalls(s, idsOf(s), window)[0]!.body)).toEqual({
      requested_metrics: ['pr.merged', 'branch.time_to_pr'],
      time_ranges: [window],
      file_format: 'json',
      group_by: 'team',
      roll_up: 'custom',
      team_ids: [4, 5],
      limit: 2,
    });
  });
});

describe('repositoryReads', () => {
  it.each<[ReportDefinition, string]>([
    [{ metrics: ['pr.merged'] }, 'none'],
    [{ metrics: ['pr.merged'], repositories: [5] }, 'none'],
    [{ metrics: ['pr.merged'], repositories: ['web'] }, 'by-name'],
    [{ metrics: ['pr.merged'], group_by: 'repository' }, 'monitored'],
    [{ metrics: ['pr.merged'], group_by: 'repository', repositories: ['web'] }, 'by-name'],
    [{ metrics: ['pr.merged'], group_by: 'repository', repositories: ['web', 5] }, 'whole-list'],
  ])('%j -> %s', (def, need) => expect(repositoryReads(spec(def))).toBe(need));
});

describe('merging', () => {
  const el = (after: string, before: string, rows: Record<string, number | string | null>[]): MeasurementElement => ({ after, before, metrics: rows });

  it('concatenates rows per time range, ranges in order', () => {
    const a = [el('2026-09-01', '2026-09-08', [{ team_id: 1, 'pr.merged': 3 }]), el('2026-09-08', '2026-09-15', [])];
    const b = [el('2026-09-01', '2026-09-08', [{ team_id: 51, 'pr.merged': 5 }]), el('2026-09-08', '2026-09-15', [{ team_id: 52, 'pr.merged': 1 }])];
    expect(mergeElements([b, a])).toEqual([
      el('2026-09-01', '2026-09-08', [{ team_id: 51, 'pr.merged': 5 }, { team_id: 1, 'pr.merged': 3 }]),
      el('2026-09-08', '2026-09-15', [{ team_id: 52, 'pr.merged': 1 }]),
    ]);
  });

  it('a page is full when any element has `limit` rows', () => {
    expect(pageWasFull([el('a', 'b', [{}, {}]), el('b', 'c', [{}])], 2)).toBe(true);
    expect(pageWasFull([el('a', 'b', [{}]), el('b', 'c', [])], 2)).toBe(false);
  });

  it('orders rows across batches (nulls last, ties by group), applies the limit per element, attaches names', () => {
    const s = spec({ metrics: ['pr.merged', 'branch.time_to_pr:p75'], group_by: 'team', teams: [1, 2, 3, 51, 52], order_by: 'branch.time_to_pr:p75', order_dir: 'desc', limit: 3 });
    const merged = mergeElements([
      [el('2026-09-01', '2026-11-24', [{ team_id: 1, 'pr.merged': 2, 'branch.time_to_pr:p75': 60 }, { team_id: 2, 'pr.merged': 1 }, { team_id: 3, 'pr.merged': 4, 'branch.time_to_pr:p75': 90 }])],
      [el('2026-09-01', '2026-11-24', [{ team_id: 52, 'pr.merged': 7, 'branch.time_to_pr:p75': 90 }, { team_id: 51, 'pr.merged': 0, 'branch.time_to_pr:p75': null }])],
    ]);
    const result = buildResult(s, merged, { report: 'weekly', window, names: new Map([[3, 'Payments']]) });
    expect(result).toMatchObject({ report: 'weekly', groupBy: 'team', groupKey: 'team_id', nameColumn: 'team_name', rollUp: 'custom', after: window.after, before: window.before, noData: false });
    expect(result.elements[0]?.rows).toEqual([
      { group: 3, name: 'Payments', values: { 'pr.merged': 4, 'branch.time_to_pr:p75': 90 } },
      { group: 52, name: undefined, values: { 'pr.merged': 7, 'branch.time_to_pr:p75': 90 } },
      { group: 1, name: undefined, values: { 'pr.merged': 2, 'branch.time_to_pr:p75': 60 } },
    ]);
  });

  it('keeps the name column of team, repository and contributor groupings, also when no row has a name (DESIGN 6.1)', () => {
    const byContributor = spec({ metrics: ['pr.merged'], group_by: 'contributor' });
    const rows = [el('a', 'b', [{ contributor_id: 501, 'pr.merged': 12 }])];
    expect(buildResult(byContributor, rows, { report: undefined, window, names: new Map() }).nameColumn).toBe('contributor_name');
    expect(buildResult(spec({ metrics: ['pr.merged'], group_by: 'coding_assistant' }), [], { report: undefined, window, names: new Map() }).nameColumn).toBeUndefined();
    expect(buildResult(byContributor, rows, { report: undefined, window, names: new Map([[501, 'Ana']]) }).nameColumn).toBe('contributor_name');
    const byTeam = spec({ metrics: ['pr.merged'], group_by: 'team', teams: [3] });
    expect(buildResult(byTeam, [], { report: undefined, window, names: new Map([[3, 'Payments']]) }).nameColumn).toBe('team_name');
  });

  it('puts the manual bucket after the tool ids when no order is asked', () => {
    const s = spec({ metrics: ['pr.merged'], group_by: 'coding_assistant' });
    const result = buildResult(s, [el('a', 'b', [{ dev_tool_id: 'manual', 'pr.merged': 9 }, { dev_tool_id: 17, 'pr.merged': 1 }, { dev_tool_id: 3, 'pr.merged': 2 }])], { report: undefined, window, names: new Map() });
    expect(result.elements[0]?.rows.map((r) => r.group)).toEqual([3, 17, 'manual']);
    expect(result.nameColumn).toBeUndefined();
  });
});

describe('server export files', () => {
  const s = spec({ metrics: ['pr.merged', 'branch.time_to_pr:p75'], group_by: 'team', teams: ids(60) });

  it('no data: the header only, or []', () => {
    expect(emptyCsvHeader(s)).toBe('after,before,team_id,team_name,pr.merged,branch.time_to_pr:p75\n');
    expect(mergeExportFiles('csv', [null, null], s)).toEqual({ text: 'after,before,team_id,team_name,pr.merged,branch.time_to_pr:p75\n', noData: true });
    expect(mergeExportFiles('json', [null], s)).toEqual({ text: '[]\n', noData: true });
  });

  const csv = (text: string) => parseExportFile('csv', text, 'a file');
  const json = (text: string) => parseExportFile('json', text, 'a file');

  it('one file is written the way several are: CSV lines end in \\n, JSON is indented', () => {
    const header = 'after,before,team_id,team_name,pr.merged';
    expect(mergeExportFiles('csv', [csv(`${header}\r\n2026-09-01,2026-11-24,2,B,1\r\n2026-09-01,2026-11-24,1,A,2`), null], s)).toEqual({
      text: `${header}\n2026-09-01,2026-11-24,1,A,2\n2026-09-01,2026-11-24,2,B,1\n`,
      noData: false,
    });
    const compact = '[{"after":"2026-09-01","before":"2026-11-24","metrics":[{"team_id":1,"pr.merged":3}]}]';
    expect(mergeExportFiles('json', [json(compact)], s).text).toBe(`${JSON.stringify(JSON.parse(compact), null, 2)}\n`);
  });

  it('CSV files join under one header; a quoted line break stays in its record, written escaped (DESIGN 8); a formula is defused', () => {
    const one = 'after,before,team_id,team_name,pr.merged\n2026-09-01,2026-11-24,1,"Pay\nments",3\n';
    const two = 'after,before,team_id,team_name,pr.merged\n2026-09-01,2026-11-24,51,=cmd,4';
    expect(mergeExportFiles('csv', [csv(one), null, csv(two)], s).text).toBe(
      "after,before,team_id,team_name,pr.merged\n2026-09-01,2026-11-24,1,Pay\\nments,3\n2026-09-01,2026-11-24,51,'=cmd,4\n",
    );
    expect(() => mergeExportFiles('csv', [csv(one), csv('after,before,team_id\n')], s)).toThrow(/disagree on their columns/);
    expect(() => csv('after,before,team_id\n2026-09-01,2026-11-24\n')).toThrow(/record 2 has 2 fields; the header has 3/);
  });

  it('several CSV batches come out by time range, then in the requested order (nulls last), not by batch', () => {
    const ordered = spec({ metrics: ['pr.merged', 'branch.time_to_pr:p75'], group_by: 'team', teams: ids(60), roll_up: '1w', order_by: 'branch.time_to_pr:p75', order_dir: 'desc' });
    const header = 'after,before,team_id,team_name,pr.merged,branch.time_to_pr:p75';
    const batch1 = `${header}\n2026-09-01,2026-09-08,1,A,2,60\n2026-09-01,2026-09-08,2,B,1,\n2026-09-08,2026-09-15,1,A,1,30\n`;
    const batch2 = `${header}\n2026-09-01,2026-09-08,51,C,5,90.5\n2026-09-08,2026-09-15,52,D,3,45\n2026-09-08,2026-09-15,51,C,3,45\n`;
    expect(mergeExportFiles('csv', [csv(batch1), csv(batch2)], ordered).text).toBe(
      [
        header,
        '2026-09-01,2026-09-08,51,C,5,90.5',
        '2026-09-01,2026-09-08,1,A,2,60',
        '2026-09-01,2026-09-08,2,B,1,',
        '2026-09-08,2026-09-15,51,C,3,45',
        '2026-09-08,2026-09-15,52,D,3,45',
        '2026-09-08,2026-09-15,1,A,1,30',
        '',
      ].join('\n'),
    );
    // The same batches as JSON: the same order, through the same merge.
    const asJson = (text: string) =>
      JSON.stringify(
        mergeElements([csv(text).elements]).map((e) => ({
          ...e,
          metrics: e.metrics.map((r) => ({ team_id: Number(r.team_id), 'pr.merged': Number(r['pr.merged']), 'branch.time_to_pr:p75': r['branch.time_to_pr:p75'] === '' ? null : Number(r['branch.time_to_pr:p75']) })),
        })),
      );
    const merged = JSON.parse(mergeExportFiles('json', [json(asJson(batch1)), json(asJson(batch2))], ordered).text) as { metrics: { team_id: number }[] }[];
    expect(merged.map((e) => e.metrics.map((r) => r.team_id))).toEqual([[51, 1, 2], [51, 52, 1]]);
  });

  it('JSON files merge per time range', () => {
    const a = JSON.stringify([{ after: '2026-09-01', before: '2026-11-24', metrics: [{ team_id: 51, 'pr.merged': 4 }] }]);
    const b = JSON.stringify([{ after: '2026-09-01', before: '2026-11-24', metrics: [{ team_id: 1, 'pr.merged': 3 }] }]);
    expect(JSON.parse(mergeExportFiles('json', [json(a), json(b)], s).text)).toEqual([
      { after: '2026-09-01', before: '2026-11-24', metrics: [{ team_id: 1, 'pr.merged': 3 }, { team_id: 51, 'pr.merged': 4 }] },
    ]);
  });

  it.each([
    ['{', 'is not JSON'],
    ['{}', 'expected a list of time ranges'],
    ['[{"after":"a","before":"b","metrics":[1]}]', '[0].metrics is not a list of rows'],
    ['[{"after":1,"before":"b","metrics":[]}]', '[0].after/before are not dates'],
  ])('a malformed file %s: %s', (text, message) => {
    expect(() => parseElements(text, 'the file')).toThrow(message);
  });
});
