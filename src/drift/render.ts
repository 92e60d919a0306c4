// A drift report in the three output forms: the drift plan as src/render shows it
// (renderDriftText / renderDriftMarkdown / the plan JSON), with what drift.ignore hid and why, so
// hidden drift stays visible to whoever reads the report.

import { escapeControl, jsonWithBidiEscaped } from '../core/escape.js';
import type { Plan } from '../core/plan-model.js';
import { MARKERS } from '../render/entries.js';
import type { PlanFormat } from '../render/formats.js';
import { planJsonValue } from '../render/json.js';
import { DEFAULT_MAX_CHARS, escapeText, codeSpan } from '../render/markdown.js';
import { renderDriftMarkdown, renderDriftText } from '../render/results.js';
import type { Style } from '../render/style.js';
import type { IgnoredChange } from './ignore.js';
import type { DriftReport } from './report.js';

/** The ignored list gets at most this share of a Markdown comment; the drift itself comes first. */
const IGNORED_MARKDOWN_SHARE = 0.2;

export function renderDrift(report: DriftReport, format: PlanFormat, style: Style): string {
  switch (format) {
    case 'text': {
      const ignored = ignoredText(report.ignored, style);
      return renderDriftText(report.plan, style) + (ignored === '' ? '' : `\n${ignored}`);
    }
    case 'markdown': {
      const ignored = ignoredMarkdown(report.ignored, Math.floor(DEFAULT_MAX_CHARS * IGNORED_MARKDOWN_SHARE));
      return renderDriftMarkdown(report.plan, { maxChars: DEFAULT_MAX_CHARS - ignored.length }) + ignored;
    }
    case 'json':
      // The plan JSON (what apply would do to undo the drift), what changed in the service per
      // drifted object, and what the ignore rules hid.
      return jsonWithBidiEscaped(JSON.stringify({ ...planJsonValue(report.plan), drifted: driftedJson(report.plan), ignored: ignoredJson(report.ignored) }, null, 2)) + '\n';
  }
}

function why(item: IgnoredChange): string {
  return escapeControl(item.rule.until === undefined ? item.rule.reason : `${item.rule.reason} (until ${item.rule.until})`);
}

/** `Ignored by drift.ignore (2):` then `  ~ team[42].pm.tracker.boards: reason (until 2026-03-01)`. */
function ignoredText(ignored: readonly IgnoredChange[], style: Style): string {
  if (ignored.length === 0) return '';
  const lines = ignored.map((i) => `  ${style.dim(`${MARKERS[i.change.action]} ${escapeControl(i.change.address)}: ${why(i)}`)}`);
  return [style.bold(`Ignored by drift.ignore (${ignored.length}):`), ...lines].join('\n') + '\n';
}

/** A `### Ignored` list, cut to maxChars with a note of how many were left out. */
function ignoredMarkdown(ignored: readonly IgnoredChange[], maxChars: number): string {
  if (ignored.length === 0) return '';
  let out = `\n### Ignored by drift.ignore (${ignored.length})\n\n`;
  for (const [index, item] of ignored.entries()) {
    // The marker goes inside the code span: a bare `- ` or `+ ` after the bullet would start a nested list.
    const line = `- ${codeSpan(`${MARKERS[item.change.action]} ${escapeControl(item.change.address)}`)}: ${escapeText(why(item))}\n`;
    const rest = ignored.length - index;
    if (out.length + line.length + 80 > maxChars) {
      out += `- … and ${rest} more (run \`emctl drift\` to see all)\n`;
      break;
    }
    out += line;
  }
  return out;
}

/** The JSON form: one entry per hidden change. */
function ignoredJson(ignored: readonly IgnoredChange[]): { address: string; action: string; reason: string; until?: string; rule: string }[] {
  return ignored.map((i) => ({
    address: i.change.address,
    action: i.change.action,
    rule: i.rule.address,
    reason: i.rule.reason,
    ...(i.rule.until === undefined ? {} : { until: i.rule.until }),
  }));
}

/**
 * The JSON form of what changed in the service: per drifted object the value live and the one the
 * config wants (the plan's before and after, read the other way round), with names for ids where
 * the plan has them.
 */
function driftedJson(plan: Plan): { address: string; kind: string; live: unknown; desired: unknown; live_display?: unknown; desired_display?: unknown }[] {
  return plan.changes.map((c) => ({
    address: c.address,
    kind: c.kind,
    live: c.before ?? null,
    desired: c.after ?? null,
    ...(c.display?.before === undefined ? {} : { live_display: c.display.before }),
    ...(c.display?.after === undefined ? {} : { desired_display: c.display.after }),
  }));
}
