import { Type } from '@sinclair/typebox';
import { anyOf, closed, constant, def, multi, ref, values } from './kit.js';

export const reportRef = def('reportRef', multi(['integer', 'string'] as const, { title: 'an id or a name', minimum: 1, minLength: 1 }));

export const reportId = def('reportId', Type.Integer({ title: 'an id (an integer >= 1)', minimum: 1 }));

/** `teams:` of a report or a goal: ids or names, `managed` or `all`; `use` says what they do there. */
function teamsSelection(use: string) {
  return Type.Optional(
    anyOf([constant('managed'), constant('all'), Type.Array(ref(reportRef), { minItems: 1 })], {
      description: `Teams by id or by name (the \`name:\` this config gives them first, then the service's own names), \`managed\` (every team this config writes) or \`all\` (every team the service lists, but its own All Teams and All Contributors). ${use}`,
      title: 'a list of team ids or names, `managed` or `all`',
    }),
  );
}

export const report = def(
  'report',
  closed(
    {
      metrics: Type.Array(
        Type.String({
          title: 'a metric NAME or NAME:AGG',
          minLength: 1,
          examples: ['branch.computed.cycle_time:p75', 'branch.time_to_review:p50', 'pr.merged', 'pr.new', 'releases.count'],
        }),
        {
          description:
            "Metrics to compute, each `NAME` or `NAME:AGG` (AGG one of p50, p75, p90, avg where the metric takes one), e.g. `branch.computed.cycle_time:p75`, `pr.merged`. Names come from the API's v2 metric table; `branch.stage.time_to_<stage>` names a custom stage.",
          minItems: 1,
        },
      ),
      group_by: Type.Optional(
        values(['organization', 'team', 'repository', 'contributor', 'coding_assistant', 'ai_review', 'agentic_pr'] as const, {
          description:
            'One row per organization (default), team, repository, contributor, or AI tool of a workflow type (coding_assistant, ai_review, agentic_pr; `manual` = no tool).',
        }),
      ),
      roll_up: Type.Optional(
        values(['1d', '1w', '1mo', 'custom'] as const, {
          description:
            'Buckets of the window: 1d, 1w (7 days from `after`; ISO weeks, Monday to Monday, with `last`), 1mo (a calendar month from `after`; calendar months with `last`), or custom (default: the whole window as one).',
        }),
      ),
      last: Type.Optional(
        Type.String({
          description:
            'A window ending with today (UTC), e.g. 90d, 12w, 6mo: with roll_up 1w whole ISO weeks (12w = this week and the 11 before it), with 1mo whole calendar months, else N days, weeks or calendar months ending tomorrow. Not with after/before. With none of last, after, before: the last 30 days.',
          pattern: '^[1-9][0-9]{0,3}(d|w|mo)$',
        }),
      ),
      after: Type.Optional(
        Type.String({ description: 'First day of the window (yyyy-mm-dd, from 00:00 UTC); with `before`.', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }),
      ),
      before: Type.Optional(
        Type.String({ description: 'Day after the window (yyyy-mm-dd, exclusive, 00:00 UTC); with `after`.', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }),
      ),
      teams: teamsSelection('Grouping by team splits them into calls of 50; as a filter at most 50.'),
      repositories: Type.Optional(
        Type.Array(ref(reportRef), {
          description: 'Repositories by name or id. Grouping by repository with none given takes every monitored repository; as a filter at most 50.',
          minItems: 1,
        }),
      ),
      contributors: Type.Optional(
        Type.Array(ref(reportId), {
          description: "Contributor ids (their names in outputs come from the service's contributor list). As a filter at most 50.",
          minItems: 1,
        }),
      ),
      services: Type.Optional(Type.Array(ref(reportId), { description: 'Service ids to filter by (at most 50).', minItems: 1 })),
      labels: Type.Optional(
        Type.Array(Type.String({ minLength: 1 }), { description: 'Keep pull requests carrying any of these labels (at most 3).', minItems: 1, maxItems: 3 }),
      ),
      with_children: Type.Optional(
        Type.Boolean({
          description:
            "The API's with_direct_children: each team's values also count its direct child teams' contributors (a parent team's roll-up). Needs teams: group_by team, or a teams filter.",
        }),
      ),
      order_by: Type.Optional(
        Type.String({
          description: 'Order the groups of each time range by this metric, written as in `metrics` (NAME or NAME:AGG); groups with no value come last.',
          minLength: 1,
        }),
      ),
      order_dir: Type.Optional(values(['asc', 'desc'] as const, { description: 'asc (default) or desc; needs order_by.' })),
      limit: Type.Optional(Type.Integer({ description: 'Keep at most this many groups per time range (after ordering).', minimum: 1 })),
      format: Type.Optional(
        values(['table', 'csv', 'json', 'markdown', 'chart', 'html'] as const, {
          description:
            "Output format: table, csv, json, markdown, chart or html. Default: the one `out`'s extension implies (.csv, .json, .md, .html), else table.",
        }),
      ),
      out: Type.Optional(
        Type.String({
          description: "File to write (atomically), relative to the config's directory; missing directories are created. Without it the report goes to stdout.",
          minLength: 1,
        }),
      ),
      title: Type.Optional(
        Type.String({
          description:
            'The heading of the html page, the markdown table and the chart (default: the metrics and the grouping, e.g. "Cycle time (75th percentile) and Pull requests merged by team").',
          minLength: 1,
          maxLength: 200,
        }),
      ),
    },
    {
      title:
        'a report { metrics, group_by?, roll_up?, last? | after? + before?, teams?, repositories?, contributors?, services?, labels?, with_children?, order_by?, order_dir?, limit?, format?, out?, title? }',
      description: 'A measurements request (endpoint 16 of the API), the same as `emctl measurements` flags.',
    },
  ),
);

export const goal = def(
  'goal',
  closed(
    {
      metric: Type.String({
        description:
          'The metric, `NAME` or `NAME:AGG` as in a report (AGG one of p50, p75, p90, avg where the metric takes one), e.g. `branch.time_to_review:p75`, `pr.merged`.',
        title: 'a metric NAME or NAME:AGG',
        minLength: 1,
        examples: ['branch.time_to_review:p75', 'branch.computed.cycle_time:p75', 'pr.merged'],
      }),
      at_most: Type.Optional(
        multi(['number', 'string'] as const, {
          description:
            'Met when the value is at or under this. A duration metric takes a duration (`90m`, `12h`, `1d`, `2d 4h`); counts, lines and ratios take a number. Not with at_least.',
          examples: ['1d', '2d 4h', 12],
        }),
      ),
      at_least: Type.Optional(
        multi(['number', 'string'] as const, {
          description:
            'Met when the value is at or over this. A duration metric takes a duration (`90m`, `12h`, `1d`, `2d 4h`); counts, lines and ratios take a number. Not with at_most.',
          examples: [5, 0.8, '4h'],
        }),
      ),
      group_by: Type.Optional(
        values(['organization', 'team', 'repository'] as const, { description: 'Judged per organization (default), per team or per repository.' }),
      ),
      teams: teamsSelection('Needed with group_by team; otherwise a filter of at most 50.'),
      repositories: Type.Optional(
        Type.Array(ref(reportRef), {
          description: 'Repositories by name or id. Grouping by repository with none given judges every monitored repository; as a filter at most 50.',
          minItems: 1,
        }),
      ),
      roll_up: Type.Optional(
        values(['1w', '1mo', '1d'] as const, {
          description: 'The bucket a goal is judged on: 1w (default: ISO weeks, Monday to Monday), 1mo (calendar months) or 1d (UTC days).',
        }),
      ),
      last: Type.Optional(
        Type.String({
          description:
            'The history shown beside the verdict, ending with the judged bucket: N weeks, months or days (default 8 buckets of the roll-up: 8w, 8mo or 8d).',
          pattern: '^[0-9]{1,4}(d|w|mo)$',
        }),
      ),
    },
    {
      title: 'a goal { metric, at_most | at_least, group_by?, teams?, repositories?, roll_up?, last? }',
      description: 'A threshold on one metric, judged per group on the latest complete bucket of its roll-up; the bucket in progress is shown, never judged.',
    },
  ),
);
