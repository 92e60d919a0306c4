// The emulator's v2 answers paged from one computed whole (issue 19: a year of contributors paged
// 100 at a time was computed once per page): pages equal what the engine cuts itself, the whole is
// computed once per question and state revision, and what is kept is bounded.

import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../../../src/emulator/metrics/answer-cache.js';
import type { MeasurementElement, MeasurementQuery } from '../../../src/emulator/metrics/types.js';
import { queryDefaults } from './query-defaults.mjs';

function query(over: Partial<MeasurementQuery> = {}): MeasurementQuery {
  return { ...(queryDefaults() as Omit<MeasurementQuery, 'metrics' | 'timeRanges'>), metrics: [{ name: 'pr.merged', key: 'pr.merged' }], timeRanges: [{ after: '2026-09-01', before: '2026-09-08' }], groupBy: 'contributor', ...over } as MeasurementQuery;
}

/** An engine stand-in that counts its runs and cuts its answer as the engine does (offset, then limit). */
function engine(groups: number, ranges = 2) {
  let runs = 0;
  const compute = (q: MeasurementQuery): MeasurementElement[] => {
    runs += 1;
    return Array.from({ length: ranges }, (_, r) => {
      const rows = Array.from({ length: groups }, (_, g) => ({ contributor_id: g + 1, 'pr.merged': r * 1000 + g }));
      const from = q.offset;
      return { after: `2026-09-0${r + 1}`, before: `2026-09-0${r + 2}`, metrics: q.limit === undefined ? rows.slice(from) : rows.slice(from, from + q.limit) };
    });
  };
  return { compute, runs: () => runs };
}

describe('AnswerCache', () => {
  it('answers every page of a question from one computed whole, each page as the engine would cut it', () => {
    const cache = new AnswerCache();
    const e = engine(250);
    for (const [limit, offset] of [[100, 0], [100, 100], [100, 200], [1000, 0], [undefined, 30]] as const) {
      const q = query({ limit, offset });
      expect(cache.page(q, 0, e.compute)).toEqual(engine(250).compute(q));
    }
    expect(e.runs()).toBe(1);
  });

  it('computes again for another question or a new state revision', () => {
    const cache = new AnswerCache();
    const e = engine(10);
    cache.page(query({ limit: 5 }), 0, e.compute);
    cache.page(query({ limit: 5, orderBy: 'pr.merged' }), 0, e.compute);
    cache.page(query({ limit: 5, offset: 5 }), 1, e.compute);
    expect(e.runs()).toBe(3);
  });

  it('keeps at most 8 answers, the least recently used dropped first', () => {
    const cache = new AnswerCache();
    const e = engine(3);
    const ask = (team: number) => cache.page(query({ teamIds: [team] }), 0, e.compute);
    for (let team = 1; team <= 8; team++) ask(team);
    ask(1); // used again: now the most recent
    ask(9); // drops team 2
    const before = e.runs();
    ask(1);
    expect(e.runs()).toBe(before);
    ask(2);
    expect(e.runs()).toBe(before + 1);
  });

  it('does not keep an answer over 200,000 rows', () => {
    const cache = new AnswerCache();
    const e = engine(100_001);
    cache.page(query({ limit: 10 }), 0, e.compute);
    cache.page(query({ limit: 10, offset: 10 }), 0, e.compute);
    expect(e.runs()).toBe(2);
  });
});
