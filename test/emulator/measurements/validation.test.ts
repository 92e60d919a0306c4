// Validation of measurement request bodies over real HTTP (api-spec.md 14, 16, 17): every rule
// answers 422 in the Pydantic shape at the field's loc, all problems at once; the leniencies of
// api-notes.md are accepted; a bad key is 401.

import { describe, expect, test } from 'vitest';
import { call, hasIssueAt, sharedEmulator } from '../helpers.js';

const emulator = sharedEmulator();

const BASE = { requested_metrics: [{ name: 'pr.merged' }], time_ranges: [{ after: '2026-06-01', before: '2026-07-01' }] };
const body = (extra: Record<string, unknown>) => ({ ...BASE, ...extra });
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

type Loc = (string | number)[];

describe('v2 body rules: 422 at the loc', () => {
  test.each<[string, unknown, Loc, string]>([
    ['not an object', [1], ['body'], 'dict_type'],
    ['unknown field', body({ group: 'team' }), ['body', 'group'], 'extra_forbidden'],
    ['requested_metrics missing', { time_ranges: BASE.time_ranges }, ['body', 'requested_metrics'], 'missing'],
    ['requested_metrics empty', body({ requested_metrics: [] }), ['body', 'requested_metrics'], 'too_short'],
    ['metric without name', body({ requested_metrics: [{ agg: 'p50' }] }), ['body', 'requested_metrics', 0, 'name'], 'missing'],
    ['metric name not a string', body({ requested_metrics: [{ name: 5 }] }), ['body', 'requested_metrics', 0, 'name'], 'string_type'],
    ['unknown agg', body({ requested_metrics: [{ name: 'branch.time_to_pr', agg: 'p99' }] }), ['body', 'requested_metrics', 0, 'agg'], 'enum'],
    ['agg the metric does not take', body({ requested_metrics: [{ name: 'pr.merged', agg: 'p75' }] }), ['body', 'requested_metrics', 0, 'agg'], 'value_error'],
    ['p90 on pr.merged.size', body({ requested_metrics: [{ name: 'pr.merged.size', agg: 'p90' }] }), ['body', 'requested_metrics', 0, 'agg'], 'value_error'],
    ['extra field in a metric', body({ requested_metrics: [{ name: 'pr.merged', unit: 'x' }] }), ['body', 'requested_metrics', 0, 'unit'], 'extra_forbidden'],
    ['time_ranges missing', { requested_metrics: BASE.requested_metrics }, ['body', 'time_ranges'], 'missing'],
    ['time_ranges empty', body({ time_ranges: [] }), ['body', 'time_ranges'], 'too_short'],
    ['date with a time', body({ time_ranges: [{ after: '2026-06-01T00:00:00Z', before: '2026-07-01' }] }), ['body', 'time_ranges', 0, 'after'], 'date_from_datetime_parsing'],
    ['date that does not exist', body({ time_ranges: [{ after: '2026-02-30', before: '2026-07-01' }] }), ['body', 'time_ranges', 0, 'after'], 'date_from_datetime_parsing'],
    ['before missing', body({ time_ranges: [{ after: '2026-06-01' }] }), ['body', 'time_ranges', 0, 'before'], 'missing'],
    ['before equal to after', body({ time_ranges: [{ after: '2026-06-01', before: '2026-06-01' }] }), ['body', 'time_ranges', 0, 'before'], 'value_error'],
    ['before earlier than after', body({ time_ranges: [{ after: '2026-06-01', before: '2026-05-01' }] }), ['body', 'time_ranges', 0, 'before'], 'value_error'],
    ['several ranges with roll_up 1w', body({ roll_up: '1w', time_ranges: [BASE.time_ranges[0], { after: '2026-07-01', before: '2026-08-01' }] }), ['body', 'time_ranges'], 'value_error'],
    ['roll_up 1m', body({ roll_up: '1m' }), ['body', 'roll_up'], 'enum'],
    ['more than 5000 daily buckets', body({ roll_up: '1d', time_ranges: [{ after: '2000-01-01', before: '2020-01-01' }] }), ['body', 'time_ranges'], 'value_error'],
    ['more than 5000 custom ranges', body({ time_ranges: Array.from({ length: 5001 }, () => BASE.time_ranges[0]) }), ['body', 'time_ranges'], 'value_error'],
    ['unknown group_by', body({ group_by: 'service' }), ['body', 'group_by'], 'enum'],
    ['group_by team without team_ids', body({ group_by: 'team' }), ['body', 'team_ids'], 'missing'],
    ['team_ids empty', body({ team_ids: [] }), ['body', 'team_ids'], 'too_short'],
    ['team_ids over 50', body({ team_ids: ids(51) }), ['body', 'team_ids'], 'too_long'],
    ['contributor_ids over 50', body({ contributor_ids: ids(51) }), ['body', 'contributor_ids'], 'too_long'],
    ['repository_ids over 50', body({ repository_ids: ids(51) }), ['body', 'repository_ids'], 'too_long'],
    ['service_ids over 50', body({ service_ids: ids(51) }), ['body', 'service_ids'], 'too_long'],
    ['an id that is not a number', body({ repository_ids: [1, 'api'] }), ['body', 'repository_ids', 1], 'int_parsing'],
    ['an id that is a float', body({ repository_ids: [1.5] }), ['body', 'repository_ids', 0], 'int_type'],
    ['labels over 3', body({ labels: ['a', 'b', 'c', 'd'] }), ['body', 'labels'], 'too_long'],
    ['label not a string', body({ labels: [1] }), ['body', 'labels', 0], 'string_type'],
    ['order_by not requested', body({ order_by: 'pr.new' }), ['body', 'order_by'], 'value_error'],
    ['order_by a plain name requested with two aggs', body({ requested_metrics: [{ name: 'branch.time_to_pr', agg: 'p50' }, { name: 'branch.time_to_pr', agg: 'p90' }], order_by: 'branch.time_to_pr' }), ['body', 'order_by'], 'value_error'],
    ['order_dir', body({ order_dir: 'down' }), ['body', 'order_dir'], 'enum'],
    ['limit 0', body({ limit: 0 }), ['body', 'limit'], 'greater_than'],
    ['offset -1', body({ offset: -1 }), ['body', 'offset'], 'greater_than_equal'],
    ['boolean that is not one', body({ return_no_data: 'maybe' }), ['body', 'return_no_data'], 'bool_parsing'],
    ['dev tool 44', body({ dev_tool_ids: [44] }), ['body', 'dev_tool_ids', 0], 'value_error'],
    ['unknown workflow type', body({ workflows_filters: { copilot: {} } }), ['body', 'workflows_filters', 'copilot'], 'extra_forbidden'],
    ['workflow values empty', body({ workflows_filters: { ai_review: { values: [] } } }), ['body', 'workflows_filters', 'ai_review', 'values'], 'too_short'],
    ['workflow value 93', body({ workflows_filters: { ai_review: { values: [93] } } }), ['body', 'workflows_filters', 'ai_review', 'values', 0], 'value_error'],
    ['workflow filter extra field', body({ workflows_filters: { ai_review: { none: true } } }), ['body', 'workflows_filters', 'ai_review', 'none'], 'extra_forbidden'],
    ['additional_group_by_settings order_by not requested', body({ group_by: 'ai_review', additional_group_by_settings: { order_by: 'pr.new', max_items: 3 } }), ['body', 'additional_group_by_settings', 'order_by'], 'value_error'],
    ['additional_group_by_settings max_items 0', body({ group_by: 'ai_review', additional_group_by_settings: { order_by: 'pr.merged', max_items: 0 } }), ['body', 'additional_group_by_settings', 'max_items'], 'greater_than'],
    ['additional_group_by_settings without max_items', body({ group_by: 'ai_review', additional_group_by_settings: { order_by: 'pr.merged' } }), ['body', 'additional_group_by_settings', 'max_items'], 'missing'],
    ['additional_group_by_settings with a non-workflow group_by', body({ group_by: 'repository', additional_group_by_settings: { order_by: 'pr.merged', max_items: 3 } }), ['body', 'additional_group_by_settings'], 'value_error'],
    ['beautified on the plain v2 call', body({ beautified: true }), ['body', 'beautified'], 'extra_forbidden'],
  ])('%s', async (_name, sent, loc, type) => {
    const r = await call(emulator, 'POST', '/api/v2/measurements', { body: sent });
    expect(r.status).toBe(422);
    expect(hasIssueAt(r.body, loc)).toBe(true);
    expect(r.body.detail.find((d: { loc: Loc }) => d.loc.join('/') === loc.join('/'))?.type).toBe(type);
  });

  test('every problem of a body comes at once', async () => {
    const r = await call(emulator, 'POST', '/api/v2/measurements', { body: { requested_metrics: [{ name: 'pr.merged', agg: 'p50' }], time_ranges: [{ after: 'x', before: '2026-01-01' }], roll_up: '1m', extra: 1 } });
    expect(r.status).toBe(422);
    expect(r.body.detail.map((d: { loc: Loc }) => d.loc.join('.')).sort()).toEqual(['body.extra', 'body.requested_metrics.0.agg', 'body.roll_up', 'body.time_ranges.0.after']);
  });

  test('a body that is not JSON, or none, is 422', async () => {
    expect((await call(emulator, 'POST', '/api/v2/measurements', { raw: '{"requested' })).status).toBe(422);
    expect((await call(emulator, 'POST', '/api/v2/measurements', { raw: '' })).status).toBe(422);
  });

  test('export: file_format other than csv/json and unknown query parameters are 422; beautified is a body field there', async () => {
    const bad = await call(emulator, 'POST', '/api/v2/measurements/export?file_format=xlsx', { body: BASE });
    expect(bad.status).toBe(422);
    expect(hasIssueAt(bad.body, ['query', 'file_format'])).toBe(true);
    expect((await call(emulator, 'POST', '/api/v2/measurements/export?format=csv', { body: BASE })).status).toBe(422);
    const ok = await call(emulator, 'POST', '/api/v2/measurements/export?file_format=json', { body: { ...BASE, beautified: 'false' } });
    expect([200, 204]).toContain(ok.status);
  });
});

describe('v2 leniencies (api-notes.md)', () => {
  test('ids and booleans as strings, agg default on any metric (key name:default), unknown names answer 0', async () => {
    const wide = { after: '2020-01-01', before: '2030-01-01' };
    const r = await call(emulator, 'POST', '/api/v2/measurements', {
      body: {
        requested_metrics: [{ name: 'pr.merged', agg: 'default' }, { name: 'branch.time_to_merge', agg: 'default' }, { name: 'no.such.metric' }],
        time_ranges: [wide],
        group_by: 'repository',
        repository_ids: ['1201', 1234],
        return_no_data: 'false',
        limit: '5',
      },
    });
    expect(r.status).toBe(200);
    const rows = r.body[0].metrics;
    expect(rows.map((row: { repository_id: number }) => row.repository_id).sort()).toEqual([1201, 1234]);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['branch.time_to_merge:default', 'no.such.metric', 'pr.merged:default', 'repository_id']);
      expect(row['no.such.metric']).toBe(0);
    }
  });

  test('order_by may name a requested metric by its plain name', async () => {
    const r = await call(emulator, 'POST', '/api/v2/measurements', {
      body: { requested_metrics: [{ name: 'branch.time_to_pr', agg: 'p75' }], time_ranges: [{ after: '2020-01-01', before: '2030-01-01' }], group_by: 'team', team_ids: [42, 43, 44], order_by: 'branch.time_to_pr', order_dir: 'desc' },
    });
    expect(r.status).toBe(200);
    const values = r.body[0].metrics.map((row: Record<string, number>) => row['branch.time_to_pr:p75']);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });
});

describe('v1 body rules', () => {
  const V1 = { requested_metrics: ['pr.merged'], after: '2026-06-01T00:00:00Z', before: '2026-07-01T00:00:00Z' };
  test.each<[string, unknown, Loc, string]>([
    ['metric objects instead of names', { ...V1, requested_metrics: [{ name: 'pr.merged' }] }, ['body', 'requested_metrics', 0], 'string_type'],
    ['a v2-only metric', { ...V1, requested_metrics: ['pr.maturity_ratio'] }, ['body', 'requested_metrics', 0], 'value_error'],
    ['before without after', { requested_metrics: ['pr.merged'], before: '2026-07-01T00:00:00Z' }, ['body', 'after'], 'missing'],
    ['neither before/after nor time_ranges', { requested_metrics: ['pr.merged'] }, ['body', 'time_ranges'], 'missing'],
    ['both before/after and time_ranges', { ...V1, time_ranges: [{ after: '2026-06-01', before: '2026-07-01' }] }, ['body', 'time_ranges'], 'value_error'],
    ['a timestamp that is not one', { ...V1, after: 'yesterday' }, ['body', 'after'], 'datetime_from_date_parsing'],
    ['before not after after', { ...V1, before: '2026-05-01T00:00:00Z' }, ['body', 'before'], 'value_error'],
    ['group_by repository without ids', { ...V1, group_by: 'repository' }, ['body', 'repository_ids'], 'missing'],
    ['group_by service without ids', { ...V1, group_by: 'service' }, ['body', 'service_ids'], 'missing'],
    ['unknown group_by', { ...V1, group_by: 'coding_assistant' }, ['body', 'group_by'], 'enum'],
    ['order_by not requested', { ...V1, order_by: 'pr.new' }, ['body', 'order_by'], 'value_error'],
    ['file_format xlsx', { ...V1, file_format: 'xlsx' }, ['body', 'file_format'], 'enum'],
    ['unknown field', { ...V1, labels: ['x'] }, ['body', 'labels'], 'extra_forbidden'],
    ['service_ids over 50', { ...V1, group_by: 'service', service_ids: Array.from({ length: 51 }, (_, i) => i + 1) }, ['body', 'service_ids'], 'too_long'],
  ])('%s', async (_name, sent, loc, type) => {
    const r = await call(emulator, 'POST', '/api/v1/exporter/measurements', { body: sent });
    expect(r.status).toBe(422);
    expect(r.body.detail.find((d: { loc: Loc }) => d.loc.join('/') === loc.join('/'))?.type).toBe(type);
  });

  test('the v1 fetch takes an integer request_id', async () => {
    const r = await call(emulator, 'GET', '/api/v1/exporter/measurements/abc');
    expect(r.status).toBe(422);
    expect(hasIssueAt(r.body, ['path', 'request_id'])).toBe(true);
  });
});

describe('authentication', () => {
  test.each([
    ['POST', '/api/v2/measurements'],
    ['POST', '/api/v2/measurements/export'],
    ['POST', '/api/v1/exporter/measurements'],
    ['GET', '/api/v1/exporter/measurements/1'],
  ])('%s %s: 401 without a key or with a bad one', async (method, path) => {
    const sent = method === 'POST' ? { body: BASE } : {};
    expect((await call(emulator, method, path, { ...sent, key: null })).status).toBe(401);
    expect((await call(emulator, method, path, { ...sent, key: 'wrong' })).status).toBe(401);
  });
});
