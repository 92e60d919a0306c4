// A report's time ranges as every format shows them: each with its inclusive label and whether it
// is still in progress, by the command's today or because a history stored it before it ended,
// and the one sentence that says which are. The chart formats and the tabular ones (the `To` mark
// of table and markdown) read them here, so they never disagree about a bucket.

import type { MeasurementResult } from '../result-model.js';
import { bucketLabels, fetchedLabel, inProgress } from './dates.js';

export interface Bucket {
  after: string;
  before: string;
  /** `Sep 7 - 13`: first and last day, both included. */
  label: string;
  /** Its values are partial: it has not ended today, or it was stored before it ended (`fetchedAt`). */
  inProgress: boolean;
  /** Read back from a history: when its partial values were fetched (ISO instant). */
  fetchedAt?: string;
}

/** The result's buckets; `today` (yyyy-mm-dd): one ending after it is in progress. */
export function resultBuckets(result: Pick<MeasurementResult, 'elements'>, today: string | undefined): Bucket[] {
  const labels = bucketLabels(result.elements);
  return result.elements.map((element, i): Bucket => {
    const bucket: Bucket = { after: element.after, before: element.before, label: labels[i] ?? element.after, inProgress: inProgress(element.before, today) };
    if (element.partialAt !== undefined) {
      bucket.inProgress = true;
      bucket.fetchedAt = element.partialAt;
    }
    return bucket;
  });
}

/**
 * What to say of the buckets in progress, one sentence each kind: `Nov 23 - 29 is still in
 * progress`, `Oct 19 - 25 was stored before it ended (fetched Oct 22, 2026 06:00 UTC)`.
 */
export function openBucketsSentence(buckets: readonly Bucket[]): string | undefined {
  const live = buckets.filter((b) => b.inProgress && b.fetchedAt === undefined);
  const stored = buckets.filter((b) => b.fetchedAt !== undefined);
  const parts: string[] = [];
  if (live.length > 0) parts.push(`${live.length === buckets.length ? 'The whole window' : live.map((b) => b.label).join(', ')} ${live.length === 1 ? 'is' : 'are'} still in progress`);
  if (stored.length > 0) {
    const each = stored.map((b) => `${b.label} (fetched ${fetchedLabel(b.fetchedAt ?? '')})`).join(', ');
    parts.push(`${each} ${stored.length === 1 ? 'was' : 'were'} stored before ${stored.length === 1 ? 'it' : 'they'} ended`);
  }
  return parts.length === 0 ? undefined : parts.join('; ');
}
