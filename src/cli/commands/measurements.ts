// `emctl measurements` (DESIGN.md §6.1): registration only. The command's code, the measure room
// and the renderers (d3-scale and d3-shape for html) load when the command runs, so the
// start-up of `emctl --help` and of every other command does not pay for them.

import type { Command } from 'commander';
import type { MeasurementsOptions } from '../../measure/flags.js';
import { formatNouns, formatsForHelp } from '../../measure/output-formats.js';
import type { CommandContext } from '../context.js';


function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

const HELP = `
A request comes from flags, or from the config's reports: (REPORT names, or --all).
Lists take repeated flags or commas: --metric pr.merged,releases.count --team 42 --team Payments.
Teams are named by id, by the config's teams: <id>: name:, or by the service's own team names;
--team all is every team the service lists. Repositories by name or id.
--last N{d,w,mo} ends with today (UTC): whole ISO weeks with --roll-up 1w, calendar months with
1mo (the current one last, in progress); with no window: the last 30 days.
Data goes to stdout (or --out FILE, written atomically); notices go to stderr.
Exit codes: 0 success (also "no data for these filters"), 1 error.

Examples:
  emctl measurements --metric branch.computed.cycle_time:p75,pr.merged --last 90d
  emctl measurements --metric pr.merged --group-by team --team managed --roll-up 1w --last 12w --format chart
  emctl measurements --metric pr.merged,releases.count --group-by repository --last 4w --format csv --out weekly.csv
  emctl measurements weekly-delivery            one report of the config, to its out: or stdout
  emctl measurements weekly-delivery --format table   preview it on stdout (its out: is left alone)
  emctl measurements --all                      every report of the config
  emctl measurements --metric pr.merged --last 30d --server-export --format json   the service's own export file
  emctl measurements --metric pr.merged --group-by team --team managed --roll-up 1w --last 13w --out sqlite:history.db
  emctl measurements --from sqlite:history.db --metric pr.merged --format html --out history.html   stored history, no API call`;

export function registerMeasurementsCommand(program: Command, ctx: CommandContext): void {
  program
    .command('measurements')
    .description(`export the service's engineering metrics (from flags or the config's reports) as ${formatNouns()}`)
    .argument('[report...]', "reports of the config's reports: to run")
    .option('-c, --config <path>', 'config file or directory: reports, and team names (default ./emctl.yaml when it exists)')
    .option('--all', "run every report of the config's reports:")
    .option('--metric <name[:agg]>', 'a metric, e.g. branch.computed.cycle_time:p75 or pr.merged (repeatable, comma-separated)', collect)
    .option('--after <date>', 'first day of the window (yyyy-mm-dd)')
    .option('--before <date>', 'day after the window (yyyy-mm-dd, exclusive)')
    .option('--last <window>', 'a window ending with today: N days, weeks or months (90d, 12w, 6mo), whole weeks/months with --roll-up 1w/1mo')
    .option('--roll-up <bucket>', '1d, 1w, 1mo or custom (default: the whole window)')
    .option('--group-by <dimension>', 'organization (default), team, repository, contributor, coding_assistant, ai_review, agentic_pr')
    .option('--team <id|name>', 'team id or name (the config\'s, then the service\'s), managed or all (repeatable, comma-separated)', collect)
    .option('--repository <name|id>', 'repository name or id (repeatable, comma-separated)', collect)
    .option('--contributor <id>', 'contributor id (repeatable, comma-separated)', collect)
    .option('--service <id>', 'service id (repeatable, comma-separated)', collect)
    .option('--label <label>', 'keep pull requests with this label (repeatable; at most 3)', collect)
    .option('--with-children', "a team's values include its direct child teams' contributors (the API's with_direct_children)")
    .option('--order-by <name[:agg]>', 'order the groups by this requested metric')
    .option('--desc', 'order descending')
    .option('--limit <n>', 'keep at most N groups per time range')
    .option('--format <format>', `${formatsForHelp()}; default from --out's extension`)
    .option('--title <text>', 'the heading of the html, markdown and chart output (default: the metrics and the grouping)')
    .option('--out <file>', 'write to this file instead of stdout; sqlite:PATH or postgres://USER@HOST/DB: upsert into that database')
    .option('--from <store>', 'render stored history from sqlite:PATH or postgres://... (no API call, no key); the request flags select')
    .option('--server-export', "the service's export (endpoint 17): its csv or json file, downloaded")
    .option('--api <version>', 'v2 (default), or v1: the deprecated asynchronous API, polled until the report is ready', 'v2')
    .addHelpText('after', HELP)
    .action(async (reports: string[], opts: MeasurementsOptions, command: Command) => {
      const { measureWorkflow } = await import('../../workflows/measure.js');
      await measureWorkflow({ globals: ctx.globals(command) }, ctx.io, reports, opts);
    });
}
