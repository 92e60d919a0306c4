// The content of report files (DESIGN.md §6.2, api-notes.md): JSON has the v2 answer's shape
// (array of {after, before, metrics}); CSV has one row per time range and group with the columns
// after, before, the group key, the group's name column when it has one, then one column per metric
// key in the order requested. `beautified` pretty-prints JSON and rounds CSV numbers to 2 decimals.

import type { ExportFileFormat, MeasurementElement } from '../../contract/measurement-types.js';

export interface ReportLayout {
  format: ExportFileFormat;
  beautified: boolean;
  /** The row key of the groups: organization_id, team_id, ..., service_id (v1 by service). */
  groupKey: string;
  /** team_name, repository_name, contributor_name, service_name; undefined when the group has none. */
  nameColumn: string | undefined;
  /** Name of a group for the name column. */
  nameOf: (key: number | string) => string | undefined;
  metricKeys: readonly string[];
}

/** The name column of a group key (DESIGN.md §6.2: team_name, repository_name, contributor_name). */
export const NAME_COLUMNS: Record<string, string> = {
  team_id: 'team_name',
  repository_id: 'repository_name',
  contributor_id: 'contributor_name',
  service_id: 'service_name',
};

/** One CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function cell(value: number | string | null | undefined, beautified: boolean): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && beautified) return String(Math.round(value * 100) / 100);
  return field(String(value));
}

export function renderReportFile(elements: readonly MeasurementElement[], layout: ReportLayout): string {
  if (layout.format === 'json') return layout.beautified ? `${JSON.stringify(elements, null, 2)}\n` : JSON.stringify(elements);
  const header = ['after', 'before', layout.groupKey, ...(layout.nameColumn ? [layout.nameColumn] : []), ...layout.metricKeys];
  const lines = [header.map(field).join(',')];
  for (const element of elements) {
    for (const row of element.metrics) {
      const key = row[layout.groupKey];
      const cells = [element.after, element.before, cell(key, false)];
      if (layout.nameColumn) cells.push(field(key === null || key === undefined ? '' : (layout.nameOf(key) ?? '')));
      for (const metric of layout.metricKeys) cells.push(cell(row[metric], layout.beautified));
      lines.push(cells.join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}
