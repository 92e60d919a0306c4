// Roll-up buckets: [after, before) cut into days, weeks or calendar months from `after`, the last
// bucket ending at `before`; every bucket is an element, empty ones with `metrics: []`.

import { describe, expect, it } from 'vitest';
import { cutRange, isoDay } from '../../../src/emulator/metrics/buckets.js';
import { isEmptyAnswer } from '../../../src/emulator/metrics/index.js';
import { DAY, HOUR, world } from './helpers.js';

const days = (after: string, before: string, rollUp: '1d' | '1w' | '1mo' | 'custom') =>
  cutRange({ after, before }, rollUp).map((b) => `${isoDay(b.start)}..${isoDay(b.end)}`);

describe('cutRange', () => {
  it('1d: one bucket per day', () => {
    expect(days('2026-09-01', '2026-09-04', '1d')).toEqual(['2026-09-01..2026-09-02', '2026-09-02..2026-09-03', '2026-09-03..2026-09-04']);
  });
  it('1w: seven days from after, the last one clipped at before', () => {
    expect(days('2026-09-01', '2026-09-20', '1w')).toEqual(['2026-09-01..2026-09-08', '2026-09-08..2026-09-15', '2026-09-15..2026-09-20']);
  });
  it('1mo: calendar months from after; a start on the 29th-31st ends on the same day or the month-end', () => {
    expect(days('2026-01-31', '2026-05-15', '1mo')).toEqual([
      '2026-01-31..2026-02-28',
      '2026-02-28..2026-03-28',
      '2026-03-28..2026-04-28',
      '2026-04-28..2026-05-15',
    ]);
    expect(days('2028-01-30', '2028-03-01', '1mo')).toEqual(['2028-01-30..2028-02-29', '2028-02-29..2028-03-01']);
    expect(days('2026-08-31', '2026-10-31', '1mo')).toEqual(['2026-08-31..2026-09-30', '2026-09-30..2026-10-30', '2026-10-30..2026-10-31']);
    expect(days('2026-12-15', '2027-02-15', '1mo')).toEqual(['2026-12-15..2027-01-15', '2027-01-15..2027-02-15']);
  });
  it('custom keeps the range whole; an empty or inverted range has no bucket', () => {
    expect(days('2026-09-01', '2026-12-01', 'custom')).toEqual(['2026-09-01..2026-12-01']);
    expect(days('2026-09-02', '2026-09-01', '1d')).toEqual([]);
  });
});

describe('roll-up elements', () => {
  const w = world();

  it('1w: each week holds the events inside it; durations placed by their own event', () => {
    const elements = w.run({ metrics: ['pr.new', 'pr.merged', 'branch.time_to_pr'], rollUp: '1w', timeRanges: [{ after: '2026-09-01', before: '2026-09-20' }] });
    expect(elements).toEqual([
      // A (opened 2nd, merged 3rd), B (opened 5th, merged 6th).
      { after: '2026-09-01', before: '2026-09-08', metrics: [{ organization_id: 1, 'pr.new': 2, 'pr.merged': 2, 'branch.time_to_pr': (DAY + HOUR) / 2 }] },
      // C (commit 8th, opened 10th, merged 12th).
      { after: '2026-09-08', before: '2026-09-15', metrics: [{ organization_id: 1, 'pr.new': 1, 'pr.merged': 1, 'branch.time_to_pr': 2 * DAY }] },
      // D (opened 15th).
      { after: '2026-09-15', before: '2026-09-20', metrics: [{ organization_id: 1, 'pr.new': 1, 'pr.merged': 0, 'branch.time_to_pr': HOUR }] },
    ]);
  });

  it('1d: empty days are elements with no rows; a PR with only its first commit in a day still makes a row', () => {
    const elements = w.run({ metrics: ['pr.new', 'branch.time_to_pr'], rollUp: '1d', timeRanges: [{ after: '2026-09-07', before: '2026-09-11' }] });
    expect(elements).toEqual([
      { after: '2026-09-07', before: '2026-09-08', metrics: [] },
      { after: '2026-09-08', before: '2026-09-09', metrics: [{ organization_id: 1, 'pr.new': 0 }] },
      { after: '2026-09-09', before: '2026-09-10', metrics: [] },
      { after: '2026-09-10', before: '2026-09-11', metrics: [{ organization_id: 1, 'pr.new': 1, 'branch.time_to_pr': 2 * DAY }] },
    ]);
    expect(isEmptyAnswer(elements)).toBe(false);
  });

  it('1mo: a month-end start clamps; the last bucket ends at before', () => {
    const elements = w.run({ metrics: ['pr.merged'], rollUp: '1mo', timeRanges: [{ after: '2026-08-31', before: '2026-10-05' }] });
    expect(elements).toEqual([
      { after: '2026-08-31', before: '2026-09-30', metrics: [{ organization_id: 1, 'pr.merged': 4 }] },
      // E's release on October 2nd puts it in the last bucket, with nothing merged there.
      { after: '2026-09-30', before: '2026-10-05', metrics: [{ organization_id: 1, 'pr.merged': 0 }] },
    ]);
  });

  it('a range is [after, before): an event at before 00:00Z belongs to the next range', () => {
    // D is opened on the 15th at 01:00, C merged on the 12th at 00:00.
    expect(w.rows({ metrics: ['pr.merged'], timeRanges: [{ after: '2026-09-11', before: '2026-09-12' }] })).toEqual([]);
    expect(w.rows({ metrics: ['pr.merged'], timeRanges: [{ after: '2026-09-12', before: '2026-09-13' }] })).toEqual([{ organization_id: 1, 'pr.merged': 1 }]);
  });

  it('several custom ranges, overlapping or not, each answer whole', () => {
    const elements = w.run({
      metrics: ['pr.new'],
      timeRanges: [
        { after: '2026-09-01', before: '2026-09-11' },
        { after: '2026-09-05', before: '2026-10-01' },
        { after: '2027-01-01', before: '2027-02-01' },
      ],
    });
    expect(elements.map((e) => e.metrics)).toEqual([[{ organization_id: 1, 'pr.new': 3 }], [{ organization_id: 1, 'pr.new': 4 }], []]);
  });

  it('every element empty is the 204 answer', () => {
    const elements = w.run({ metrics: ['pr.new'], rollUp: '1w', timeRanges: [{ after: '2025-01-01', before: '2025-01-20' }] });
    expect(elements.map((e) => e.metrics)).toEqual([[], [], []]);
    expect(isEmptyAnswer(elements)).toBe(true);
  });
});
