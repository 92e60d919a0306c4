// One bucket per moment, the pure halves (src/measure/store/overlaps.ts): which buckets of a
// version-1 series survive the migration (the latest fetch first, then each older one only if it
// overlaps none kept), and which stored buckets a run's rows replace (statements per span of the
// run's buckets, series with the same buckets sharing one).

import { describe, expect, it } from 'vitest';
import { droppedLatestFirst, longestBucketDays, replacements, type DatedBucket } from '../../../src/measure/store/overlaps.js';

const b = (after: string, before: string, fetched_at: string): DatedBucket => ({ after, before, fetched_at });
const short = (list: readonly DatedBucket[]) => list.map((x) => `${x.after}/${x.before}`).sort();

describe('droppedLatestFirst', () => {
  it('keeps the most recently fetched of two overlapping weeks', () => {
    const friday = b('2026-10-17', '2026-10-24', '2026-10-23T06:00:00Z');
    const tuesday = b('2026-10-14', '2026-10-21', '2026-10-20T06:00:00Z');
    expect(droppedLatestFirst([friday, tuesday])).toEqual([tuesday]);
    expect(droppedLatestFirst([tuesday, friday])).toEqual([tuesday]);
  });

  it('an older bucket is kept when it overlaps none kept, even when it overlaps one that was dropped', () => {
    // C (newest) drops B; A overlaps B only, so A stays: the chain is judged against what is kept.
    const a = b('2026-10-01', '2026-10-08', '2026-10-01T00:00:00Z');
    const bb = b('2026-10-05', '2026-10-12', '2026-10-02T00:00:00Z');
    const c = b('2026-10-10', '2026-10-17', '2026-10-03T00:00:00Z');
    expect(short(droppedLatestFirst([a, bb, c]))).toEqual(['2026-10-05/2026-10-12']);
  });

  it('a series of two weekday cycles keeps the newer cycle whole and the older weeks outside it', () => {
    const older: DatedBucket[] = [];
    const newer: DatedBucket[] = [];
    for (let w = 0; w < 10; w++) {
      const day = (d: number) => new Date(Date.UTC(2026, 8, 2 + d)).toISOString().slice(0, 10);
      older.push(b(day(7 * w), day(7 * w + 7), '2026-09-01T00:00:00Z')); // Wednesdays
      if (w >= 3) newer.push(b(day(7 * w + 5), day(7 * w + 12), '2026-11-01T00:00:00Z')); // Mondays
    }
    const dropped = droppedLatestFirst([...older, ...newer]);
    expect(dropped.every((x) => x.fetched_at === '2026-09-01T00:00:00Z')).toBe(true);
    // Wednesday weeks from w = 3 overlap a Monday week; w = 0..2 end before the first Monday week starts.
    expect(dropped).toHaveLength(7);
    const kept = [...older, ...newer].filter((x) => !dropped.includes(x)).sort((x, y) => (x.after < y.after ? -1 : 1));
    for (let i = 1; i < kept.length; i++) expect((kept[i]?.after ?? '') >= (kept[i - 1]?.before ?? ''), JSON.stringify(kept[i])).toBe(true);
  });

  it('ties of fetched_at go to the later bucket; identical buckets cannot both be stored, so none is a tie of itself', () => {
    const early = b('2026-10-01', '2026-11-01', '2026-11-02T00:00:00Z');
    const late = b('2026-10-15', '2026-11-15', '2026-11-02T00:00:00Z');
    expect(droppedLatestFirst([early, late])).toEqual([early]);
    expect(droppedLatestFirst([b('2026-10-01', '2026-10-08', 'x')])).toEqual([]);
    expect(droppedLatestFirst([])).toEqual([]);
  });

  it('buckets that only touch (one ends where the next starts) do not overlap', () => {
    expect(droppedLatestFirst([b('2026-10-01', '2026-10-08', '1'), b('2026-10-08', '2026-10-15', '2'), b('2026-09-24', '2026-10-01', '3')])).toEqual([]);
  });
});

describe('replacements', () => {
  const row = (metric: string, group_id: string, after: string, before: string) => ({ metric, group_id, after, before });

  it('a whole run is one statement per metric: the series share their buckets', () => {
    const rows = ['a', 'b'].flatMap((metric) => ['1', '2', '3'].flatMap((g) => [row(metric, g, '2026-10-05', '2026-10-12'), row(metric, g, '2026-10-12', '2026-10-19')]));
    expect(replacements(rows)).toEqual([
      { metric: 'a', groups: ['1', '2', '3'], after: '2026-10-05', before: '2026-10-19', buckets: [{ after: '2026-10-05', before: '2026-10-12' }, { after: '2026-10-12', before: '2026-10-19' }] },
      { metric: 'b', groups: ['1', '2', '3'], after: '2026-10-05', before: '2026-10-19', buckets: [{ after: '2026-10-05', before: '2026-10-12' }, { after: '2026-10-12', before: '2026-10-19' }] },
    ]);
  });

  it('a group seen in some buckets only (paged groupings) gets its own statements, one per contiguous span', () => {
    const rows = [
      row('m', '1', '2026-10-05', '2026-10-12'), row('m', '1', '2026-10-12', '2026-10-19'), row('m', '1', '2026-10-19', '2026-10-26'),
      row('m', '7', '2026-10-05', '2026-10-12'), row('m', '7', '2026-10-19', '2026-10-26'),
    ];
    expect(replacements(rows).map((r) => [r.groups, r.after, r.before, r.buckets.length])).toEqual([
      [['1'], '2026-10-05', '2026-10-26', 3],
      [['7'], '2026-10-05', '2026-10-12', 1],
      [['7'], '2026-10-19', '2026-10-26', 1],
    ]);
  });
});

describe('longestBucketDays', () => {
  it('per roll-up, the run\'s longest bucket in days', () => {
    const rows = [
      { roll_up: '1mo' as const, after: '2026-02-01', before: '2026-03-01' },
      { roll_up: '1mo' as const, after: '2026-03-01', before: '2026-04-01' },
      { roll_up: '1w' as const, after: '2026-03-02', before: '2026-03-09' },
    ];
    expect([...longestBucketDays(rows)]).toEqual([['1mo', 31], ['1w', 7]]);
  });
});
