// The buckets of a goal on several fake days (DESIGN.md section 12): the judged bucket is the
// latest complete one, whatever day of the bucket in progress the run falls on; the history is
// `last` complete buckets ending with it; the request covers them and the bucket in progress.

import { describe, expect, it } from 'vitest';
import { goalWindow } from '../../../src/measure/goals/window.js';

describe('goalWindow', () => {
  it.each(['2026-11-23T00:00:00Z', '2026-11-25T12:00:00Z', '2026-11-27T08:00:00Z', '2026-11-29T23:59:59Z'])('weekly, on %s: judges Nov 16-22', (now) => {
    expect(goalWindow('8w', '1w', new Date(now))).toEqual({
      judged: { after: '2026-11-16', before: '2026-11-23' },
      previous: { after: '2026-11-09', before: '2026-11-16' },
      inProgress: { after: '2026-11-23', before: '2026-11-30' },
      history: { after: '2026-09-28', before: '2026-11-23' },
      request: { after: '2026-09-28', before: '2026-11-30' },
    });
  });

  it('one week of history still asks for the week before it (the change)', () => {
    const w = goalWindow('1w', '1w', new Date('2026-11-25T12:00:00Z'));
    expect(w.history).toEqual({ after: '2026-11-16', before: '2026-11-23' });
    expect(w.request).toEqual({ after: '2026-11-09', before: '2026-11-30' });
  });

  it.each(['2026-03-01T00:00:00Z', '2026-03-15T12:00:00Z', '2026-03-31T23:59:59Z'])('monthly, on %s: judges February, across a year end for 6mo', (now) => {
    const w = goalWindow('6mo', '1mo', new Date(now));
    expect(w.judged).toEqual({ after: '2026-02-01', before: '2026-03-01' });
    expect(w.previous).toEqual({ after: '2026-01-01', before: '2026-02-01' });
    expect(w.history).toEqual({ after: '2025-09-01', before: '2026-03-01' });
    expect(w.request).toEqual({ after: '2025-09-01', before: '2026-04-01' });
  });

  it.each(['2026-01-01T00:00:00Z', '2026-01-01T23:00:00Z'])('daily, on %s: judges Dec 31', (now) => {
    const w = goalWindow('8d', '1d', new Date(now));
    expect(w.judged).toEqual({ after: '2025-12-31', before: '2026-01-01' });
    expect(w.history).toEqual({ after: '2025-12-24', before: '2026-01-01' });
    expect(w.inProgress).toEqual({ after: '2026-01-01', before: '2026-01-02' });
  });

  it('weeks of history given in days cover the weeks that hold them', () => {
    expect(goalWindow('30d', '1w', new Date('2026-11-25T12:00:00Z')).history).toEqual({ after: '2026-10-19', before: '2026-11-23' });
  });
});
