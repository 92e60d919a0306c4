import { describe, expect, it } from 'vitest';
import type { MeasurementResult } from '../../../src/measure/result-model.js';
import type { OutputFormat } from '../../../src/measure/output-formats.js';
import { renderMeasurements } from '../../../src/measure/render/index.js';
import { csvField } from '../../../src/measure/render/csv.js';
import { markdownCell } from '../../../src/measure/render/markdown.js';
import { awkwardNames, noData, orgWhole, weeklyByTeam } from './fixtures.js';

/** Each case: a result, a format, and the exact text the user gets. */
const cases: { name: string; result: MeasurementResult; format: OutputFormat; expected: string }[] = [
  {
    name: 'table: dates both included, names next to ids, metrics by their human names, durations human, numbers right-aligned, no value a dash',
    result: weeklyByTeam(),
    format: 'table',
    expected: `From        To          Team id  Name      Cycle time, 75th percentile  Pull requests merged  Review depth (comments per pull request)  Merged pull request size, 75th percentile
----------  ----------  -------  --------  ---------------------------  --------------------  ----------------------------------------  -----------------------------------------
2026-09-07  2026-09-13       42  Payments                        2d 4h                    12                                      2.50                                    1,537.5
2026-09-07  2026-09-13        7  Platform                       3h 20m                     3                                      0.33                                         40
2026-09-14  2026-09-20       42  Payments                          45m                     1                                      1.00                                         12
2026-09-14  2026-09-20        7  Platform                            -                     0                                      0.00                                          -
`,
  },
  {
    name: 'table: no name column when no group has a name',
    result: orgWhole(),
    format: 'table',
    expected: `From        To          Organization id  Pull requests merged
----------  ----------  ---------------  --------------------
2026-06-01  2026-08-31                1                12,345
`,
  },
  {
    name: 'table: a group without a name leaves its name cell empty, the last column unpadded',
    result: awkwardNames(),
    format: 'table',
    expected: `From        To          Team id  Name                    Pull requests merged
----------  ----------  -------  ----------------------  --------------------
2026-09-07  2026-09-13       42  Pay|ments, "core"                          2
2026-09-07  2026-09-13       43  <b>Ops</b> & a\\b\\nnext                     1
2026-09-07  2026-09-13       44                                             0
`,
  },
  { name: 'table: no data', result: noData(), format: 'table', expected: 'No data for these filters.\n' },
  {
    name: 'csv: the export columns, values as the API gives them, null and absent empty',
    result: weeklyByTeam(),
    format: 'csv',
    expected: `after,before,team_id,team_name,branch.computed.cycle_time:p75,pr.merged,pr.review_depth,pr.merged.size:p75
2026-09-07,2026-09-14,42,Payments,3120,12,2.5,1537.5
2026-09-07,2026-09-14,7,Platform,200.25,3,0.333333,40
2026-09-14,2026-09-21,42,Payments,45,1,1,12
2026-09-14,2026-09-21,7,Platform,,0,0,
`,
  },
  {
    name: 'csv: RFC 4180 quoting of commas and quotes, a line break escaped; unknown name empty',
    result: awkwardNames(),
    format: 'csv',
    expected: `after,before,team_id,team_name,pr.merged
2026-09-07,2026-09-14,42,"Pay|ments, ""core""",2
2026-09-07,2026-09-14,43,<b>Ops</b> & a\\b\\nnext,1
2026-09-07,2026-09-14,44,,0
`,
  },
  {
    name: 'csv: no name column for a grouping without one',
    result: orgWhole(),
    format: 'csv',
    expected: 'after,before,organization_id,pr.merged\n2026-06-01,2026-09-01,1,12345\n',
  },
  { name: 'csv: no data is the header only', result: noData(), format: 'csv', expected: 'after,before,team_id,team_name,branch.computed.cycle_time:p75,pr.merged,pr.review_depth,pr.merged.size:p75\n' },
  {
    name: 'json: the API shape with each row named; null kept, a left-out key left out',
    result: weeklyByTeam(),
    format: 'json',
    expected: `[
  {
    "after": "2026-09-07",
    "before": "2026-09-14",
    "metrics": [
      {
        "team_id": 42,
        "team_name": "Payments",
        "branch.computed.cycle_time:p75": 3120,
        "pr.merged": 12,
        "pr.review_depth": 2.5,
        "pr.merged.size:p75": 1537.5
      },
      {
        "team_id": 7,
        "team_name": "Platform",
        "branch.computed.cycle_time:p75": 200.25,
        "pr.merged": 3,
        "pr.review_depth": 0.333333,
        "pr.merged.size:p75": 40
      }
    ]
  },
  {
    "after": "2026-09-14",
    "before": "2026-09-21",
    "metrics": [
      {
        "team_id": 42,
        "team_name": "Payments",
        "branch.computed.cycle_time:p75": 45,
        "pr.merged": 1,
        "pr.review_depth": 1,
        "pr.merged.size:p75": 12
      },
      {
        "team_id": 7,
        "team_name": "Platform",
        "branch.computed.cycle_time:p75": null,
        "pr.merged": 0,
        "pr.review_depth": 0
      }
    ]
  }
]
`,
  },
  {
    name: 'json: an empty bucket stays an element; an unknown name is null; "manual" stays a string',
    result: weeklyByTeam({
      groupBy: 'coding_assistant',
      groupKey: 'dev_tool_id',
      nameColumn: undefined,
      metrics: weeklyByTeam().metrics.slice(1, 2),
      elements: [
        { after: '2026-09-07', before: '2026-09-14', rows: [] },
        {
          after: '2026-09-14',
          before: '2026-09-21',
          rows: [
            { group: 3, name: 'Copilot', values: { 'pr.merged': 4 } },
            { group: 'manual', name: undefined, values: { 'pr.merged': 9 } },
          ],
        },
      ],
    }),
    format: 'json',
    expected: `[
  {
    "after": "2026-09-07",
    "before": "2026-09-14",
    "metrics": []
  },
  {
    "after": "2026-09-14",
    "before": "2026-09-21",
    "metrics": [
      {
        "dev_tool_id": 3,
        "name": "Copilot",
        "pr.merged": 4
      },
      {
        "dev_tool_id": "manual",
        "name": null,
        "pr.merged": 9
      }
    ]
  }
]
`,
  },
  { name: 'json: no data is an empty array', result: noData(), format: 'json', expected: '[]\n' },
  {
    name: 'markdown: a heading naming the metrics, the grouping and the window (never the report\'s slug), numeric columns right-aligned',
    result: weeklyByTeam(),
    format: 'markdown',
    expected: `### Cycle time (75th percentile), Pull requests merged and 2 more metrics by team: Sep 7 - 20, 2026, weekly

| From       | To         | Team id | Name     | Cycle time, 75th percentile | Pull requests merged | Review depth (comments per pull request) | Merged pull request size, 75th percentile |
| ---------- | ---------- | ------: | -------- | --------------------------: | -------------------: | ---------------------------------------: | ----------------------------------------: |
| 2026-09-07 | 2026-09-13 |      42 | Payments |                       2d 4h |                   12 |                                     2.50 |                                   1,537.5 |
| 2026-09-07 | 2026-09-13 |       7 | Platform |                      3h 20m |                    3 |                                     0.33 |                                        40 |
| 2026-09-14 | 2026-09-20 |      42 | Payments |                         45m |                    1 |                                     1.00 |                                        12 |
| 2026-09-14 | 2026-09-20 |       7 | Platform |                           - |                    0 |                                     0.00 |                                         - |
`,
  },
  {
    name: 'markdown: pipes, backslashes, HTML and line breaks in names cannot break the table',
    result: awkwardNames(),
    format: 'markdown',
    expected: `### Pull requests merged by team: Sep 7 - 20, 2026, weekly

| From       | To         | Team id | Name                           | Pull requests merged |
| ---------- | ---------- | ------: | ------------------------------ | -------------------: |
| 2026-09-07 | 2026-09-13 |      42 | Pay\\|ments, "core"             |                    2 |
| 2026-09-07 | 2026-09-13 |      43 | &lt;b>Ops&lt;/b> & a\\\\b\\\\nnext |                    1 |
| 2026-09-07 | 2026-09-13 |      44 |                                |                    0 |
`,
  },
  {
    name: 'markdown: no data is a sentence under the heading',
    result: noData({ report: undefined }),
    format: 'markdown',
    expected: '### Cycle time (75th percentile), Pull requests merged and 2 more metrics by team: Sep 7 - 20, 2026, weekly\n\nNo data for these filters.\n',
  },
];

describe('renderMeasurements: exact output of the text formats', () => {
  for (const c of cases) {
    it(c.name, async () => {
      expect(await renderMeasurements(c.result, c.format, { color: false })).toBe(c.expected);
    });
  }

  it('markdown takes a title and a generation time', async () => {
    const text = await renderMeasurements(orgWhole(), 'markdown', { color: false, title: 'Delivery | Q3', generatedAt: '2026-09-01T06:00:00Z' });
    expect(text).toBe(`### Delivery \\| Q3: by organization, Jun 1 - Aug 31, 2026, whole window

| From       | To         | Organization id | Pull requests merged |
| ---------- | ---------- | --------------: | -------------------: |
| 2026-06-01 | 2026-08-31 |               1 |               12,345 |

_Generated by emctl at 2026-09-01T06:00:00Z._
`);
  });

  it('a time range in progress is marked in table and markdown, never shown as final: by today, or stored before it ended', async () => {
    const result = weeklyByTeam({
      metrics: [weeklyByTeam().metrics[1]!],
      elements: [
        { after: '2026-09-07', before: '2026-09-14', rows: [{ group: 1, name: 'Core', values: { 'pr.merged': 5 } }] },
        { after: '2026-09-14', before: '2026-09-21', rows: [{ group: 1, name: 'Core', values: { 'pr.merged': 2 } }] },
      ],
    });
    // Wednesday Sep 16: the second week has not ended.
    expect(await renderMeasurements(result, 'table', { color: false, today: '2026-09-16' })).toBe(`From        To           Team id  Name  Pull requests merged
----------  -----------  -------  ----  --------------------
2026-09-07  2026-09-13         1  Core                     5
2026-09-14  2026-09-20*        1  Core                     2

* Sep 14 - 20 is still in progress: values are partial
`);
    const markdown = await renderMeasurements(result, 'markdown', { color: false, today: '2026-09-16', generatedAt: '2026-09-16T06:00:00Z' });
    expect(markdown).toContain('| 2026-09-14 | 2026-09-20\\* |');
    expect(markdown).toContain('\n\n_\\* Sep 14 - 20 is still in progress: values are partial_\n\n_Generated by emctl at 2026-09-16T06:00:00Z._\n');
    // Every week ended (Monday Sep 21): no mark, no note.
    const ended = await renderMeasurements(result, 'table', { color: false, today: '2026-09-21' });
    expect(ended).not.toContain('*');
    // Read back from a history that stored the week before it ended, whatever today is.
    result.elements[1]!.partialAt = '2026-09-16T06:00:00Z';
    expect(await renderMeasurements(result, 'table', { color: false, today: '2026-10-01' })).toContain('2026-09-20*');
    expect(await renderMeasurements(result, 'table', { color: false, today: '2026-10-01' })).toContain('* Sep 14 - 20 (fetched Sep 16, 2026 06:00 UTC) was stored before it ended: values are partial\n');
  });

  it('table: colour only when asked, headers bold and the rule dim, cells unpainted', async () => {
    const coloured = await renderMeasurements(orgWhole(), 'table', { color: true });
    const [header, rule, body] = coloured.split('\n');
    expect(header).toBe(['From      ', 'To        ', 'Organization id', 'Pull requests merged'].map((h) => `\u001b[1m${h}\u001b[22m`).join('  '));
    expect(rule).toBe(['----------', '----------', '---------------', '--------------------'].map((h) => `\u001b[2m${h}\u001b[22m`).join('  '));
    expect(body).toBe('2026-06-01  2026-08-31                1                12,345');
    expect(await renderMeasurements(orgWhole(), 'table', { color: false })).not.toContain('\u001b');
  });

  it('table: an escape sequence in a name cannot restyle the terminal', async () => {
    const result = weeklyByTeam({
      metrics: [weeklyByTeam().metrics[1]!],
      elements: [{ after: '2026-09-07', before: '2026-09-14', rows: [{ group: 1, name: '\u001b[31mred\u0007', values: { 'pr.merged': 1 } }] }],
    });
    expect(await renderMeasurements(result, 'table', { color: false })).toBe(`From        To          Team id  Name             Pull requests merged
----------  ----------  -------  ---------------  --------------------
2026-09-07  2026-09-13        1  \\x1b[31mred\\x07                     1
`);
  });
});

describe('markdownCell: a name is shown as written, never as Markdown', () => {
  it.each([
    ['*core* team', '\\*core\\* team'],
    ['_infra_', '\\_infra\\_'],
    ['team_id and cycle_time', 'team_id and cycle_time'], // inside a word: no emphasis, left readable
    ['[docs](https://evil.example)', '\\[docs\\](https&#8203;://evil.example)'],
    ['@everyone', '@&#8203;everyone'],
    ['`rm -rf`', '\\`rm -rf\\`'],
    ['~~old~~ new', '\\~\\~old\\~\\~ new'],
    ['a|b', 'a\\|b'],
    ['a\\b', 'a\\\\b'],
    ['<img src=x>', '&lt;img src=x>'],
    ['two\nlines', 'two lines'],
  ])('%j -> %j', (name, cell) => {
    expect(markdownCell(name)).toBe(cell);
  });
});

describe('csvField: formula injection (OWASP) and control characters', () => {
  it.each([
    ['Payments', 'Payments'],
    ['=1+1', "'=1+1"],
    ['+x', "'+x"],
    ['-x', "'-x"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['=HYPERLINK("a","b")', `"'=HYPERLINK(""a"",""b"")"`],
    ['-5', '-5'],
    ['+1.5e3', '+1.5e3'],
    ['-', "'-"],
    ['\tcmd', '\\tcmd'],
    ['\r=1', '\\r=1'],
    ['a\u001b[2Jb', 'a\\x1b[2Jb'],
    ['x, y', '"x, y"'],
  ])('%j -> %s', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it.each([
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['-5.5e3', "'-5.5e3"],
    ['Payments', 'Payments'],
    ['42', '42'],
  ])('a name %j is a text cell even when it reads as a number: %s (issue 31 item 10)', (input, expected) => {
    expect(csvField(input, 'text')).toBe(expected);
  });
});
