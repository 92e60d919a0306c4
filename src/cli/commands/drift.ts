// `emctl drift`: does live state still match the config? The same read and diff as `emctl plan`
// (planAgainstLive), through a client that has no write methods, so drift cannot write even by
// mistake. Exit 0 in sync, 2 on drift, 1 on error (including changes the service would refuse).
// drift.ignore rules hide accepted drift, shown in an "ignored" section; expired rules warn.

import { Option, type Command } from 'commander';
import { DEFAULT_MAX_CHARS } from '../../render/markdown.js';
import { renderPlanJson } from '../../render/json.js';
import { renderDriftMarkdown, renderDriftText } from '../../render/results.js';
import { localToday } from '../../drift/ignore.js';
import { readOnly } from '../../api/read-only-client.js';
import { driftedJson, ignoredJson, ignoredMarkdown, ignoredText } from '../../drift/render.js';
import { driftReport, type DriftReport } from '../../drift/report.js';
import type { Style } from '../../render/style.js';
import { EXIT_CHANGES, EXIT_OK } from '../exit.js';
import type { CommandContext } from '../main.js';
import { PLAN_FORMATS, planFromConfig, refusalError, reportMessages, styleFor, type PlanFormat } from '../plan-output.js';

interface DriftOptions {
  config?: string;
  format: PlanFormat;
}

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
    case 'json': {
      // The plan JSON (what apply would do to undo the drift), what changed in the service per
      // drifted object, and what the ignore rules hid.
      const plan = JSON.parse(renderPlanJson(report.plan)) as Record<string, unknown>;
      return JSON.stringify({ ...plan, drifted: driftedJson(report.plan), ignored: ignoredJson(report.ignored) }, null, 2) + '\n';
    }
  }
}

export function registerDriftCommand(program: Command, ctx: CommandContext): void {
  program
    .command('drift')
    .description('compare live state with the config, read-only: exit 0 in sync, 2 on drift, 1 on error')
    .option('-c, --config <path>', 'config file, or a directory of *.yaml files (default ./emctl.yaml)')
    .addOption(new Option('--format <format>', 'output format').choices(PLAN_FORMATS).default('text'))
    .addHelpText(
      'after',
      `
Examples:
  emctl drift                          is ./emctl.yaml still the truth?
  emctl drift --format markdown > drift.md   a report for an issue or a chat message

Accepted drift is hidden with drift.ignore rules in the config (address, reason, optional until).`,
    )
    .action(async (opts: DriftOptions, command: Command) => {
      const { io } = ctx;
      // Every read goes through readOnly: drift is built through a client with no write method.
      const { plan, config, globals } = await planFromConfig(ctx, command, opts.config, { wrapClient: readOnly });
      const report = driftReport(plan, config.drift.ignore, localToday());
      io.stdout.write(renderDrift(report, opts.format, styleFor(io, globals)));
      reportMessages(io, report.plan, opts.format);
      if (report.plan.errors.length > 0) throw refusalError(report.plan);
      ctx.exit(report.plan.changes.length > 0 ? EXIT_CHANGES : EXIT_OK);
    });
}
