// The spans of ended buckets the runs fetched (src/measure/store/fetched.ts): merged as runs add
// them, and a bucket covered only when one span holds the whole of it.

import { describe, expect, it } from 'vitest';
import { coversSpan, mergeSpans, type Span } from '../../../src/measure/store/fetched.js';

describe('fetched spans', () => {
  it.each<[string, Span[], Span, Span[]]>([
    ['the first run', [], ['2026-11-02', '2026-11-23'], [['2026-11-02', '2026-11-23']]],
    ['a later run that touches the last', [['2026-11-02', '2026-11-23']], ['2026-11-23', '2026-11-30'], [['2026-11-02', '2026-11-30']]],
    ['a run inside what is held', [['2026-11-02', '2026-11-30']], ['2026-11-09', '2026-11-16'], [['2026-11-02', '2026-11-30']]],
    ['a gap: a week no run fetched', [['2026-11-02', '2026-11-16']], ['2026-11-23', '2026-11-30'], [['2026-11-02', '2026-11-16'], ['2026-11-23', '2026-11-30']]],
    ['a run that fills the gap', [['2026-11-02', '2026-11-16'], ['2026-11-23', '2026-11-30']], ['2026-11-09', '2026-11-23'], [['2026-11-02', '2026-11-30']]],
    ['an earlier run', [['2026-11-23', '2026-11-30']], ['2026-10-05', '2026-10-12'], [['2026-10-05', '2026-10-12'], ['2026-11-23', '2026-11-30']]],
  ])('%s', (_, held, add, expected) => {
    expect(mergeSpans(held, add)).toEqual(expected);
  });

  it('a bucket is covered when one span holds the whole of it', () => {
    const spans: Span[] = [['2026-11-02', '2026-11-16'], ['2026-11-23', '2026-11-30']];
    expect(coversSpan(spans, '2026-11-09', '2026-11-16')).toBe(true);
    expect(coversSpan(spans, '2026-11-23', '2026-11-30')).toBe(true);
    expect(coversSpan(spans, '2026-11-16', '2026-11-23')).toBe(false);
    expect(coversSpan(spans, '2026-11-09', '2026-11-30')).toBe(false);
    expect(coversSpan([], '2026-11-09', '2026-11-16')).toBe(false);
  });
});
