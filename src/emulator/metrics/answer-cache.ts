// Whole v2 answers kept for their next page: a paged caller (limit/offset) asks the same question
// once per page, and the engine computes every group before it can order and cut them, so without
// this a year of contributors paged 100 at a time would be computed 32 times over. Keyed by
// the question minus its paging and by the state's revision (a write or a reset changes team
// scopes, repositories and settings the answers depend on); bounded in entries and in rows.

import type { MeasurementElement, MeasurementQuery } from './types.js';

/** Answers kept at most, least recently used dropped first. */
const MAX_ENTRIES = 8;
/** Rows kept at most over all answers (a row is a few hundred bytes). */
const MAX_ROWS = 200_000;

export class AnswerCache {
  private readonly entries = new Map<string, { elements: MeasurementElement[]; rows: number }>();
  private rows = 0;

  /**
   * The page `query` asks for, from the whole answer `compute` gives for it without paging
   * (computed once per question and revision). Paging after ordering is what the engine does too.
   */
  page(query: MeasurementQuery, revision: number, compute: (whole: MeasurementQuery) => MeasurementElement[]): MeasurementElement[] {
    const whole: MeasurementQuery = { ...query, limit: undefined, offset: 0 };
    const key = `${revision}\u0000${JSON.stringify(whole)}`;
    let entry = this.entries.get(key);
    if (entry === undefined) {
      const elements = compute(whole);
      entry = { elements, rows: elements.reduce((n, e) => n + e.metrics.length, 0) };
      this.keep(key, entry);
    } else {
      this.entries.delete(key); // most recently used goes last
      this.entries.set(key, entry);
    }
    const from = Math.max(0, query.offset);
    const end = query.limit === undefined ? undefined : from + query.limit;
    return entry.elements.map((e) => ({ after: e.after, before: e.before, metrics: e.metrics.slice(from, end) }));
  }

  private keep(key: string, entry: { elements: MeasurementElement[]; rows: number }): void {
    if (entry.rows > MAX_ROWS) return; // too big to keep: computed again for each page
    this.entries.set(key, entry);
    this.rows += entry.rows;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.rows <= MAX_ROWS) break;
      this.entries.delete(oldest);
      this.rows -= old.rows;
    }
  }
}
