// Names in any script line up in the padded formats: a CJK ideograph or an emoji takes two terminal
// columns, a combining accent none (src/measure/render/width.ts, string-width's count).

import { describe, expect, it } from 'vitest';
import type { MeasurementResult } from '../../src/measure/result-model.js';
import { renderMeasurements } from '../../src/measure/render/index.js';
import { displayWidth, padTo } from '../../src/measure/render/width.js';

describe('displayWidth', () => {
  it.each<[string, number]>([
    ['Payments', 8],
    ['決済', 2 + 2],
    ['결제팀', 2 + 2 + 2],
    ['Cafe\u0301', 4],
    ['🚀 Rocket', 2 + 1 + 6],
    ['ＡＢ', 2 + 2],
    ['a\u200bb', 2],
    ['👨\u200d👩\u200d👧 family', 2 + 1 + 6], // joined by zero-width joiners: one symbol
    ['👍🏽 ok', 2 + 1 + 2], // a skin-tone modifier is drawn into the emoji
    ['❤\ufe0f', 2], // a variation selector asks for the emoji, drawn two columns wide
    ['☕ ⚡ ✅', 2 + 1 + 2 + 1 + 2], // emoji of the older symbol blocks: two columns each
    ['\u001b[31mred\u001b[39m', 3], // an escape sequence draws nothing
    ['', 0],
  ])('%s is %i columns', (text, width) => {
    expect(displayWidth(text)).toBe(width);
  });

  it('padTo pads by columns, on either side', () => {
    expect(padTo('決済', 6)).toBe('決済  ');
    expect(padTo('7', 3, true)).toBe('  7');
  });
});

const result: MeasurementResult = {
  report: undefined,
  metrics: [{ name: 'pr.merged', agg: undefined, key: 'pr.merged', unit: 'count' }],
  groupBy: 'team',
  groupKey: 'team_id',
  nameColumn: 'team_name',
  rollUp: 'custom',
  after: '2026-09-01',
  before: '2026-10-01',
  elements: [
    {
      after: '2026-09-01',
      before: '2026-10-01',
      rows: [
        { group: 1, name: '決済チーム', values: { 'pr.merged': 12 } },
        { group: 2, name: 'Cafe\u0301', values: { 'pr.merged': 3 } },
        { group: 3, name: '🚀 Rocket', values: { 'pr.merged': 140 } },
      ],
    },
  ],
  noData: false,
};

/** Display column where each line's last cell ends (numbers are right-aligned there). */
const ends = (lines: string[]) => lines.map(displayWidth);

describe('aligned columns with wide names', () => {
  it('table: every line ends in the same column', async () => {
    const lines = (await renderMeasurements(result, 'table', { color: false })).trimEnd().split('\n');
    expect(new Set(ends(lines)).size).toBe(1);
    expect(lines[2]).toBe('2026-09-01  2026-09-30        1  決済チーム                    12');
  });

  it('markdown: every row of the source ends in the same column', async () => {
    const lines = (await renderMeasurements(result, 'markdown', { color: false })).split('\n').filter((l) => l.startsWith('|'));
    expect(new Set(ends(lines)).size).toBe(1);
  });
});
