// How the measurement request checks report a problem, shared by the checks of each part of a
// request (spec.ts, spec-selection.ts, spec-output.ts).

import { didYouMean } from '../core/resolve.js';

/** Adds a problem at a report key path; `schema`: the config's JSON schema reports it too. */
export type Report = (path: (string | number)[], message: string, schema?: boolean) => void;

/** A value as messages quote it. */
export function quote(v: unknown): string {
  return `\`${String(v)}\``;
}

/** "; did you mean `x`?" for the closest candidate, or nothing. */
export function hint(word: string, candidates: readonly string[]): string {
  const best = didYouMean(word, candidates);
  return best === undefined ? '' : `; did you mean ${quote(best)}?`;
}
