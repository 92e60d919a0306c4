// `--format csv`: the columns of the service's export (DESIGN.md §6.2): after, before, the group
// key, the group's name column when the grouping has one, then one column per metric key. Values are
// the API's numbers untouched (durations in minutes, no rounding); no value is an empty field.
// Fields are quoted as RFC 4180 says (only when they hold a comma, a quote or a line break); lines
// end in \n, which every spreadsheet reads and which line-based tools (cut, awk, wc) expect.
// Names come from the service and the config: a cell a spreadsheet would run as a formula is
// defused (csvField), and control characters are escaped.

import { escapeControl } from '../../core/escape.js';
import type { MeasurementResult } from '../result-model.js';

const NEEDS_QUOTES = /[",\r\n]/;
/** What makes Excel, LibreOffice and Google Sheets read a cell as a formula (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * One CSV field: control characters escaped; a cell starting with = + - @ TAB or CR gets a leading
 * `'` so a spreadsheet shows it instead of running it; quoted when it holds a comma, a quote or a
 * line break (RFC 4180). A value cell (`kind` 'value': the API's numbers) such as -5 stays a
 * number; a name is text even when it reads as one (a team named `+1`, DESIGN 8).
 */
export function csvField(value: string, kind: 'text' | 'value' = 'value'): string {
  let text = escapeControl(value);
  if (FORMULA_START.test(text) && (kind === 'text' || !NUMBER.test(text))) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The name columns of the service's export and emctl's CSV: text, whatever they hold. */
export const NAME_COLUMNS: ReadonlySet<string> = new Set(['team_name', 'repository_name', 'contributor_name']);

function csvLine(fields: string[], textAt?: number): string {
  return `${fields.map((field, i) => csvField(field, i === textAt ? 'text' : 'value')).join(',')}\n`;
}

export function renderMeasurementsCsv(result: MeasurementResult): string {
  const nameColumn = result.nameColumn;
  const header = ['after', 'before', result.groupKey];
  if (nameColumn !== undefined) header.push(nameColumn);
  for (const metric of result.metrics) header.push(metric.key);
  const lines = [header.map((h) => csvField(h, 'text')).join(',') + '\n'];
  const nameAt = nameColumn === undefined ? undefined : 3;
  if (result.noData) return lines.join('');
  for (const element of result.elements) {
    for (const row of element.rows) {
      const fields = [element.after, element.before, String(row.group)];
      if (nameColumn !== undefined) fields.push(row.name ?? '');
      for (const metric of result.metrics) {
        const value = row.values[metric.key];
        fields.push(value === null || value === undefined ? '' : String(value));
      }
      lines.push(csvLine(fields, nameAt));
    }
  }
  return lines.join('');
}
