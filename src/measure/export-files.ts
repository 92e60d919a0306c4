// --server-export: the service writes the file (endpoint 17) and emctl passes on its content. The
// files of one request (several calls: more than 50 ids of the group-by dimension, or pages of a
// grouping with no id list) are read into elements, merged by time range and their rows ordered
// the way the service orders one answer (orderElementRows: the function the v2 answers go
// through), then written once. One call's file goes the same way, so the output has one shape
// whatever the number of calls: CSV with the file's own header and cells, records ordered by time
// range then by order_by/group, lines ending in \n; JSON with two spaces of indent and a final
// newline. A request the service answered 204 everywhere is an empty file: the header only, or [].

import { jsonWithBidiEscaped } from '../core/escape.js';
import { EmctlError } from '../contract/errors.js';
import { csvField, NAME_COLUMNS } from './render/csv.js';
import { groupKeyOf, mergeElements, nameColumnOf, orderElementRows } from './calls.js';
import type { MeasurementElement, MeasurementRow } from '../contract/measurement-types.js';
import type { MeasureSpec } from './spec.js';

/** The CSV header of an export with no data: the columns of DESIGN.md §6.2. */
export function emptyCsvHeader(spec: MeasureSpec): string {
  const name = nameColumnOf(spec.groupBy);
  return ['after', 'before', groupKeyOf(spec.groupBy), ...(name ? [name] : []), ...spec.metrics.map((m) => m.key)].join(',') + '\n';
}

/** One export file read: its elements, and for CSV its header (cells stay the service's text). */
export interface ExportFile {
  elements: MeasurementElement[];
  header: string[] | undefined;
}

/** The records of a CSV text (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i += 1;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      if (c === '\r') i += 1;
    } else field += c;
    i += 1;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** Reads one export file; `what` names it in errors. */
export function parseExportFile(format: 'csv' | 'json', text: string, what: string): ExportFile {
  if (format === 'json') return { elements: parseElements(text, what), header: undefined };
  const [header, ...records] = parseCsv(text);
  if (header === undefined) throw new EmctlError('api', `${what} is empty (not even a header line)`);
  const afterAt = header.indexOf('after');
  const beforeAt = header.indexOf('before');
  if (afterAt < 0 || beforeAt < 0) throw new EmctlError('api', `${what} has no after/before columns: "${header.join(',')}"`);
  const byRange = new Map<string, MeasurementElement>();
  const elements: MeasurementElement[] = [];
  records.forEach((record, r) => {
    if (record.length !== header.length) {
      throw new EmctlError('api', `${what}: record ${r + 2} has ${record.length} fields; the header has ${header.length}`);
    }
    const row: MeasurementRow = {};
    header.forEach((column, c) => (row[column] = record[c] ?? ''));
    const after = record[afterAt] ?? '';
    const before = record[beforeAt] ?? '';
    const key = `${after}\u0000${before}`;
    let element = byRange.get(key);
    if (!element) {
      element = { after, before, metrics: [] };
      byRange.set(key, element);
      elements.push(element);
    }
    element.metrics.push(row);
  });
  return { elements, header };
}

/** The files of one request as one file (see the top of this file). */
export function mergeExportFiles(format: 'csv' | 'json', files: readonly (ExportFile | null)[], spec: MeasureSpec): { text: string; noData: boolean } {
  const present = files.filter((f): f is ExportFile => f !== null);
  if (present.length === 0) return { text: format === 'csv' ? emptyCsvHeader(spec) : '[]\n', noData: true };
  const elements = mergeElements(present.map((f) => f.elements));
  orderElementRows(elements, spec);
  if (format === 'json') return { text: jsonWithBidiEscaped(JSON.stringify(elements, null, 2)) + '\n', noData: false };
  const header = present[0]?.header ?? [];
  present.forEach((file, i) => {
    const own = file.header ?? [];
    if (own.join(',') !== header.join(',')) {
      throw new EmctlError('api', `the export files disagree on their columns: file 1 has "${header.join(',')}", file ${i + 1} has "${own.join(',')}"`);
    }
  });
  const lines = [header.map((column) => csvField(column, 'text')).join(',')];
  for (const element of elements) {
    for (const row of element.metrics) lines.push(header.map((column) => csvField(String(row[column] ?? ''), NAME_COLUMNS.has(column) ? 'text' : 'value')).join(','));
  }
  return { text: `${lines.join('\n')}\n`, noData: false };
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
