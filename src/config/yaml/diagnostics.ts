// Diagnostics: every problem the loader finds, from YAML syntax to cross-references, as data
// (file, 1-based line and column, message). Nothing here prints; the CLI formats them.

import { escapeControl } from '../../core/escape.js';

export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning';
  /** How many problems this line stands for: the per-file cap's last line counts the rest. */
  count?: number;
}

/** Longest run of a value shown in a message; the rest is cut and counted. */
const MAX_VALUE_CHARS = 100;
/** Longest message shown, whatever it quotes. */
const MAX_MESSAGE_CHARS = 2000;

/**
 * A message that quotes a long value (a 1 MB string, a huge key) cut to a readable size: each
 * run of 100+ non-space characters keeps its start and says how long it was, and the whole
 * message stays under 2,000 characters. Positions stay exact: only the words are shortened.
 */
export function cutLongValues(message: string): string {
  if (message.length <= MAX_VALUE_CHARS) return message;
  const cut = message.replace(new RegExp(`\\S{${MAX_VALUE_CHARS + 1},}`, 'g'), (run) => `${run.slice(0, MAX_VALUE_CHARS)}… (${run.length} characters)`);
  return cut.length > MAX_MESSAGE_CHARS ? `${cut.slice(0, MAX_MESSAGE_CHARS)}… (message cut)` : cut;
}

/**
 * A diagnostic whose message quotes no value at full length (see cutLongValues) and no control
 * character (a NUL or ESC of a quoted value is shown as `\x00`, `\x1b`: DESIGN 8).
 */
export function boundDiagnostic(d: Diagnostic): Diagnostic {
  const message = escapeControl(cutLongValues(d.message));
  return message === d.message ? d : { ...d, message };
}

/** `file:line:column: message`; warnings say so after the location. */
export function formatDiagnostic(d: Diagnostic): string {
  const prefix = d.severity === 'warning' ? 'warning: ' : '';
  return `${d.file}:${d.line}:${d.column}: ${prefix}${d.message}`;
}

/**
 * Orders diagnostics by file (in the order the files were read), then line, then column, and
 * drops exact repeats (the same problem reached twice, e.g. through a YAML alias).
 */
export function sortDiagnostics(diagnostics: readonly Diagnostic[], fileOrder: readonly string[]): Diagnostic[] {
  const rank = new Map(fileOrder.map((f, i) => [f, i]));
  const compare = (a: Diagnostic, ra: number, b: Diagnostic, rb: number): number =>
    ra - rb ||
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.line - b.line ||
    a.column - b.column ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);
  // Problems are mostly found in file order (100,000 of one kind in a hostile file always are): a
  // list already in order is kept as it is, as the stable sort would keep it, without a wrapper
  // per diagnostic and the sort's comparisons.
  const sorted = inOrder(diagnostics, rank, fileOrder.length, compare) ? diagnostics : sortByRank(diagnostics, rank, fileOrder.length, compare);
  // Compared field by field: formatting both of 200,000 diagnostics to compare them cost more than the sort.
  return sorted.filter((d, i) => {
    const prev = sorted[i - 1];
    return !prev || prev.file !== d.file || prev.line !== d.line || prev.column !== d.column || prev.message !== d.message || prev.severity !== d.severity;
  });
}

type Compare = (a: Diagnostic, ra: number, b: Diagnostic, rb: number) => number;

function inOrder(diagnostics: readonly Diagnostic[], rank: ReadonlyMap<string, number>, unranked: number, compare: Compare): boolean {
  let prev: Diagnostic | undefined;
  let prevRank = 0;
  // Indexed, not for-of: until the loop is optimized, for-of makes an iterator result per item.
  for (let i = 0; i < diagnostics.length; i++) {
    const d = diagnostics[i] as Diagnostic;
    const r = prev !== undefined && d.file === prev.file ? prevRank : (rank.get(d.file) ?? unranked);
    if (prev !== undefined && compare(prev, prevRank, d, r) > 0) return false;
    prev = d;
    prevRank = r;
  }
  return true;
}

function sortByRank(diagnostics: readonly Diagnostic[], rank: ReadonlyMap<string, number>, unranked: number, compare: Compare): Diagnostic[] {
  // Each diagnostic's file rank looked up once, not twice per comparison.
  const ranked = diagnostics.map((d) => ({ d, rank: rank.get(d.file) ?? unranked }));
  ranked.sort((a, b) => compare(a.d, a.rank, b.d, b.rank));
  return ranked.map((r) => r.d);
}

/** Errors shown per file; the rest are counted in one more diagnostic (DESIGN 8). */
const MAX_ERRORS_PER_FILE = 100;

/**
 * Sorted diagnostics with at most MAX_ERRORS_PER_FILE errors per file: a file of 50,000 unknown
 * keys gives 100 lines and a count, not 50,000 lines. The count is an error located at the first
 * error left out, so the list still reads in file order and the run still fails.
 */
export function capPerFile(sorted: readonly Diagnostic[]): Diagnostic[] {
  const errorsSeen = new Map<string, number>();
  const leftOut = new Map<string, { shown: Diagnostic; count: number }>();
  const out: Diagnostic[] = [];
  // forEach, not for-of: until the loop is optimized, for-of makes an iterator result per item.
  sorted.forEach((d) => {
    if (d.severity === 'error') {
      const seen = (errorsSeen.get(d.file) ?? 0) + 1;
      errorsSeen.set(d.file, seen);
      if (seen > MAX_ERRORS_PER_FILE) {
        const rest = leftOut.get(d.file);
        if (rest) rest.count++;
        else {
          const shown = { ...d };
          leftOut.set(d.file, { shown, count: 1 });
          out.push(shown);
        }
        return;
      }
    }
    out.push(d);
  });
  for (const { shown, count } of leftOut.values()) {
    shown.count = count;
    shown.message = `... and ${count} more ${count === 1 ? 'error' : 'errors'} in this file from here on (not shown: at most ${MAX_ERRORS_PER_FILE} per file)`;
  }
  return out;
}

/** Errors found, also those the per-file cap left out (a summary counts every one). */
export function errorCount(diagnostics: readonly Diagnostic[]): number {
  let count = 0;
  for (const d of diagnostics) if (d.severity === 'error') count += d.count ?? 1;
  return count;
}
