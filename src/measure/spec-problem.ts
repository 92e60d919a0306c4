// What the measurement request checks share (spec.ts, spec-selection.ts, spec-output.ts): how a
// problem is reported, and what a request is checked against besides its own text.

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

/** What the request is checked against besides its own text. */
export interface SpecContext {
  /** The teams the config writes (id -> its `name:`, if any); undefined when no config was loaded. */
  configTeams: ReadonlyMap<number, string | undefined> | undefined;
  api: 'v1' | 'v2';
  serverExport: boolean;
}
