// --server-export: the service writes the file (endpoint 17) and emctl passes it on. One call's
// file is output byte for byte; the files of several calls (more than 50 ids of the group-by
// dimension) are joined: CSV keeps the first file's header once and the data lines of every file
// in call order (the headers must agree), JSON merges the time ranges' rows like the v2 answers.
// A request the service answered 204 everywhere is an empty file: the header only, or [].

import { EmctlError } from '../core/errors.js';
import { groupKeyOf, mergeElements } from './calls.js';
import type { MeasurementElement } from '../api/measurement-types.js';
import type { MeasureSpec } from '../core/measurement-spec.js';

const NAME_COLUMNS: Partial<Record<string, string>> = { team: 'team_name', repository: 'repository_name', contributor: 'contributor_name' };

/** The CSV header of an export with no data: the columns of DESIGN.md §6.2. */
export function emptyCsvHeader(spec: MeasureSpec): string {
  const name = NAME_COLUMNS[spec.groupBy];
  return ['after', 'before', groupKeyOf(spec.groupBy), ...(name ? [name] : []), ...spec.metrics.map((m) => m.key)].join(',') + '\n';
}

/** Index just past the first line break outside double quotes (the end of a CSV record). */
function endOfFirstRecord(text: string): number {
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '\n') return i + 1;
  }
  return text.length;
}

function withNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}

export function mergeExportFiles(format: 'csv' | 'json', files: readonly (string | null)[], spec: MeasureSpec): { text: string; noData: boolean } {
  const present = files.filter((f): f is string => f !== null);
  if (present.length === 0) return { text: format === 'csv' ? emptyCsvHeader(spec) : '[]\n', noData: true };
  if (present.length === 1) return { text: present[0] ?? '', noData: false };
  if (format === 'json') {
    const merged = mergeElements(present.map((f, i) => parseElements(f, `export file ${i + 1} of ${present.length}`)));
    return { text: JSON.stringify(merged, null, 2) + '\n', noData: false };
  }
  const first = present[0] ?? '';
  const headerEnd = endOfFirstRecord(first);
  const header = first.slice(0, headerEnd).replace(/\r?\n$/, '');
  let text = withNewline(first);
  present.slice(1).forEach((file, i) => {
    const end = endOfFirstRecord(file);
    const own = file.slice(0, end).replace(/\r?\n$/, '');
    if (own !== header) {
      throw new EmctlError('api', `the export files disagree on their columns: file 1 has "${header}", file ${i + 2} has "${own}"`);
    }
    text += withNewline(file.slice(end));
  });
  return { text, noData: false };
}

/** A report file in the v2 JSON shape: [{after, before, metrics: [row]}]. */
export function parseElements(text: string, what: string): MeasurementElement[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new EmctlError('api', `${what} is not JSON`);
  }
  const bad = (detail: string) => new EmctlError('api', `${what} does not have the measurements shape: ${detail}`);
  if (!Array.isArray(data)) throw bad('expected a list of time ranges');
  data.forEach((e: unknown, i) => {
    const el = e as Partial<MeasurementElement> | null;
    if (typeof el !== 'object' || el === null) throw bad(`[${i}] is not an object`);
    if (typeof el.after !== 'string' || typeof el.before !== 'string') throw bad(`[${i}].after/before are not dates`);
    if (!Array.isArray(el.metrics) || el.metrics.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))) {
      throw bad(`[${i}].metrics is not a list of rows`);
    }
  });
  return data as MeasurementElement[];
}
