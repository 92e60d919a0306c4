// `emctl measurements` output: one MeasurementResult (src/measure/result-model.ts) to the text of
// one format. Every format is a pure function of the result (and of `today`, which the caller's
// clock gives). The formats that lay text out for people (table, markdown, chart, html) are
// loaded on first use, so csv, json and other commands never pay for their libraries
// (string-width, d3-scale, d3-shape).

import { escapeControl, escapeControlDeep } from '../../core/escape.js';
import { EmctlError } from '../../contract/errors.js';
import type { MeasurementResult } from '../result-model.js';
import type { RunOutput } from '../run.js';
import type { ChartThreshold } from './series.js';
import { renderMeasurementsCsv } from './csv.js';
import { renderMeasurementsJson } from './json.js';

export const MEASUREMENT_FORMATS = ['table', 'csv', 'json', 'markdown', 'chart', 'html'] as const;
export type MeasurementFormat = (typeof MEASUREMENT_FORMATS)[number];

export interface MeasurementRenderOptions {
  /** Paint the terminal formats (table, chart); the caller decides (TTY, NO_COLOR, --no-color). */
  color: boolean;
  /** Columns of the terminal for the chart format (default 80). */
  width?: number;
  /** The heading of the markdown, html and chart reports (default: their metrics and grouping, rows.ts reportTitle). */
  title?: string;
  /** When the report was made, shown in the markdown and html reports when given. */
  generatedAt?: string;
  /**
   * Today's UTC day (yyyy-mm-dd) by the caller's clock: a bucket whose `before` is after it is
   * drawn as in progress in the chart and html formats. None: no bucket is.
   */
  today?: string;
  /** Goals' thresholds on the report's metrics, drawn as labelled lines by the chart and html formats. */
  thresholds?: readonly ChartThreshold[];
}

/**
 * A run's output in `format`: the service's own export file as it came (--server-export), a result
 * rendered; a format this build of emctl lacks is an error.
 */
export async function renderRunOutput(output: RunOutput, format: string, options: MeasurementRenderOptions): Promise<string> {
  if (output.kind === 'file') return output.text;
  if (!(MEASUREMENT_FORMATS as readonly string[]).includes(format)) {
    throw new EmctlError('config', `the ${format} format is not available in this build of emctl (formats: ${MEASUREMENT_FORMATS.join(', ')})`);
  }
  return renderMeasurements(output.result, format as MeasurementFormat, options);
}

export async function renderMeasurements(
  data: MeasurementResult,
  format: MeasurementFormat,
  shownOptions: MeasurementRenderOptions,
): Promise<string> {
  // Names from the service and titles from the config are shown, never obeyed as terminal control
  // (DESIGN 8); JSON escapes them itself.
  const result = format === 'json' ? data : escapeControlDeep(data);
  const options = shownOptions.title === undefined ? shownOptions : { ...shownOptions, title: escapeControl(shownOptions.title) };
  switch (format) {
    case 'table':
      return (await import('./table.js')).renderMeasurementsTable(result, options);
    case 'csv':
      return renderMeasurementsCsv(result);
    case 'json':
      return renderMeasurementsJson(result);
    case 'markdown':
      return (await import('./markdown.js')).renderMeasurementsMarkdown(result, options);
    case 'chart':
      return (await import('./chart.js')).renderMeasurementsChart(result, options);
    case 'html':
      return (await import('./html.js')).renderMeasurementsHtml(result, options);
  }
}

