// The notes emctl gives before a request whose answer is easy to misread (src/measure/notices.ts).

import { describe, expect, it } from 'vitest';
import type { RollUp } from '../../src/contract/metrics.js';
import type { OutputFormat } from '../../src/measure/output-formats.js';
import { openWindowNotice, shortLastBucketNotice, storedPartialNotice, widenedWindowNotice } from '../../src/measure/notices.js';
import { askedWindowOf, windowOf } from '../../src/measure/run.js';

describe('shortLastBucketNotice', () => {
  it.each<[string, string, RollUp, string | undefined]>([
    // 90 days = 12 weeks + 6 days: the last bucket starts 84 days after 08-26.
    ['2026-08-26', '2026-11-24', '1w', 'note: the last weekly bucket, 2026-11-18 to 2026-11-24 (before), is 6 days, the others 7 days: its counts cover less time'],
    ['2026-09-01', '2026-11-24', '1w', undefined], // 12 weeks exactly
    ['2026-09-01', '2026-09-05', '1w', undefined], // one bucket: nothing to compare with
    ['2026-09-01', '2026-09-09', '1w', 'note: the last weekly bucket, 2026-09-08 to 2026-09-09 (before), is 1 day, the others 7 days: its counts cover less time'],
    ['2026-05-24', '2026-11-24', '1mo', undefined], // 6 whole months
    // Month buckets chain from after (01-31 -> 02-28 -> 03-28 -> 04-28), the last one to 05-01.
    ['2026-01-31', '2026-05-01', '1mo', 'note: the last monthly bucket, 2026-04-28 to 2026-05-01 (before), is 3 days, the others a calendar month: its counts cover less time'],
    ['2026-08-26', '2026-11-24', '1d', undefined],
    ['2026-08-26', '2026-11-24', 'custom', undefined],
  ])('[%s, %s) by %s', (after, before, rollUp, expected) => {
    expect(shortLastBucketNotice({ after, before }, rollUp)).toBe(expected);
  });
});

describe('a store widens explicit dates to calendar buckets (windowOf, widenedWindowNotice)', () => {
  const store = 'sqlite:history.db';
  const now = new Date('2026-12-01T12:00:00Z');
  it.each<[string | undefined, RollUp, string, string, string, string]>([
    // out, roll-up, asked after, before -> requested after, before
    [store, '1w', '2026-11-04', '2026-11-18', '2026-11-02', '2026-11-23'], // Wednesdays: the ISO weeks they touch
    [store, '1w', '2026-11-02', '2026-11-16', '2026-11-02', '2026-11-16'], // Mondays: as asked
    [store, '1w', '2026-11-02', '2026-11-17', '2026-11-02', '2026-11-23'],
    ['postgres://db.internal/metrics', '1mo', '2026-10-15', '2026-11-10', '2026-10-01', '2026-12-01'],
    [store, '1mo', '2026-12-31', '2027-01-01', '2026-12-01', '2027-01-01'],
    [store, '1d', '2026-11-04', '2026-11-18', '2026-11-04', '2026-11-18'],
    [store, 'custom', '2026-11-04', '2026-11-18', '2026-11-04', '2026-11-18'],
    ['weekly.csv', '1w', '2026-11-04', '2026-11-18', '2026-11-04', '2026-11-18'], // a file holds one run: as asked
    [undefined, '1w', '2026-11-04', '2026-11-18', '2026-11-04', '2026-11-18'],
  ])('out %s, %s, %s to %s', (out, rollUp, after, before, wantAfter, wantBefore) => {
    const spec = { out, rollUp, window: { after, before } };
    expect(askedWindowOf(spec, now)).toEqual({ after, before });
    expect(windowOf(spec, now)).toEqual({ after: wantAfter, before: wantBefore });
  });

  it('says so, with both windows', () => {
    expect(widenedWindowNotice({ after: '2026-11-04', before: '2026-11-18' }, { after: '2026-11-02', before: '2026-11-23' }, '1w')).toBe(
      'note: a store keeps whole ISO weeks (Monday to Sunday): the window 2026-11-04 (a Wednesday) to 2026-11-18 (a Wednesday) (before) is widened to 2026-11-02 to 2026-11-23 (before), the weeks it touches, so no stored week loses days',
    );
    expect(widenedWindowNotice({ after: '2026-10-15', before: '2026-11-10' }, { after: '2026-10-01', before: '2026-12-01' }, '1mo')).toBe(
      'note: a store keeps whole calendar months: the window 2026-10-15 to 2026-11-10 (before) is widened to 2026-10-01 to 2026-12-01 (before), the months it touches, so no stored month loses days',
    );
    expect(widenedWindowNotice({ after: '2026-11-02', before: '2026-11-16' }, { after: '2026-11-02', before: '2026-11-16' }, '1w')).toBeUndefined();
  });
});

describe('storedPartialNotice', () => {
  const element = (after: string, before: string, partialAt?: string) => ({ after, before, rows: [], ...(partialAt === undefined ? {} : { partialAt }) });
  it('names each bucket stored before it ended, with when it was fetched', () => {
    expect(storedPartialNotice({ elements: [element('2026-10-12', '2026-10-19')] })).toBeUndefined();
    expect(storedPartialNotice({ elements: [element('2026-10-12', '2026-10-19'), element('2026-10-19', '2026-10-26', '2026-10-22T06:00:00Z')] })).toBe(
      'note: a bucket was stored before it ended, so its values are partial until a run fetches it again: 2026-10-19 to 2026-10-26 (before), fetched 2026-10-22T06:00:00Z',
    );
    expect(storedPartialNotice({ elements: [element('2026-10-01', '2026-11-01', '2026-10-22T06:00:00Z'), element('2026-11-01', '2026-12-01', '2026-11-22T06:00:00Z')] })).toMatch(/^note: 2 buckets were stored before they ended, so their values are partial until a run fetches them again: /);
  });
});

describe('openWindowNotice', () => {
  const window = { after: '2026-10-19', before: '2026-11-30' };
  it.each<[string, OutputFormat, boolean, string | undefined]>([
    // Friday Nov 27: the week of Nov 23 has not ended.
    ['2026-11-27', 'csv', false, 'note: the window runs to 2026-11-30 (before), after today: its last time range has not ended, so its values are partial (csv carries no mark of it)'],
    ['2026-11-27', 'json', false, 'note: the window runs to 2026-11-30 (before), after today: its last time range has not ended, so its values are partial (json carries no mark of it)'],
    ['2026-11-27', 'csv', true, 'note: the window runs to 2026-11-30 (before), after today: its last time range has not ended, so its values are partial (the export file carries no mark of it)'],
    // The formats that mark it themselves.
    ['2026-11-27', 'table', false, undefined],
    ['2026-11-27', 'markdown', false, undefined],
    ['2026-11-27', 'html', false, undefined],
    ['2026-11-27', 'chart', false, undefined],
    // Monday Nov 30: every time range has ended (before is exclusive).
    ['2026-11-30', 'csv', false, undefined],
    ['2026-12-02', 'json', false, undefined],
  ])('today %s, %s (server export %s)', (today, format, serverExport, expected) => {
    expect(openWindowNotice(window, today, format, serverExport)).toBe(expected);
  });
});
