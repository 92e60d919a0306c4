// `--format csv`: the columns of the service's export (DESIGN.md §6.2): after, before, the group
// key, the group's name column when the grouping has one, then one column per metric key. Values are
// the API's numbers untouched (durations in minutes, no rounding); no value is an empty field.
// Fields are quoted as RFC 4180 says (only when they hold a comma, a quote or a line break); lines
// end in \n, which every spreadsheet reads and which line-based tools (cut, awk, wc) expect.

import type { MeasurementResult } from '../result-model.js';

const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function csvLine(fields: string[]): string {
  return `${fields.map(csvField).join(',')}\n`;
}

export function renderMeasurementsCsv(result: MeasurementResult): string {
  const nameColumn = result.nameColumn;
  const header = ['after', 'before', result.groupKey];
  if (nameColumn !== undefined) header.push(nameColumn);
  for (const metric of result.metrics) header.push(metric.key);
  const lines = [csvLine(header)];
  if (result.noData) return lines.join('');
  for (const element of result.elements) {
    for (const row of element.rows) {
      const fields = [element.after, element.before, String(row.group)];
      if (nameColumn !== undefined) fields.push(row.name ?? '');
      for (const metric of result.metrics) {
        const value = row.values[metric.key];
        fields.push(value === null || value === undefined ? '' : String(value));
      }
      lines.push(csvLine(fields));
    }
  }
  return lines.join('');
}
