// Text from the service is data, not terminal control or a spreadsheet formula (DESIGN 8, issue
// 18 items 3 and 5): an organization whose names carry ESC, BEL and C1 sequences and formulas is
// planned (text with and without colour, Markdown), exported (YAML comments and values) and
// measured (CSV, table, Markdown, HTML). No output holds a control character the renderer did not
// put there itself, and every CSV text cell a spreadsheet would run is defused.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { runEmctl } from '../helpers/cli.js';
import { acmeFixture, against, startTestEmulator, tempDir } from '../helpers/emulator.js';

const ROOT = join(import.meta.dirname, '../..');
const TITLE = 'Pay\u001b]0;pwned\u0007ments'; // retitles the terminal
const CLEAR = 'Growth\u001b[2J\u009b3J experiments'; // clears the screen, also by 8-bit CSI
const FORMULA = '=HYPERLINK("http://evil.example","click")';
const REPO = 'acme/se\u001b]0;pwned\u0007arch';

/** Control characters left once the SGR colour codes a renderer adds are taken out (tab and newline are layout). */
function strayControls(text: string): string[] {
  return [...text.replace(/\u001b\[[0-9;]*m/g, '').matchAll(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g)].map((m) => JSON.stringify(m[0]));
}

let emulator: RunningEmulator;
let dir = '';

beforeAll(async () => {
  const fixture = await acmeFixture();
  const teams = fixture.teams as { id: number; name: string }[];
  for (const team of teams) {
    if (team.id === 42) team.name = TITLE;
    if (team.id === 43) team.name = FORMULA;
    if (team.id === 44) team.name = '@SUM(A1:A9)';
    if (team.id === 45) team.name = '+1';
    if (team.id === 46) team.name = '-2';
  }
  const tracker = (fixture.integrations as { id: number; entities?: { boards?: { entity_provider_id: string; name: string }[] } }[]).find((i) => i.id === 10);
  for (const board of tracker?.entities?.boards ?? []) if (board.entity_provider_id === '105') board.name = CLEAR;
  for (const repo of fixture.repositories as { id: number; name: string }[]) {
    if (repo.id === 1207) repo.name = REPO;
    if (repo.id === 1212) repo.name = FORMULA;
  }
  emulator = await startTestEmulator(fixture);
  dir = await tempDir('emctl-escapes-');
});
afterAll(async () => {
  await emulator.close();
});

async function emctl(args: string[], options: { tty?: boolean; color?: boolean } = {}) {
  const a = against(emulator);
  const env = { ...a.env, ...(options.color ? { NO_COLOR: undefined } : {}) };
  return runEmctl([...a.args, ...args], { env, cwd: dir, tty: options.tty ?? false });
}

describe('names holding terminal control', () => {
  const config = join(ROOT, 'examples/acme/emctl.yaml');

  it.each([
    ['plan, text without colour', ['plan', '-c', config], false],
    ['plan, text with colour', ['plan', '-c', config], true],
    ['plan, Markdown', ['plan', '-c', config, '--format', 'markdown'], false],
  ] as const)('%s: shown escaped, never raw', async (_name, args, color) => {
    const format = args.includes('markdown') ? 'markdown' : 'text';
    const r = await emctl([...args], { tty: color, color });
    expect(r.code, r.stderr).toBe(0);
    if (color) expect(r.stdout).toMatch(/\u001b\[[0-9;]*m/); // coloured indeed
    // Markdown writes each backslash of the escape twice, so it shows as one.
    const shown = format === 'markdown' ? r.stdout.replace(/\\([\\|*[\]`~_])/g, '$1') : r.stdout;
    // Team 42 is keyed Payments in the example: its name is renamed back, the old name shown as a
    // quoted value in text (so each backslash of the escape is written twice, as JSON writes one).
    if (format === 'text') expect(shown).toContain('"Pay\\\\x1b]0;pwned\\\\x07ments"');
    else expect(shown + r.stderr).toContain('Pay\\x1b]0;pwned\\x07ments');
    expect(shown).toContain('Growth\\x1b[2J\\x9b3J experiments');
    expect(strayControls(r.stdout + r.stderr)).toEqual([]);
  });

  it('export: YAML comments escaped, values kept exactly (as YAML escapes)', async () => {
    const out = join(dir, 'exported.yaml');
    const r = await emctl(['export', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    // The team is keyed by its name: YAML's own escapes, so the name is kept exactly.
    expect(text).toContain('  "Pay\\e]0;pwned\\aments":\n    id: 42\n');
    expect(strayControls(text)).toEqual([]);
  });

  const MEASURE = ['measurements', '--metric', 'pr.merged', '--group-by', 'repository', '--repository', '1201,1207,1212', '--last', '180d'];

  it.each(['table', 'markdown', 'html', 'csv'])('measurements --format %s: names escaped', async (format) => {
    const r = await emctl([...MEASURE, '--format', format]);
    expect(r.code, r.stderr).toBe(0);
    const shown = format === 'markdown' ? r.stdout.replace(/\\([\\|*[\]`~_])/g, '$1') : r.stdout;
    expect(shown).toContain('acme/se\\x1b]0;pwned\\x07arch');
    expect(strayControls(r.stdout + r.stderr)).toEqual([]);
  });

  it('measurements --format csv: formulas defused with a leading quote, numbers left as numbers', async () => {
    const r = await emctl([...MEASURE, '--format', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.some((l) => l.includes(`,"'=HYPERLINK(""http://evil.example"",""click"")",`))).toBe(true);
    expect(r.stdout).not.toMatch(/(^|,)"?[=@]/m);
    // Every value cell is a bare number (or empty): none was prefixed.
    for (const line of lines.slice(1)) expect(line.split(',').at(-1)).toMatch(/^\d*$/);
  });

  it('measurements --format csv: a team named +1 or -2 is a text cell, its values stay numbers (issue 31 item 10)', async () => {
    const r = await emctl(['measurements', '--metric', 'pr.merged', '--group-by', 'team', '--team', '45,46', '--last', '180d', '--format', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trim().split('\n').slice(1).map((line) => line.split(','));
    expect(new Set(rows.map((cells) => cells[3]))).toEqual(new Set(["'+1", "'-2"]));
    for (const cells of rows) expect(cells[4]).toMatch(/^\d*$/);
  });
});
