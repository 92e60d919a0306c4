// The buckets of a goal at a moment (DESIGN.md section 12), all from the one calendar of
// contract/measurement-window.ts: the bucket judged (the latest complete one, whose end has
// passed), the one before it (for the change), the bucket in progress (shown, never judged) and
// the history of `last` buckets ending with the judged one. The request covers all of them, so a
// goal costs one window whatever day it runs on.

import type { TimeRange } from '../../contract/measurement-types.js';
import { addDays, bucketHolding, bucketInProgress, lastWindow, latestCompleteBucket, type CalendarRollUp } from '../../contract/measurement-window.js';

export interface GoalWindow {
  /** The latest complete bucket: the one judged. */
  judged: TimeRange;
  /** The complete bucket before it: the change is measured from it. */
  previous: TimeRange;
  /** The bucket holding today: partial, shown and never judged. */
  inProgress: TimeRange;
  /** The `last` complete buckets ending with the judged one: the sparkline. */
  history: TimeRange;
  /** What is asked of the service (or the store): the history, the previous bucket and the one in progress. */
  request: TimeRange;
}

export function goalWindow(last: string, rollUp: CalendarRollUp, now: Date): GoalWindow {
  const inProgress = bucketInProgress(now, rollUp);
  const judged = latestCompleteBucket(now, rollUp);
  // The calendar seen from the judged bucket's last day: its `last` window ends with that bucket.
  const judgedDay = new Date(`${addDays(judged.before, -1)}T12:00:00Z`);
  const history = lastWindow(last, rollUp, judgedDay);
  const previous = bucketHolding(addDays(judged.after, -1), rollUp);
  const after = previous.after < history.after ? previous.after : history.after;
  return { judged, previous, inProgress, history: { after: history.after, before: judged.before }, request: { after, before: inProgress.before } };
}
