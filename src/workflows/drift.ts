// `emctl drift`: does live state still match the config? The same read and diff as `emctl plan`
// (planAgainstLive), through a client that has no write methods, so drift cannot write even by
// mistake. drift.ignore rules hide accepted drift, shown in an "ignored" section; expired rules warn.

import { readOnly } from '../api/read-only-client.js';
import { localToday } from '../drift/ignore.js';
import { driftedJson, ignoredJson, ignoredMarkdown, ignoredText } from '../drift/render.js';
import { driftReport, type DriftReport } from '../drift/report.js';
import type { PlanFormat } from '../render/formats.js';
import { renderPlanJson } from '../render/json.js';
import { DEFAULT_MAX_CHARS } from '../render/markdown.js';
import { renderDriftMarkdown, renderDriftText } from '../render/results.js';
import type { Style } from '../render/style.js';
import { nowOf, type WorkflowIO } from './io.js';
import type { Dependencies } from './options.js';
import { planFromConfig } from './plan-output.js';
import { refusalError, reportMessages, styleFor } from './plan-render.js';

export interface DriftRequest {
  config?: string;
  format: PlanFormat;
}

export interface DriftResult {
  drifted: boolean;
}

/** The ignored list gets at most this share of a Markdown comment; the drift itself comes first. */
const IGNORED_MARKDOWN_SHARE = 0.2;

function renderDrift(report: DriftReport, format: PlanFormat, style: Style): string {
  switch (format) {
    case 'text': {
      const ignored = ignoredText(report.ignored, style);
      return renderDriftText(report.plan, style) + (ignored === '' ? '' : `\n${ignored}`);
    }
    case 'markdown': {
      const ignored = ignoredMarkdown(report.ignored, Math.floor(DEFAULT_MAX_CHARS * IGNORED_MARKDOWN_SHARE));
      return renderDriftMarkdown(report.plan, { maxChars: DEFAULT_MAX_CHARS - ignored.length }) + ignored;
    }
    case 'json': {
      // The plan JSON (what apply would do to undo the drift), what changed in the service per
      // drifted object, and what the ignore rules hid.
      const plan = JSON.parse(renderPlanJson(report.plan)) as Record<string, unknown>;
      return JSON.stringify({ ...plan, drifted: driftedJson(report.plan), ignored: ignoredJson(report.ignored) }, null, 2) + '\n';
    }
  }
}

export async function driftWorkflow(deps: Dependencies, io: WorkflowIO, request: DriftRequest): Promise<DriftResult> {
  // Every read goes through readOnly: drift is built through a client with no write method.
  const { plan, config, globals } = await planFromConfig(deps, io, request.config, { wrapClient: readOnly });
  const report = driftReport(plan, config.drift.ignore, localToday(nowOf(io)));
  io.stdout.write(renderDrift(report, request.format, styleFor(io, globals)));
  reportMessages(io, report.plan, request.format);
  if (report.plan.errors.length > 0) throw refusalError(report.plan);
  return { drifted: report.plan.changes.length > 0 };
}
