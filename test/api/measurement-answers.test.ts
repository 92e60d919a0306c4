// The measurement answer against its request (src/api/measurement-answers.ts), table by table: the
// buckets a request asks for, and the first thing an answer says that was not asked, or leaves out.

import { describe, expect, it } from 'vitest';
import { measurementAnswerProblem, rangeBuckets, repeatedAcrossAnswers } from '../../src/api/measurement-answers.js';
import type { MeasurementElement, MeasurementsBody } from '../../src/contract/measurement-types.js';

describe('rangeBuckets', () => {
  it.each([
    [{ after: '2026-01-05', before: '2026-01-19' }, '1w', ['2026-01-05/2026-01-12', '2026-01-12/2026-01-19']],
    [{ after: '2026-01-05', before: '2026-01-15' }, '1w', ['2026-01-05/2026-01-12', '2026-01-12/2026-01-15']],
    [{ after: '2026-01-31', before: '2026-04-30' }, '1mo', ['2026-01-31/2026-02-28', '2026-02-28/2026-03-28', '2026-03-28/2026-04-28', '2026-04-28/2026-04-30']],
    [{ after: '2026-02-27', before: '2026-03-02' }, '1d', ['2026-02-27/2026-02-28', '2026-02-28/2026-03-01', '2026-03-01/2026-03-02']],
    [{ after: '2026-01-01', before: '2026-03-01' }, 'custom', ['2026-01-01/2026-03-01']],
    [{ after: '2026-01-01', before: '2026-03-01' }, undefined, ['2026-01-01/2026-03-01']],
  ] as const)('%j by %s', (range, rollUp, want) => {
    expect(rangeBuckets(range, rollUp).map((b) => `${b.after}/${b.before}`)).toEqual(want);
  });
});

const BODY: MeasurementsBody = {
  requested_metrics: [{ name: 'pr.merged' }],
  time_ranges: [{ after: '2026-11-09', before: '2026-11-23' }],
  roll_up: '1w',
  group_by: 'team',
  team_ids: [42, 43],
};
const W2 = { after: '2026-11-09', before: '2026-11-16' };
const W3 = { after: '2026-11-16', before: '2026-11-23' };
const el = (range: { after: string; before: string }, ...metrics: MeasurementElement['metrics']): MeasurementElement => ({ ...range, metrics });
const EVERY = { everyBucket: true };

describe('measurementAnswerProblem', () => {
  it.each<[string, MeasurementsBody, MeasurementElement[], string | undefined]>([
    ['as asked', BODY, [el(W2, { team_id: 42, 'pr.merged': 1 }), el(W3)], undefined],
    ['a group key as digits', BODY, [el(W2, { team_id: '42' }), el(W3)], undefined],
    ['a bucket left out', BODY, [el(W2)], 'the answer has no element for the time range 2026-11-16 to 2026-11-23, which the request asked for (a bucket without data is an element with metrics: [], and no data at all is a 204)'],
    ['[]', BODY, [], 'the answer has no element for the time range 2026-11-09 to 2026-11-16 (and 1 more), which the request asked for (a bucket without data is an element with metrics: [], and no data at all is a 204)'],
    ['a bucket twice', BODY, [el(W2), el(W3), el(W3)], 'field [2] repeats the time range 2026-11-16 to 2026-11-23 of [1]'],
    ['a bucket shifted', BODY, [el(W2), el({ after: '2026-11-17', before: '2026-11-24' })], 'field [1] is the time range 2026-11-17 to 2026-11-24, which the request did not ask for (it asked for 2 buckets from 2026-11-09 to 2026-11-23)'],
    ['before not after after', BODY, [el(W2), el({ after: '2026-11-23', before: '2026-11-16' })], 'field [1].before (2026-11-16) is not after its after (2026-11-23)'],
    ['a row without its key', BODY, [el(W2, { 'pr.merged': 1 }), el(W3)], 'field [0].metrics[0].team_id is missing'],
    ['a group twice', BODY, [el(W2), el(W3, { team_id: 43 }, { team_id: 42 }, { team_id: 43 })], 'field [1].metrics[2].team_id repeats team 43 of [1].metrics[0]'],
    ['a group not asked', BODY, [el(W2, { team_id: 999999 }), el(W3)], 'field [0].metrics[0].team_id is 999999, a team the request did not ask for'],
    ['a negative id', BODY, [el(W2, { team_id: -42 }), el(W3)], 'field [0].metrics[0].team_id is -42, not a team id'],
    ['an organization row without its key', { ...BODY, group_by: undefined, team_ids: undefined }, [el(W2, { 'pr.merged': 3 }), el(W3)], 'field [0].metrics[0].organization_id is missing'],
    ['the manual workflow bucket', { ...BODY, group_by: 'ai_review', team_ids: undefined }, [el(W2, { dev_tool_id: 'manual' }, { dev_tool_id: 17 }), el(W3)], undefined],
    ['a workflow group of another word', { ...BODY, group_by: 'ai_review', team_ids: undefined }, [el(W2, { dev_tool_id: 'other' }), el(W3)], 'field [0].metrics[0].dev_tool_id is "other", not a tool id or "manual"'],
    ['contributors without an id list: any id', { ...BODY, group_by: 'contributor', team_ids: undefined }, [el(W2, { contributor_id: 501 }), el(W3)], undefined],
  ])('%s', (_name, body, elements, want) => {
    expect(measurementAnswerProblem(body, elements, EVERY)).toBe(want);
  });

  it('a CSV file (no line for a bucket without rows) is checked by its rows only', () => {
    expect(measurementAnswerProblem(BODY, [el(W3, { team_id: '42' })], { everyBucket: false })).toBeUndefined();
    expect(measurementAnswerProblem(BODY, [el(W3, { team_id: '41' })], { everyBucket: false })).toBe('field [0].metrics[0].team_id is 41, a team the request did not ask for');
  });
});

describe('repeatedAcrossAnswers', () => {
  it('finds a group two pages both hold in one time range, and nothing across time ranges', () => {
    const page1 = [el(W2, { contributor_id: 501 }), el(W3, { contributor_id: 502 })];
    expect(repeatedAcrossAnswers('contributor', [page1, [el(W2, { contributor_id: 502 }), el(W3, { contributor_id: 501 })]])).toBeUndefined();
    expect(repeatedAcrossAnswers('contributor', [page1, [el(W2), el(W3, { contributor_id: 502 })]])).toBe(
      'contributor 502 is answered twice for the time range 2026-11-16 to 2026-11-23, by two calls of one request',
    );
  });
});
