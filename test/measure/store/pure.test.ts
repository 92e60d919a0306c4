// The store's pure parts: targets and their redaction, canonical filters, roll-up buckets, the
// upsert statement of both dialects, rows of a result, and how --from chooses a series.

import { describe, expect, it } from 'vitest';
import { chooseSeries, type Holding } from '../../../src/measure/store/choose.js';
import { canonicalFilters } from '../../../src/measure/store/filters.js';
import { pgpassKey, pgpassPassword } from '../../../src/measure/store/pgpass.js';
import { redactor } from '../../../src/measure/store/postgres.js';
import { bucketsOf, storeRows } from '../../../src/measure/store/rows.js';
import { batchParams, upsertSql } from '../../../src/measure/store/sql.js';
import { parseStoreTarget, shownUrl } from '../../../src/measure/store/target.js';
import type { MeasurementResult } from '../../../src/measure/result-model.js';

describe('targets', () => {
  it.each([
    ['sqlite:metrics/h.db', { engine: 'sqlite', path: '/cfg/metrics/h.db' }],
    ['sqlite:/var/h.db', { engine: 'sqlite', path: '/var/h.db' }],
    ['sqlite:///var/h.db', { engine: 'sqlite', path: '/var/h.db' }],
    ['postgres://u@db:5432/m?sslmode=require', { engine: 'postgres', url: 'postgres://u@db:5432/m?sslmode=require' }],
    ['postgresql://u:p@db/m', { engine: 'postgres', url: 'postgresql://u:p@db/m' }],
  ])('%s', (text, expected) => {
    expect(parseStoreTarget(text, '/cfg')).toEqual(expected);
  });

  it.each([['sqlite:'], ['sqlite::memory:'], ['postgres://u:secret@/db'], ['mysql://x']])('%s is refused', (text) => {
    const parsed = parseStoreTarget(text, '/cfg');
    expect(parsed).toHaveProperty('problem');
    expect(JSON.stringify(parsed)).not.toContain('secret');
  });

  it.each([
    ['postgres://u:s3cret@db:5432/m', 'postgres://u:***@db:5432/m'],
    ['postgres://u:p@ss/w@rd@db/m', 'postgres://u:***@db/m'],
    ['postgres://u@db/m?password=s3cret&sslmode=require', 'postgres://u@db/m?password=***&sslmode=require'],
    ['postgres://db/m', 'postgres://db/m'],
  ])('%s is shown as %s', (url, shown) => {
    expect(shownUrl(url)).toBe(shown);
  });

  it('the redactor hides a password and its URL-encoded spelling, longest first', () => {
    const redact = redactor(['p@ss word', undefined, '']);
    expect(redact('failed for p@ss word and p%40ss%20word')).toBe('failed for *** and ***');
  });
});

describe('canonical filters', () => {
  const none = { teamIds: [], repositoryIds: [], contributorIds: [], serviceIds: [], labels: [] };
  it.each([
    ['organization', none, '{}'],
    ['team', { ...none, teamIds: [3, 1] }, '{}'],
    ['organization', { ...none, teamIds: [3, 1, 3] }, '{"team_ids":[1,3]}'],
    ['repository', { ...none, repositoryIds: [9], serviceIds: [20, 4], labels: ['b', 'a'] }, '{"labels":["a","b"],"service_ids":[4,20]}'],
    ['team', { ...none, teamIds: [1], contributorIds: [7], repositoryIds: [2] }, '{"contributor_ids":[7],"repository_ids":[2]}'],
  ] as const)('by %s %j -> %s', (groupBy, ids, expected) => {
    expect(canonicalFilters(groupBy, ids)).toBe(expected);
  });
});

describe('buckets', () => {
  it.each([
    ['2026-09-01', '2026-09-15', '1w', [['2026-09-01', '2026-09-08'], ['2026-09-08', '2026-09-15']]],
    ['2026-09-01', '2026-09-10', '1w', [['2026-09-01', '2026-09-08'], ['2026-09-08', '2026-09-10']]],
    ['2026-01-31', '2026-04-01', '1mo', [['2026-01-31', '2026-02-28'], ['2026-02-28', '2026-03-28'], ['2026-03-28', '2026-04-01']]],
    ['2026-09-01', '2026-09-03', '1d', [['2026-09-01', '2026-09-02'], ['2026-09-02', '2026-09-03']]],
    ['2026-09-01', '2026-12-01', 'custom', [['2026-09-01', '2026-12-01']]],
  ] as const)('%s to %s by %s', (after, before, rollUp, expected) => {
    expect(bucketsOf(after, before, rollUp).map((b) => [b.after, b.before])).toEqual(expected);
  });
});

describe('the upsert statement', () => {
  it('is one text for both engines but for where the rows come from', () => {
    const sqlite = upsertSql('sqlite', 2);
    const postgres = upsertSql('postgres', 2);
    const conflict = 'ON CONFLICT ("source", "metric", "group_by", "group_id", "filters", "roll_up", "after", "before") DO UPDATE SET "group_name" = excluded."group_name", "value" = excluded."value", "fetched_at" = excluded."fetched_at", "complete" = excluded."complete"';
    const insert = 'INSERT INTO emctl_measurements ("source", "metric", "group_by", "group_id", "group_name", "roll_up", "after", "before", "filters", "value", "fetched_at", "complete") ';
    expect(sqlite).toBe(`${insert}VALUES (${Array(12).fill('?').join(', ')}), (${Array(12).fill('?').join(', ')}) ${conflict}`);
    expect(postgres).toBe(
      `${insert}SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::date[], $8::date[], $9::text[], $10::float8[], $11::timestamptz[], $12::bool[]) ${conflict}`,
    );
  });

  it('takes rows flat (SQLite) or as one array per column (PostgreSQL)', () => {
    const rows = [
      ['a', 'm', 'team', '1', null, '1w', '2026-01-01', '2026-01-08', '{}', 1, 'T', 1],
      ['a', 'm', 'team', '2', 'B', '1w', '2026-01-01', '2026-01-08', '{}', null, 'T', 0],
    ];
    expect(batchParams('sqlite', rows)).toEqual(rows.flat());
    expect(batchParams('postgres', rows)).toEqual([['a', 'a'], ['m', 'm'], ['team', 'team'], ['1', '2'], [null, 'B'], ['1w', '1w'], ['2026-01-01', '2026-01-01'], ['2026-01-08', '2026-01-08'], ['{}', '{}'], [1, null], ['T', 'T'], [1, 0]]);
  });
});

describe('rows of a result', () => {
  const result: MeasurementResult = {
    report: undefined,
    metrics: [{ name: 'pr.merged', agg: undefined, key: 'pr.merged', unit: 'count' }],
    groupBy: 'team',
    groupKey: 'team_id',
    nameColumn: 'team_name',
    rollUp: '1w',
    after: '2026-09-01',
    before: '2026-09-15',
    elements: [
      { after: '2026-09-01', before: '2026-09-08', rows: [{ group: 42, name: 'Payments', values: { 'pr.merged': 3 } }, { group: 42, name: 'Payments', values: { 'pr.merged': 4 } }] },
      { after: '2026-09-08', before: '2026-09-15', rows: [] },
    ],
    noData: false,
  };
  const ctx = { source: 's', filters: '{}', fetchedAt: 'T', groups: [42, 43], names: new Map([[43, 'Checkout']]) };
  const short = (r: { group_id: string; group_name: string | null; after: string; value: number | null }) => [r.group_id, r.group_name, r.after, r.value];

  it('one row per bucket, group and metric; a repeated group once (the last); requested groups without data null', () => {
    expect(storeRows(result, ctx).map(short)).toEqual([
      ['42', 'Payments', '2026-09-01', 4],
      ['43', 'Checkout', '2026-09-01', null],
      ['42', null, '2026-09-08', null],
      ['43', 'Checkout', '2026-09-08', null],
    ]);
  });

  it('a 204 answer still gives every requested group a null row in every bucket of the window', () => {
    expect(storeRows({ ...result, elements: [], noData: true }, ctx).map(short)).toEqual([
      ['42', null, '2026-09-01', null],
      ['43', 'Checkout', '2026-09-01', null],
      ['42', null, '2026-09-08', null],
      ['43', 'Checkout', '2026-09-08', null],
    ]);
  });
});

describe('--from chooses one series', () => {
  const NOW = new Date('2026-03-01T00:00:00Z');
  const h = (source: string, groupBy: string, rollUp: string, filters: string, metric: string): Holding => ({
    source, group_by: groupBy, roll_up: rollUp, filters, metric, n: 1, first: '2026-01-01', last: '2026-02-01',
  });
  const holdings = [h('a', 'team', '1w', '{}', 'pr.merged'), h('a', 'team', '1w', '{}', 'pr.new'), h('a', 'team', '1d', '{}', 'pr.merged'), h('b', 'team', '1w', '{}', 'pr.merged')];

  it.each([
    [{}, /holds measurements of 2 services: choose one with --base-url/],
    [{ source: 'c' }, /holds no measurements of the service c \(it holds a, b\)/],
    [{ source: 'a' }, /holds measurements of 2 roll-ups: choose one with --roll-up/],
    [{ source: 'a', rollUp: '1w', metrics: ['pr.old'] }, /holds no pr.old for this selection; it holds: pr.merged, pr.new/],
    [{ source: 'a', rollUp: '1w', window: { after: '2027-01-01', before: '2027-02-01' } }, /no buckets in \[2027-01-01, 2027-02-01\).*it holds 2026-01-01 to 2026-02-01/],
  ] as const)('%j is an error', (selection, message) => {
    expect(() => chooseSeries(holdings, selection as never, NOW)).toThrow(message);
  });

  it('a flag not given takes the one value held', () => {
    expect(chooseSeries(holdings, { source: 'b' }, NOW)).toEqual({ source: 'b', groupBy: 'team', rollUp: '1w', filters: '{}', metrics: ['pr.merged'], after: '2026-01-01', before: '2026-02-01' });
  });

  it('a flag not given takes the one value among the series that hold every metric asked', () => {
    // pr.new is held only by service a, weekly: no --base-url, no --roll-up needed.
    expect(chooseSeries(holdings, { metrics: ['pr.new'] }, NOW)).toMatchObject({ source: 'a', rollUp: '1w', metrics: ['pr.new'] });
    expect(chooseSeries(holdings, { source: 'a', metrics: ['pr.new', 'pr.merged'] }, NOW)).toMatchObject({ rollUp: '1w' });
    // pr.merged is held by three series: still a choice to make.
    expect(() => chooseSeries(holdings, { metrics: ['pr.merged'] }, NOW)).toThrow(/holds measurements of 2 services/);
    // No series holds pr.new and pr.old: the error names what the chosen one holds.
    expect(() => chooseSeries(holdings, { source: 'a', rollUp: '1w', metrics: ['pr.new', 'pr.old'] }, NOW)).toThrow(/holds no pr.old for this selection/);
  });

  it('no filter flags means the unfiltered rows, even where only a filtered series holds every metric asked', () => {
    const stored = [h('a', 'team', '1w', '{}', 'pr.merged'), h('a', 'team', '1w', '{"labels":["bug"]}', 'pr.merged'), h('a', 'team', '1w', '{"labels":["bug"]}', 'pr.new')];
    expect(() => chooseSeries(stored, { metrics: ['pr.merged', 'pr.new'] }, NOW)).toThrow(/holds no pr.new for this selection; it holds: pr.merged/);
    expect(chooseSeries(stored, { metrics: ['pr.merged', 'pr.new'], filters: '{"labels":["bug"]}' }, NOW)).toMatchObject({ filters: '{"labels":["bug"]}' });
  });

  it('a flag given is judged against the whole store, before the metrics narrow it', () => {
    const stored = [h('a', 'team', '1w', '{}', 'pr.merged'), h('a', 'team', '1w', '{}', 'pr.new'), h('a', 'repository', '1w', '{}', 'pr.merged')];
    expect(() => chooseSeries(stored, { metrics: ['pr.merged', 'pr.new'], groupBy: 'repository' }, NOW)).toThrow(/holds no pr.new for this selection; it holds: pr.merged/);
    expect(chooseSeries(stored, { metrics: ['pr.merged', 'pr.new'] }, NOW)).toMatchObject({ groupBy: 'team' });
  });

  it('--last is whole buckets of the chosen series: ISO weeks of weekly rows, days of daily ones', () => {
    const thursday = new Date('2026-01-29T10:00:00Z');
    const saturday = new Date('2026-01-31T10:00:00Z');
    for (const now of [thursday, saturday]) {
      expect(chooseSeries(holdings, { source: 'a', rollUp: '1w', window: { last: '2w' } }, now)).toMatchObject({ after: '2026-01-19', before: '2026-02-02' });
    }
    expect(chooseSeries(holdings, { source: 'a', rollUp: '1d', window: { last: '2w' } }, thursday)).toMatchObject({ after: '2026-01-16', before: '2026-01-30' });
  });
});

describe('~/.pgpass', () => {
  const key = { host: 'db.internal', port: '5432', database: 'metrics', user: 'emctl' };
  it.each([
    ['db.internal:5432:metrics:emctl:s3cret', 's3cret'],
    ['*:*:*:emctl:any', 'any'],
    ['# comment\nother:5432:metrics:emctl:no\ndb.internal:*:metrics:emctl:yes\n*:*:*:*:later', 'yes'],
    ['db.internal:5432:metrics:emctl:with\\:colon\\\\back', 'with:colon\\back'],
    ['db.internal:5433:metrics:emctl:wrong-port', undefined],
    ['db.internal:5432:metrics', undefined],
  ])('%j -> %s', (text, password) => {
    expect(pgpassPassword(text, key)).toBe(password);
  });

  it('takes the URL fields with libpq defaults', () => {
    expect(pgpassKey('postgres://emctl@db.internal/metrics', {})).toEqual(key);
    expect(pgpassKey('postgres://db.internal', { USER: 'ci' })).toEqual({ host: 'db.internal', port: '5432', database: 'ci', user: 'ci' });
  });
});
