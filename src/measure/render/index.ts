// `emctl measurements` output: one MeasurementResult (src/measure/result-model.ts) to the text of
// one format. Every format is a pure function of the result (and of `today`, which the caller's
// clock gives). The formats that lay text out for people (table, markdown, chart, html) are
// loaded on first use, so csv, json and other commands never pay for their libraries
// (string-width, d3-scale, d3-shape).

import { escapeControl, escapeControlDeep } from '../../core/escape.js';
import type { OutputFormat } from '../output-formats.js';
import type { MeasurementResult, RunOutput } from '../result-model.js';
import type { ChartThreshold } from './series.js';
import { renderMeasurementsCsv } from './csv.js';
import { renderMeasurementsJson } from './json.js';

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

type Renderer = (result: MeasurementResult, options: MeasurementRenderOptions) => string | Promise<string>;

/** The renderer of every format of the registry (output-formats.ts): a format without one does not compile. */
const RENDERERS: Record<OutputFormat, Renderer> = {
  table: async (result, options) => (await import('./table.js')).renderMeasurementsTable(result, options),
  csv: (result) => renderMeasurementsCsv(result),
  json: (result) => renderMeasurementsJson(result),
  markdown: async (result, options) => (await import('./markdown.js')).renderMeasurementsMarkdown(result, options),
  chart: async (result, options) => (await import('./chart.js')).renderMeasurementsChart(result, options),
  html: async (result, options) => (await import('./html.js')).renderMeasurementsHtml(result, options),
};

/** A run's output in `format`: the service's own export file as it came (--server-export), a result rendered. */
export async function renderRunOutput(output: RunOutput, format: OutputFormat, options: MeasurementRenderOptions): Promise<string> {
  if (output.kind === 'file') return output.text;
  return renderMeasurements(output.result, format, options);
}

export async function renderMeasurements(data: MeasurementResult, format: OutputFormat, shownOptions: MeasurementRenderOptions): Promise<string> {
  // Names from the service and titles from the config are shown, never obeyed as terminal control
  // (DESIGN 8); JSON escapes them itself.
  const result = format === 'json' ? data : escapeControlDeep(data);
  const options = shownOptions.title === undefined ? shownOptions : { ...shownOptions, title: escapeControl(shownOptions.title) };
  return RENDERERS[format](result, options);
}
