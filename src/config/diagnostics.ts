// Diagnostics: every problem the loader finds, from YAML syntax to cross-references, as data
// (file, 1-based line and column, message). Nothing here prints; the CLI formats them.

export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning';
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
  const fileRank = (f: string) => rank.get(f) ?? fileOrder.length;
  const sorted = [...diagnostics].sort(
    (a, b) =>
      fileRank(a.file) - fileRank(b.file) ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.line - b.line ||
      a.column - b.column ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
  return sorted.filter((d, i) => {
    const prev = sorted[i - 1];
    return !prev || formatDiagnostic(prev) !== formatDiagnostic(d) || prev.severity !== d.severity;
  });
}

export function errorCount(diagnostics: readonly Diagnostic[]): number {
  return diagnostics.filter((d) => d.severity === 'error').length;
}
